import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useOpenAddress } from '../../../lib/openAddress';
import { useIdentity } from '../../../lib/auth/identity';
import { serverMessage } from '../../../lib/groups/messages';
import { formatCents, groupPrice, MSG_PAYMENT_FAILED, payState } from '../payment';
import { groupPath } from '../../../lib/groups/rules';
import type { Group } from '../../../lib/groups/types';
import FullGroupWarning from '../../../components/join/FullGroupWarning';
import { usePayForGroup } from '../api/pay';

// The voucher form (MUI's Dialog and TextField) loads when "I paid offline" is pressed.
const VoucherDialog = lazy(() => import('./VoucherDialog'));

/**
 * The pay card of a paid circle or event (spec 001 §2 "a pay card", §4 "Payment status on
 * a paid group"): the price after the group's discount and the member's tier discount, Pay
 * (the checkout), a voucher for an offline payment, and the payment's state.
 */
export default function PayCard({ group }: { group: Group }) {
  const { signedIn, identity } = useIdentity();
  const navigate = useNavigate();
  const openAddress = useOpenAddress();
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
        onSuccess: (url) => openAddress(url),
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
      {voucher && (
        <Suspense fallback={null}>
          <VoucherDialog group={group} onClose={() => setVoucher(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
