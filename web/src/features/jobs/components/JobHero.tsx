import { Avatar, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../components/lists/cardRules';
import { ScheduleIcon } from '../../../components/lists/listIcons';
import type { Job } from '../api/types';
import { isExpired, jobLocationLabel, jobStatusLabel, jobTypeLabel, visibleCloseDate } from '../jobRules';
import ApplyControl from './ApplyControl';
import BookmarkButton from './BookmarkButton';
import JobAdminActions from './JobAdminActions';

/** The job's heading (spec 001 §2 "Job pages"): title, organization, type and place, dates, Apply, the favourite toggle, and the administrators' actions. */
export default function JobHero({ job, signedIn }: { job: Job; signedIn: boolean }) {
  const admin = signedIn && job.is_administrator;
  const closes = visibleCloseDate(job);
  const opens = formatDate(job.application_open_date);
  const facts = [jobTypeLabel(job.job_type), jobLocationLabel(job.job_location), job.address].filter(Boolean);
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: { xs: 2, md: 3 } }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={job.group.image ?? undefined} alt="" variant="rounded" sx={{ width: 56, height: 56, bgcolor: 'primary.light' }}>
            {job.group.name.slice(0, 1)}
          </Avatar>
          <Stack sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {job.title}
              {isExpired(job) && (
                <Typography component="span" variant="h6" color="error" sx={{ ml: 1 }}>
                  (Expired)
                </Typography>
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              by{' '}
              <Link component={RouterLink} to={`/org/${encodeURIComponent(job.group.name_slug)}`}>
                {job.group.name}
              </Link>
            </Typography>
          </Stack>
        </Stack>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {facts.map((fact) => (
            <Chip key={fact} label={fact} size="small" variant="outlined" />
          ))}
          {admin && <Chip size="small" color={job.job_status === 'approved' ? 'success' : 'warning'} label={jobStatusLabel(job.job_status)} />}
        </Stack>
        {(opens || closes) && (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <ScheduleIcon fontSize="small" />
            <Typography variant="body2">
              {opens && `Applications open ${opens}`}
              {opens && closes && ' · '}
              {closes && `Apply by ${formatDate(closes)}`}
            </Typography>
          </Stack>
        )}
        {admin && (
          <Typography variant="body2" color="text.secondary">
            <strong>{job.pending_members_count}</strong> pending · <strong>{job.accepted_members_count}</strong> accepted ·{' '}
            <strong>{job.rejected_members_count}</strong> rejected
          </Typography>
        )}
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', pt: 0.5 }}>
          <ApplyControl job={job} />
          <BookmarkButton job={job} />
          {admin && <JobAdminActions job={job} />}
        </Stack>
      </Stack>
    </Paper>
  );
}
