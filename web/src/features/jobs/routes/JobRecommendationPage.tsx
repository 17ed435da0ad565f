import { useState, type FormEvent } from 'react';
import { Avatar, Box, Button, Chip, Link, List, ListItem, ListItemAvatar, ListItemText, MenuItem, Pagination, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { Link as RouterLink } from 'react-router';
import { ListError } from '../../../components/lists/ListStates';
import { useAdministeredGroups } from '../../../lib/groups/useAdministeredGroups';
import { inviteUsers } from '../../../lib/groups/invitations';
import { INVITE_MESSAGES } from '../../../lib/invite/emails';
import { EMPTY_FILTER, RECOMMENDED_PAGE_SIZE, useRecommendedApplicants, type ExtraInfoFilter } from '../api/recommended';
import { useJobContext } from '../jobContext';
import { RECOMMENDED_FAILED } from '../messages';

const FILTER_FIELDS: { key: keyof ExtraInfoFilter; label: string }[] = [
  { key: 'department', label: 'Department' },
  { key: 'uni_batch', label: 'Batch' },
  { key: 'affiliation', label: 'Affiliation' },
];

function fitLabel(matchingSkills: number, sameCountry: boolean): string | null {
  const parts = [];
  if (matchingSkills > 0) parts.push(`${matchingSkills} matching skill${matchingSkills === 1 ? '' : 's'}`);
  if (sameCountry) parts.push('Same country');
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * The Recommendations tab (spec 001 §2 "Recommendations panel: pick a group to recommend people
 * from", §6, §7 "Recommended applicants"): the server recommends the accepted members of the
 * chosen group (the job's own group first, or another group the administrator runs) who have
 * not applied, best fit first (the job's skills, its countries, complete profiles), optionally
 * only those with given registration answers (department, batch, affiliation). 12 a page, each
 * linking to their profile; a published job can invite them (POST /invite-users/, content_type job).
 */
export default function JobRecommendationPage() {
  const { job } = useJobContext();
  const [groupId, setGroupId] = useState<number>(job.group.id);
  const [draft, setDraft] = useState<ExtraInfoFilter>(EMPTY_FILTER);
  const [filter, setFilter] = useState<ExtraInfoFilter>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const [invited, setInvited] = useState<Set<number>>(new Set());
  const { enqueueSnackbar } = useSnackbar();
  const invite = useMutation({
    mutationFn: (userId: number) => inviteUsers({ object_id: job.id, content_type: 'job', users: [userId], emails: '' }),
    meta: { silent: true },
    onSuccess: (_answer, userId) => {
      enqueueSnackbar(INVITE_MESSAGES.sent, { variant: 'success' });
      setInvited((current) => new Set(current).add(userId));
    },
    onError: () => enqueueSnackbar(INVITE_MESSAGES.failed, { variant: 'error' }),
  });
  const canInvite = job.job_status === 'approved';
  const groups = useAdministeredGroups(['jobs', 'owning-groups']);
  const people = useRecommendedApplicants(job.id, groupId, filter, page);
  const rows = people.data?.data ?? [];
  const pages = Math.ceil((people.data?.pagination.count ?? 0) / RECOMMENDED_PAGE_SIZE);
  const otherGroups = (groups.data?.data ?? []).filter((group) => group.id !== job.group.id);
  const applyFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
    setPage(1);
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Recommendations" sx={{ borderRadius: 3, p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Recommendations
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`People who have not applied to ${job.title} yet, best fit first. Pick a group to recommend people from.`}
        </Typography>
        <TextField
          select
          label="Recommend people from"
          value={groupId}
          onChange={(event) => {
            setGroupId(Number(event.target.value));
            setPage(1);
          }}
          helperText={groups.isError ? 'Could not fetch groups' : undefined}
          sx={{ maxWidth: 420 }}
        >
          <MenuItem value={job.group.id}>{job.group.name}</MenuItem>
          {otherGroups.map((group) => (
            <MenuItem key={group.id} value={group.id}>
              {group.name}
            </MenuItem>
          ))}
        </TextField>
        <Stack component="form" aria-label="Filter by registration answers" onSubmit={applyFilter} direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}>
          {FILTER_FIELDS.map((field) => (
            <TextField
              key={field.key}
              size="small"
              label={field.label}
              value={draft[field.key]}
              onChange={(event) => setDraft((current) => ({ ...current, [field.key]: event.target.value }))}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          ))}
          <Button type="submit" variant="outlined">
            Filter
          </Button>
        </Stack>
        {people.isPending && (
          <Stack spacing={1} aria-label="Loading people">
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={48} />
          </Stack>
        )}
        {people.isError && <ListError message={RECOMMENDED_FAILED} onRetry={() => void people.refetch()} />}
        {people.data && rows.length === 0 && <Typography color="text.secondary">No one to recommend from this group.</Typography>}
        {rows.length > 0 && (
          <List aria-label="Recommended people" disablePadding>
            {rows.map((person) => {
              const fit = fitLabel(person.matching_skills, person.same_country);
              return (
                <ListItem
                  key={person.id}
                  divider
                  sx={canInvite ? { pr: 12 } : undefined}
                  secondaryAction={
                    canInvite ? (
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={invited.has(person.id) || invite.isPending}
                        onClick={() => invite.mutate(person.id)}
                        aria-label={`Invite ${person.name} to apply`}
                      >
                        {invited.has(person.id) ? 'Invited' : 'Invite'}
                      </Button>
                    ) : undefined
                  }
                >
                  <ListItemAvatar>
                    <Avatar src={person.image ?? undefined} alt="" />
                  </ListItemAvatar>
                  <ListItemText
                    primary={
                      person.name_slug ? (
                        <Link component={RouterLink} to={`/profile/${encodeURIComponent(person.name_slug)}`}>
                          {person.name}
                        </Link>
                      ) : (
                        person.name
                      )
                    }
                    secondary={
                      <>
                        <Box component="span" sx={{ display: 'block' }}>
                          {[person.title, person.institution_name].filter(Boolean).join(' · ')}
                        </Box>
                        {fit && (
                          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                            <Chip component="span" size="small" color="success" variant="outlined" label={fit} />
                          </Box>
                        )}
                      </>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        {pages > 1 && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Pagination count={pages} page={page} onChange={(_event, next) => setPage(next)} aria-label="Pages" />
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
