import { useState } from 'react';
import { Box, Button, ButtonGroup, Stack, Typography } from '@mui/material';
import { useIsFetching, useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import FullGroupWarning from '../../../components/join/FullGroupWarning';
import { useAddressIntent } from '../../../components/join/useAddressIntent';
import { useJoinFlow } from '../../../components/join/useJoinFlow';
import { leaveGroup } from '../../../lib/groups/membership';
import { serverMessage } from '../../../lib/groups/messages';
import { joinState } from '../../../lib/groups/rules';
import type { Group } from '../../../lib/groups/types';
import { GROUPS_KEY, useRefreshGroups } from '../api/group';
import ConfirmDialog from '../../../components/ConfirmDialog';
import ActionMenu from '../../../components/ActionMenu';
import { preloadActionMenuProps } from '../../../components/actionMenuLoader';
import { ArrowDropDownIcon } from '../../../components/icons';

interface Props {
  group: Group;
  signedIn: boolean;
}

/**
 * Join / Register, a status line while applications are not open, the pending request with
 * Cancel request, or the role with Leave (spec 001 §4, §8). A guest back from signing in with
 * join=true in the address goes on joining.
 */
export default function JoinControl({ group, signedIn }: Props) {
  const state = joinState(group);
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshGroups();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const type = group.group_type;
  const flow = useJoinFlow({
    group,
    signedIn,
    label: state.kind === 'join' ? state.label : 'Join',
    onJoined: refresh,
  });
  // The group as it is now for this user, not a copy cached before they signed in.
  const settled = useIsFetching({ queryKey: GROUPS_KEY }) === 0;
  useAddressIntent('join', signedIn && settled, () => {
    if (state.kind === 'join') flow.start();
  });

  const leave = useMutation({
    mutationFn: () => leaveGroup(group.id),
    meta: { silent: true },
    onSuccess: async () => {
      enqueueSnackbar(
        group.membership_status === 'pending' ? 'You successfully canceled a request' : 'You successfully left',
        { variant: 'success' },
      );
      setConfirmLeave(false);
      await refresh();
    },
    // The server's reason (e.g. the last administrator may not leave), else the spec's text.
    onError: (error) => enqueueSnackbar(serverMessage(error) ?? `Could not leave ${type}`, { variant: 'error' }),
  });

  if (state.kind === 'hidden') return null;

  const menu = (label: string, action: () => void) => (
    <>
      <ButtonGroup variant="outlined" aria-label={label}>
        <Button
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          endIcon={<ArrowDropDownIcon />}
          aria-haspopup="menu"
          {...preloadActionMenuProps}
        >
          {label}
        </Button>
      </ButtonGroup>
      <ActionMenu
        anchorEl={menuAnchor}
        onClose={() => setMenuAnchor(null)}
        items={[{ label: state.kind === 'pending' ? 'Cancel request' : 'Leave', onSelect: action }]}
      />
    </>
  );

  return (
    <Box>
      {state.kind === 'closed' && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 0.75, fontWeight: 600 }} role="status">
          {state.status}
        </Typography>
      )}
      {state.kind === 'join' && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {state.full && <FullGroupWarning />}
          <Button variant="contained" onClick={flow.start} loading={flow.joining}>
            {state.label}
          </Button>
        </Stack>
      )}
      {state.kind === 'pending' && (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          {menu(state.label, () => leave.mutate())}
          {state.waitlisted && (
            <Typography variant="caption" color="text.secondary">
              Your request is on the wait list: you will be told when a seat frees.
            </Typography>
          )}
        </Stack>
      )}
      {state.kind === 'accepted' && menu(state.label, () => setConfirmLeave(true))}

      {flow.dialogs}
      <ConfirmDialog
        open={confirmLeave}
        title={`Leave ${group.name}?`}
        message={`You will no longer be a member of this ${type}.`}
        confirmLabel="Leave"
        pending={leave.isPending}
        onCancel={() => setConfirmLeave(false)}
        onConfirm={() => leave.mutate()}
      />
    </Box>
  );
}
