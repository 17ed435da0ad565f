import { Avatar, Box, Chip, Stack, Typography } from '@mui/material';
import { firstOf, formatDate, moreLabel } from '../../../components/lists/cardRules';
import { ChipRow, CountriesLine, IconLine, LinkCard } from '../../../components/lists/cardParts';
import { ScheduleIcon } from '../../../components/lists/listIcons';
import type { Job } from '../api/types';
import BookmarkButton from './BookmarkButton';
import {
  applicationLabel,
  CARD_SKILLS,
  isExpired,
  jobLocationLabel,
  jobPath,
  jobStatusLabel,
  jobTypeLabel,
  visibleCloseDate,
} from '../jobRules';

interface Props {
  job: Job;
  /** 2 on the board, 4 where there is room. */
  maxCountries?: 2 | 4;
}

const STATUS_COLOURS = { Applied: 'info', Accepted: 'success', Rejected: 'default' } as const;

/**
 * A job in a list (spec 001 §5 "Card display rules", §4): the first 4 skills then '+N more',
 * the first 2 or 4 countries, '(Expired)' after the close date and the close date only before
 * it, the caller's application (Applied, Accepted, Rejected), Draft for its administrators, and
 * the favourite (bookmark) toggle.
 */
export default function JobCard({ job, maxCountries = 2 }: Props) {
  const skills = firstOf(job.skills_detailed, CARD_SKILLS);
  const countries = firstOf(job.countries, maxCountries);
  const expired = isExpired(job);
  const closes = visibleCloseDate(job);
  const application = applicationLabel(job.status);
  const facts = [jobTypeLabel(job.job_type), jobLocationLabel(job.job_location)].filter(Boolean).join(' · ');

  return (
    <LinkCard to={jobPath(job)} corner={<BookmarkButton job={job} size="small" />}>
      <Stack spacing={1.25} sx={{ p: 2, flexGrow: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', pr: 4 }}>
          <Avatar src={job.group.image ?? undefined} alt="" variant="rounded" sx={{ width: 40, height: 40, bgcolor: 'primary.light' }}>
            {job.group.name.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
              {job.title}
              {expired && (
                <Typography component="span" color="error" sx={{ fontWeight: 600, ml: 0.5 }}>
                  (Expired)
                </Typography>
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {job.group.name}
            </Typography>
          </Box>
        </Stack>
        {(application || job.is_administrator) && (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
            {application && <Chip size="small" color={STATUS_COLOURS[application as keyof typeof STATUS_COLOURS]} label={application} />}
            {job.is_administrator && <Chip size="small" variant="outlined" label={jobStatusLabel(job.job_status)} />}
          </Stack>
        )}
        {facts && (
          <Typography variant="body2" color="text.secondary">
            {facts}
          </Typography>
        )}
        <ChipRow label="Skills" items={skills.items} more={moreLabel(skills.more)} />
        <CountriesLine items={countries.items} more={moreLabel(countries.more)} />
        <Box sx={{ flexGrow: 1 }} />
        {closes && (
          <IconLine icon={<ScheduleIcon fontSize="small" color="action" />}>Apply by {formatDate(closes)}</IconLine>
        )}
      </Stack>
    </LinkCard>
  );
}
