import { Button, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import FullGroupWarning from '../../components/join/FullGroupWarning';
import { useAddressIntent } from '../../components/join/useAddressIntent';
import { useJoinFlow, type JoinTarget } from '../../components/join/useJoinFlow';
import { useIdentity } from '../../lib/auth/identity';
import { groupKey, useDefaultGroup, useGroup } from '../../lib/discover/groups';
import { joinState } from '../../lib/groups/rules';
import { trainingCircleId, trainingLabel } from './training';

function TrainingJoin({ circleId, signedIn }: { circleId: number; signedIn: boolean }) {
  const client = useQueryClient();
  const circle = useGroup(circleId);
  const group = circle.data;
  const state = group ? joinState(group) : null;
  // Until the circle has loaded, only a guest's sign-in can start (it needs nothing of it).
  const target: JoinTarget = group ?? { id: circleId, name: 'Training', group_type: 'circle', event_type: null, extra_info: null };
  const flow = useJoinFlow({
    group: target,
    signedIn,
    label: 'Apply for Training:',
    onJoined: () => client.invalidateQueries({ queryKey: groupKey(circleId) }),
  });
  useAddressIntent('join', signedIn && circle.isSuccess && !circle.isFetching, () => {
    if (state?.kind === 'join') flow.start();
  });

  if (state?.kind === 'hidden') return null;
  if (!group && signedIn && circle.isError) return null;
  const status = group?.membership_status ?? null;
  const done = status === 'pending' || status === 'accepted';
  const closed = state?.kind === 'closed' ? state.status : null;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {state?.kind === 'join' && state.full && <FullGroupWarning />}
      <Button
        variant={done ? 'outlined' : 'contained'}
        color={status === 'accepted' ? 'success' : 'primary'}
        onClick={flow.start}
        disabled={done || closed !== null || flow.joining || (signedIn && !group)}
        loading={flow.joining}
        loadingPosition="start"
      >
        {trainingLabel(status, flow.joining)}
      </Button>
      {closed && (
        <Typography variant="caption" color="text.secondary" role="status">
          {closed}
        </Typography>
      )}
      {flow.dialogs}
    </Stack>
  );
}

/**
 * Apply for training in the site's default training circle (spec 002 §4): Apply for Training,
 * then Applying, then Requested (pending) or Accepted for Training. It goes through the same
 * join flow as a circle's Join (questions, wait-list warning, guests sign in with join=true).
 * Nothing when the site's organization names no training circle.
 */
export default function TrainingButton() {
  const { signedIn } = useIdentity();
  const organization = useDefaultGroup();
  const circleId = trainingCircleId(organization.data);
  if (circleId === null) return null;
  return <TrainingJoin circleId={circleId} signedIn={signedIn} />;
}
