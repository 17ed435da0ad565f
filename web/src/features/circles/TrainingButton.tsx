import { Button } from '@mui/material';
import { useLocation, useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import { useIdentity } from '../../lib/auth/identity';
import { pathWithNext } from '../../lib/auth/next';
import { ApiError, firstErrorMessage } from '../../lib/api/errors';
import { useDefaultGroup, useGroup, useJoinGroup } from '../../lib/discover/groups';
import { trainingCircleId, trainingLabel } from './training';

function TrainingJoin({ circleId, signedIn }: { circleId: number; signedIn: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const circle = useGroup(signedIn ? circleId : null);
  const join = useJoinGroup(circleId);
  const status = circle.data?.membership_status ?? null;
  const done = status === 'pending' || status === 'accepted';

  const apply = () => {
    if (!signedIn) {
      const next = pathWithNext('/login', `${pathname}${search}`);
      void navigate(`${next}${next.includes('?') ? '&' : '?'}join=true`);
      return;
    }
    join.mutate(undefined, {
      onSuccess: (answer) =>
        enqueueSnackbar(
          answer.message ??
            (answer.membership_status === 'accepted' ? 'Successfully registered to circle' : 'Successfully applied to joined circle'),
          { variant: 'success' },
        ),
      onError: (error) =>
        enqueueSnackbar((error instanceof ApiError && firstErrorMessage(error.body)) || 'Could not join circle', {
          variant: 'error',
        }),
    });
  };

  return (
    <Button
      variant={done ? 'outlined' : 'contained'}
      color={status === 'accepted' ? 'success' : 'primary'}
      onClick={apply}
      disabled={done || join.isPending || (signedIn && circle.isPending)}
      loading={join.isPending}
      loadingPosition="start"
    >
      {trainingLabel(status, join.isPending)}
    </Button>
  );
}

/**
 * Apply for training in the site's default training circle (spec 002 §4): Apply for Training,
 * then Applying, then Requested (pending) or Accepted for Training. Nothing when the site's
 * organization names no training circle.
 */
export default function TrainingButton() {
  const { signedIn } = useIdentity();
  const organization = useDefaultGroup();
  const circleId = trainingCircleId(organization.data);
  if (circleId === null) return null;
  return <TrainingJoin circleId={circleId} signedIn={signedIn} />;
}
