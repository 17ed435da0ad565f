import { useState } from 'react';
import { Button } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useFollow } from '../../../lib/discover/connect';

interface Props {
  id: number;
  type: string;
  name: string;
  followed: boolean;
  own: boolean;
}

/**
 * Follow a person or group (spec 002 §4 "Follow"): disabled when already followed, on the
 * user's own card and after a successful follow, when it reads Followed.
 */
export default function FollowItemButton({ id, type, name, followed, own }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const follow = useFollow();
  const [done, setDone] = useState(false);
  const isFollowed = followed || done;

  const onClick = () =>
    follow.mutate(
      { id, type },
      {
        onSuccess: () => {
          setDone(true);
          enqueueSnackbar(`Successfully followed ${type}`, { variant: 'success' });
        },
        onError: () => enqueueSnackbar('Could not complete request', { variant: 'error' }),
      },
    );

  return (
    <Button
      size="small"
      variant={isFollowed ? 'outlined' : 'contained'}
      onClick={onClick}
      disabled={isFollowed || own}
      loading={follow.isPending}
      aria-label={isFollowed ? `Followed ${name}` : `Follow ${name}`}
    >
      {isFollowed ? 'Followed' : 'Follow'}
    </Button>
  );
}
