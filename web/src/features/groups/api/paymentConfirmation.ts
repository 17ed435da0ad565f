// POST /groups/{id}/payment-confirmation/ ({user, action}): an administrator marks an accepted
// member of a paid group as paid (accept) or unpaid (reject). Used by the members list and
// the applicants table.
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { confirmPayment } from '../../../lib/groups/membership';
import type { RespondAction } from '../../../lib/groups/types';
import { useRefreshGroups } from './group';

export function usePaymentConfirmation(groupId: number) {
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: ({ user, action }: { user: number; action: RespondAction }) => confirmPayment(groupId, user, action),
    meta: { silent: true },
    onSuccess: async (_answer, { action }) => {
      enqueueSnackbar(action === 'accept' ? 'Marked as paid' : 'Marked as unpaid', { variant: 'success' });
      await refresh();
    },
    onError: (_error, { action }) => enqueueSnackbar(`Could not ${action} payment status`, { variant: 'error' }),
  });
}
