import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useIdentity } from '../../../lib/auth/identity';
import { serverMessage } from '../../../lib/groups/messages';
import { formatCents, groupPrice, payState } from '../payment';
import { groupPath } from '../../../lib/groups/rules';
import type { Group } from '../../../lib/groups/types';
import FullGroupWarning from '../../../components/join/FullGroupWarning';
import { usePayForGroup, useSendVoucher } from '../api/pay';

/** 'Could not proceed your request' (spec 001 §8 "Donation / payment"). */
export const MSG_PAYMENT_FAILED = 'Could not proceed your request';
const MAX_VOUCHER_BYTES = 10 * 1024 * 1024;

function siteAddress(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
  } catch {
    return null;
  }
}

/** The receipt of an offline payment: an image or a PDF, and an optional reference. */
function VoucherDialog({ group, onClose }: { group: Group; onClose: () => void }) {
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

/**
 * The pay card of a paid circle or event (spec 001 §2 "a pay card", §4 "Payment status on
 * a paid group"): the price after the group's discount and the member's tier discount, Pay
 * (the checkout), a voucher for an offline payment, and the payment's state.
 */
export default function PayCard({ group }: { group: Group }) {
  const { signedIn, identity } = useIdentity();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const pay = usePayForGroup();
  const [voucher, setVoucher] = useState(false);
  const state = payState(group, signedIn);
  if (state.kind === 'hidden') return null;
  const price = groupPrice(group, identity?.user_subscription?.circle_discount_percent ?? 0);
  if (!price) return null;

  const start = () => {
    if (!signedIn) {
      navigate(`/login?next=${encodeURIComponent(groupPath(group))}`);
      return;
    }
    pay.mutate(
      { groupId: group.id, slug: group.name_slug },
      {
        onSuccess: (url) => {
          const path = siteAddress(url);
          if (path) navigate(path);
          else window.location.assign(url);
        },
        onError: (error) => enqueueSnackbar(serverMessage(error) ?? MSG_PAYMENT_FAILED, { variant: 'error' }),
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Pay card" sx={{ p: 2, borderRadius: 3, width: { xs: '100%', sm: 'auto' } }}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid="pay-amount">
            {price.amount === 0 ? 'Free' : `${formatCents(price.amount)} USD`}
          </Typography>
          {price.percent > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
              {formatCents(price.unit)}
            </Typography>
          )}
          {price.percent > 0 && <Chip size="small" color="success" label={`${price.percent}% off`} />}
        </Stack>
        {state.kind === 'paid' && <Chip color="success" label="Payment confirmed" />}
        {state.kind === 'closed' && (
          <Typography variant="body2" color="text.secondary" role="status">
            {state.status}
          </Typography>
        )}
        {(state.kind === 'pay' || state.kind === 'full') && state.submitted && (
          <Typography variant="body2" color="text.secondary" role="status">
            Payment submitted: the administrators will confirm it.
          </Typography>
        )}
        {state.kind === 'full' && <FullGroupWarning />}
        {(state.kind === 'pay' || state.kind === 'sign-in') && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            <Button variant="contained" onClick={start} loading={pay.isPending}>
              Pay
            </Button>
            {state.kind === 'pay' && (
              <Button variant="text" onClick={() => setVoucher(true)}>
                I paid offline
              </Button>
            )}
          </Stack>
        )}
        {state.kind === 'full' && (
          <Button variant="outlined" onClick={() => setVoucher(true)}>
            I paid offline
          </Button>
        )}
      </Stack>
      {voucher && <VoucherDialog group={group} onClose={() => setVoucher(false)} />}
    </Paper>
  );
}
