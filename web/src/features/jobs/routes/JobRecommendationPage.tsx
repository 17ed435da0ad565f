import { useState } from 'react';
import { Avatar, Box, Button, Link, List, ListItem, ListItemAvatar, ListItemText, MenuItem, Pagination, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { Link as RouterLink } from 'react-router';
import { ListError } from '../../../components/lists/ListStates';
import { apiRequest } from '../../../lib/api/request';
import { inviteUsers } from '../../../lib/groups/invitations';
import { fetchMembers } from '../../../lib/groups/membership';
import { INVITE_MESSAGES } from '../../../lib/invite/emails';
import type { Group, Paged } from '../../../lib/groups/types';
import { useJobContext } from '../jobContext';

const PEOPLE_PAGE_SIZE = 12;

/**
 * The Recommendations tab (spec 001 §2 "Recommendations panel: pick a group to recommend people
 * from", §6): the administrator picks one of the groups they administer and sees its accepted
 * members, 12 a page, each linking to their profile, and invites any of them to the job
 * (POST /invite-users/ with content_type job; a published job only).
 */
export default function JobRecommendationPage() {
  const { job } = useJobContext();
  const [groupId, setGroupId] = useState<number | ''>('');
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
  const groups = useQuery({
    queryKey: ['jobs', 'owning-groups'],
    queryFn: ({ signal }) =>
      apiRequest<Paged<Group>>('GET', '/api/v1/groups/list/', {
        query: { membership_type: 'member', status: 'accepted', role: 'admin,leader', page_size: 50 },
        signal,
      }),
    meta: { silent: true },
  });
  const people = useQuery({
    queryKey: ['jobs', 'recommend-from', groupId, page],
    queryFn: ({ signal }) => fetchMembers(Number(groupId), { status: 'accepted', page, page_size: PEOPLE_PAGE_SIZE }, signal),
    enabled: groupId !== '',
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const rows = people.data?.data ?? [];
  const pages = Math.ceil((people.data?.pagination.count ?? 0) / PEOPLE_PAGE_SIZE);

  return (
    <Paper variant="outlined" component="section" aria-label="Recommendations" sx={{ borderRadius: 3, p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Recommendations
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`Pick a group to recommend people from for ${job.title}.`}
        </Typography>
        <TextField
          select
          label="Recommend people from"
          value={groupId}
          onChange={(event) => {
            setGroupId(event.target.value === '' ? '' : Number(event.target.value));
            setPage(1);
          }}
          helperText={groups.isError ? 'Could not fetch groups' : undefined}
          sx={{ maxWidth: 420 }}
        >
          {(groups.data?.data ?? []).map((group) => (
            <MenuItem key={group.id} value={group.id}>
              {group.name}
            </MenuItem>
          ))}
        </TextField>
        {groupId !== '' && people.isPending && (
          <Stack spacing={1} aria-label="Loading people">
            <Skeleton variant="rounded" height={48} />
            <Skeleton variant="rounded" height={48} />
          </Stack>
        )}
        {people.isError && <ListError message="Could not fetch recommended applicants" onRetry={() => void people.refetch()} />}
        {people.data && rows.length === 0 && <Typography color="text.secondary">No members to recommend in this group.</Typography>}
        {rows.length > 0 && (
          <List aria-label="Recommended people" disablePadding>
            {rows.map((person) => (
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
                  secondary={person.institution_name ?? undefined}
                />
              </ListItem>
            ))}
          </List>
        )}
        {pages > 1 && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Pagination count={pages} page={page} onChange={(_event, next) => setPage(next)} />
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
