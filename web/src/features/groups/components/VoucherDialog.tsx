import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { serverMessage } from '../../../lib/groups/messages';
import type { Group } from '../../../lib/groups/types';
import { MSG_PAYMENT_FAILED } from '../payment';
import { useSendVoucher } from '../api/pay';

const MAX_VOUCHER_BYTES = 10 * 1024 * 1024;

/** The receipt of an offline payment: an image or a PDF, and an optional reference. */
export default function VoucherDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const send = useSendVoucher(group.id);
  const [file, setFile] = useState<File | null>(null);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setError(null);
    if (chosen && !(chosen.type.startsWith('image/') || chosen.type === 'application/pdf')) {
      setError('Upload the receipt as an image or a PDF.');
      setFile(null);
      return;
    }
    if (chosen && chosen.size > MAX_VOUCHER_BYTES) {
      setError('File size should be less than 10 MB');
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError('Please attach the receipt of your payment.');
      return;
    }
    send.mutate(
      { file, reference },
      {
        onSuccess: (answer) => {
          enqueueSnackbar(answer.message, { variant: 'success' });
          onClose();
        },
        onError: (failure) => setError(serverMessage(failure) ?? MSG_PAYMENT_FAILED),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={send.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>Send a payment voucher</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            Paid offline (a bank transfer or cash)? Attach the receipt. The {group.group_type}'s administrators confirm
            your payment.
          </DialogContentText>
          <Button variant="outlined" component="label">
            {file ? file.name : 'Choose the receipt (image or PDF)'}
            <input hidden type="file" accept="image/*,application/pdf" onChange={pick} aria-label="Receipt" />
          </Button>
          <TextField
            label="Reference (optional)"
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            helperText="A transfer number or anything that helps find your payment."
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={send.isPending}>
          Send voucher
        </Button>
      </DialogActions>
    </Dialog>
  );
}
