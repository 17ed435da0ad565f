import { Button } from '@mui/material';
import { useIsFetching, useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { useLocation, useNavigate } from 'react-router';
import { useAddressIntent } from '../../../components/join/useAddressIntent';
import { pathWithIntent } from '../../../lib/auth/next';
import { followGroup, type FollowAction } from '../../../lib/groups/membership';
import type { Group } from '../../../lib/groups/types';
import { GROUPS_KEY, useRefreshGroups } from '../api/group';

/**
 * Follow or unfollow a group (POST /follow/ {id, type, action}): 'Successfully followed {type}'
 * (spec 000 §8), 'Could not {action} {type}' (spec 001 §8); guests sign in first with follow=true,
 * and are back following once (unless they already do).
 */
export default function FollowGroupButton({ group, signedIn }: { group: Group; signedIn: boolean }) {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const refresh = useRefreshGroups();
  const followed = group.is_followed;
  const action: FollowAction = followed ? 'unfollow' : 'follow';
  const follow = useMutation({
    mutationFn: () => followGroup(group.id, group.group_type, action),
    meta: { silent: true },
    onSuccess: async () => {
      enqueueSnackbar(`Successfully ${action}ed ${group.group_type}`, { variant: 'success' });
      await refresh();
    },
    onError: () => enqueueSnackbar(`Could not ${action} ${group.group_type}`, { variant: 'error' }),
  });
  const onClick = () => {
    if (!signedIn) {
      void navigate(pathWithIntent('/login', `${pathname}${search}`, 'follow'));
      return;
    }
    follow.mutate();
  };
  const settled = useIsFetching({ queryKey: GROUPS_KEY }) === 0;
  useAddressIntent('follow', signedIn && settled, () => {
    if (!followed) follow.mutate();
  });
  return (
    <Button variant={followed ? 'outlined' : 'text'} onClick={onClick} loading={follow.isPending} aria-pressed={followed}>
      {followed ? 'Unfollow' : 'Follow'}
    </Button>
  );
}
