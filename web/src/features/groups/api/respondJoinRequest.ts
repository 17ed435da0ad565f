// POST /groups/{id}/respond-join-request/ ({users, action, notes}): accept or reject pending
// requests, one (row menu, applicant details) or several (manage mode), with the spec's
// messages (spec 001 §8).
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { respondJoinRequest } from '../../../lib/groups/membership';
import { serverMessage } from '../../../lib/groups/messages';
import type { RespondAction } from '../../../lib/groups/types';
import { useRefreshGroups } from './group';

export interface RespondVariables {
  users: number[];
  action: RespondAction;
  /** Optional; a rejection's reason or a note to the accepted. */
  notes?: string;
  /** Manage mode's bulk action: 'Members {action}ed successfully' / 'Could not {action} members'. */
  bulk?: boolean;
}

export function useRespondJoinRequest(groupId: number) {
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: ({ users, action, notes }: RespondVariables) => respondJoinRequest(groupId, users, action, notes),
    meta: { silent: true },
    onSuccess: async (_answer, { action, bulk }) => {
      enqueueSnackbar(bulk ? `Members ${action}ed successfully` : `Successfully ${action}ed`, { variant: 'success' });
      await refresh();
    },
    onError: (error, { action, bulk }) =>
      enqueueSnackbar(bulk ? `Could not ${action} members` : (serverMessage(error) ?? `Could not ${action} member`), {
        variant: 'error',
      }),
  });
}
