import { Button } from '@mui/material';
import { useLocation, useNavigate } from 'react-router';
import { useSnackbar } from '../../../lib/snackbar';
import { pathWithNext } from '../../../lib/auth/next';
import { useFollowUser } from '../api/follow';

interface Props {
  userId: number;
  slug: string;
  name: string;
  followed: boolean;
  signedIn: boolean;
}

/** Follow or unfollow a person (spec 000 §8 "Organization, chat, follow"); guests sign in first. */
export default function FollowButton({ userId, slug, name, followed, signedIn }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const follow = useFollowUser(slug);

  const onClick = () => {
    if (!signedIn) {
      void navigate(pathWithNext('/login', `${pathname}${search}${hash}`));
      return;
    }
    follow.mutate(
      { id: userId, action: followed ? 'unfollow' : 'follow' },
      {
        onSuccess: (answer) =>
          enqueueSnackbar(answer.followed ? `You are now following ${name}` : `You have unfollowed ${name}`, {
            variant: 'success',
          }),
        onError: () => enqueueSnackbar('Could not complete request', { variant: 'error' }),
      },
    );
  };

  return (
    <Button
      variant={followed ? 'outlined' : 'contained'}
      onClick={onClick}
      loading={follow.isPending}
      aria-pressed={followed}
    >
      {followed ? 'Unfollow' : 'Follow'}
    </Button>
  );
}
