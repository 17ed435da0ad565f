import { Alert, Box, Button, Container, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { respondInvitation } from '../../../lib/groups/invitations';
import { safeNext } from '../../../lib/auth/next';
import { dateRange, groupPath } from '../../../lib/groups/rules';
import type { InvitationAction } from '../../../lib/groups/types';
import { isNotFound } from '../api/group';
import { useInvitation } from '../api/invitation';
import RichText from '../../../components/RichText';
import { ListError } from '../../../components/lists/ListStates';
import { GroupsIcon } from '../components/icons';

/**
 * /invitation/{id} (signed-in users; guests go to login with next): "You are invited to
 * join this {type}" with Accept and Reject, the target below; after answering, the target.
 * A missing invitation is a not-found page; other failures offer Retry.
 */
export default function InvitationPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const invitation = useInvitation(id);
  const respond = useMutation({
    mutationFn: (action: InvitationAction) => respondInvitation(id, action),
    meta: { silent: true },
    onSuccess: (answer, action) => {
      enqueueSnackbar(`Successfully ${action}ed invitation`, { variant: 'success' });
      const data = invitation.data;
      let target = '/';
      if (data) target = data.type === 'job' ? `/job/${encodeURIComponent(data.results.name_slug)}` : groupPath(data.results);
      void navigate(safeNext(answer.redirect, target), { replace: true });
    },
    onError: () => enqueueSnackbar('Could not perform action', { variant: 'error' }),
  });

  if (invitation.isPending) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }} aria-busy="true">
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={200} sx={{ mt: 2 }} />
      </Container>
    );
  }
  if (invitation.isError && isNotFound(invitation.error)) {
    // Not for this user, answered and gone, or never sent: the server says 404 to all alike.
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 8, md: 12 }, px: 2 }}>
        <GroupsIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, maxWidth: 640 }}>
          This invitation does not exist or is no longer available.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Go to Home Page
        </Button>
      </Stack>
    );
  }
  if (invitation.isError) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <ListError message="Could not complete a request" onRetry={() => void invitation.refetch()} />
      </Container>
    );
  }
  const { results: target, status } = invitation.data;
  const isJob = invitation.data.type === 'job';
  const type = isJob ? 'job' : target.group_type;
  const targetPath = isJob ? `/job/${encodeURIComponent(target.name_slug)}` : groupPath(target);
  const answered = status === 'accepted' || status === 'rejected';
  const dates = dateRange(target.start_date, target.end_date);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={2}>
        <Alert
          severity="info"
          variant="outlined"
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, '& .MuiAlert-action': { pt: 0 } }}
          action={
            answered ? undefined : (
              <Stack direction="row" spacing={1}>
                <Button color="inherit" onClick={() => respond.mutate('reject')} disabled={respond.isPending}>
                  Reject
                </Button>
                <Button variant="contained" onClick={() => respond.mutate('accept')} loading={respond.isPending && respond.variables === 'accept'}>
                  Accept
                </Button>
              </Stack>
            )
          }
        >
          <Typography sx={{ fontWeight: 600 }}>{`You are invited to join this ${type}`}</Typography>
          {answered && <Typography variant="body2">{`You have already ${status} this invitation.`}</Typography>}
        </Alert>
        <Paper variant="outlined" component="section" aria-label={target.name} sx={{ borderRadius: 3, overflow: 'hidden' }}>
          <Box
            sx={{
              height: { xs: 110, md: 160 },
              bgcolor: 'primary.light',
              backgroundImage: target.cover_image ? `url("${target.cover_image}")` : undefined,
              backgroundSize: 'cover',
              backgroundPosition: 'center',
            }}
          />
          <Stack spacing={1} sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {target.name}
            </Typography>
            {dates && <Typography color="text.secondary">{dates}</Typography>}
            {typeof target.total_members === 'number' && (
              <Typography variant="body2" color="text.secondary">
                {target.total_members} members
              </Typography>
            )}
            {target.description && <RichText html={target.description} />}
            <Box>
              <Button onClick={() => void navigate(targetPath)}>View {type}</Button>
            </Box>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
