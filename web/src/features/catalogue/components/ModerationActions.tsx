import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { useSnackbar } from '../../../lib/snackbar';
import { moderate, useRefreshCatalogue, type Kind } from '../api/catalogue';

interface Props {
  kind: Kind;
  item: { id: number; status: string; can_moderate?: boolean | null };
}

/**
 * Approve and reject (spec 002 §4 "Moderation"): approve on pending or rejected items, reject on
 * pending ones, only for administrators of the item's organization. Rejecting asks first.
 */
export default function ModerationActions({ kind, item }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshCatalogue();
  const [confirming, setConfirming] = useState(false);
  const what = kind === 'aitool' ? 'AI tool' : 'use case';
  const failedWhat = kind === 'aitool' ? 'AI Tool' : 'use case';
  const act = useMutation({
    mutationFn: (action: 'approve' | 'reject') => moderate(kind, item.id, action),
    meta: { silent: true },
    onSuccess: async (_answer, action) => {
      enqueueSnackbar(`Successfully ${action === 'approve' ? 'approved' : 'rejected'} ${what}`, { variant: 'success' });
      await refresh();
    },
    onError: (_error, action) => enqueueSnackbar(`Failed to ${action} ${failedWhat}`, { variant: 'error' }),
  });
  if (!item.can_moderate) return null;
  const canApprove = item.status === 'pending' || item.status === 'rejected';
  const canReject = item.status === 'pending';
  if (!canApprove && !canReject) return null;
  return (
    <Stack direction="row" sx={{ gap: 1 }}>
      {canApprove && (
        <Button variant="contained" color="success" disabled={act.isPending} onClick={() => act.mutate('approve')}>
          Approve
        </Button>
      )}
      {canReject && (
        <Button variant="outlined" color="error" disabled={act.isPending} onClick={() => setConfirming(true)}>
          Reject
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Reject this ${what}?`}
        message={`The ${what} will not be shown in public lists.`}
        confirmLabel="Reject"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          act.mutate('reject');
        }}
      />
    </Stack>
  );
}
