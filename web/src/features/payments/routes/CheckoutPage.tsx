import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Button, Container, Divider, Link, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { ApiError, fieldErrors } from '../../../lib/api/errors';
import { useOpenAddress } from '../../../lib/openAddress';
import { useCheckoutSession, useConfirmPayment, usePay, type CheckoutView } from '../api';
import { MSG_CHANGE_FAILED, caretAfterDigits, cardDigits, formatCardNumber, formatCents } from '../planRules';

function payError(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) {
    return fieldErrors(error.body).card_number ?? error.message;
  }
  return 'Could not proceed your request';
}

function Summary({ checkout }: { checkout: CheckoutView }) {
  const hasDiscount = checkout.discount_percent > 0 && checkout.unit_amount != null;
  return (
    <Stack spacing={1}>
      <Typography variant="overline" color="text.secondary">
        {checkout.kind === 'subscription' ? 'Membership' : checkout.kind === 'donation' ? 'Donation' : 'Payment'}
      </Typography>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {checkout.plan_name ?? (checkout as CheckoutView & { description?: string | null }).description ?? 'Payment'}
        {checkout.recurring ? ` · ${checkout.recurring === 'month' ? 'Monthly' : 'Yearly'}` : ''}
      </Typography>
      {checkout.unit_amount != null && (
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography variant="body2">Price</Typography>
          <Typography variant="body2">
            {formatCents(checkout.unit_amount)}
            {checkout.recurring ? ` / ${checkout.recurring}` : ''}
          </Typography>
        </Stack>
      )}
      {hasDiscount && (
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography variant="body2">
            {checkout.discount_name} ({checkout.discount_percent}% off)
          </Typography>
          <Typography variant="body2">
            −{formatCents((checkout.unit_amount ?? 0) - Math.round(((checkout.unit_amount ?? 0) * (100 - checkout.discount_percent)) / 100))}
          </Typography>
        </Stack>
      )}
      {checkout.kind !== 'subscription' && checkout.discount_percent > 0 && (
        <Typography variant="body2" color="success.main">
          Includes a {checkout.discount_percent}% discount.
        </Typography>
      )}
      {checkout.trial_days > 0 && (
        <Typography variant="body2" color="success.main">
          {checkout.trial_days}-day free trial: nothing is due today.
        </Typography>
      )}
      <Divider />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>Due today</Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="checkout-amount">
          {formatCents(checkout.amount)}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** The local checkout (/checkout/{session}): the card number, Pay, and the pending step. */
export default function CheckoutPage() {
  const { session = '' } = useParams();
  const query = useCheckoutSession(session);
  const pay = usePay(session);
  const confirm = useConfirmPayment();
  const [card, setCard] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pendingNow, setPendingNow] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const goTo = useOpenAddress({ replace: true });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const target = event.target;
    const caret = target.selectionStart ?? target.value.length;
    const digitsBefore = cardDigits(target.value.slice(0, caret)).length;
    const formatted = formatCardNumber(target.value);
    setCard(formatted);
    setError(null);
    requestAnimationFrame(() => {
      if (input.current === document.activeElement) {
        const position = caretAfterDigits(formatted, digitsBefore);
        input.current?.setSelectionRange(position, position);
      }
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!cardDigits(card)) {
      setError('Enter your card number.');
      input.current?.focus();
      return;
    }
    setError(null);
    pay.mutate(cardDigits(card), {
      onSuccess: (answer) => {
        if (answer.status === 'paid' && answer.redirect_url) goTo(answer.redirect_url);
        else {
          setPendingNow(true);
          void query.refetch();
        }
      },
      onError: (failure) => {
        setError(payError(failure));
        input.current?.focus();
      },
    });
  };

  const confirmPending = () => {
    setError(null);
    confirm.mutate(session, {
      onSuccess: (answer) => {
        if (answer.redirect_url) goTo(answer.redirect_url);
        else void query.refetch();
      },
      onError: () => setError('Could not verify your card'),
    });
  };

  const checkout = query.data;
  const status = pendingNow && checkout?.status === 'open' ? 'pending' : checkout?.status;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        Checkout
      </Typography>
      {query.isPending ? (
        <Paper variant="outlined" sx={{ p: 3 }} aria-busy="true" aria-label="Loading checkout">
          <Skeleton width="40%" />
          <Skeleton width="70%" height={36} />
          <Skeleton />
          <Skeleton height={56} sx={{ mt: 2 }} />
        </Paper>
      ) : query.isError || !checkout ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/membership">
              Membership Plans
            </Button>
          }
        >
          {query.error instanceof ApiError && query.error.status === 404
            ? 'This checkout was not found.'
            : MSG_CHANGE_FAILED}
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Summary checkout={checkout} />
          <Box sx={{ mt: 3 }}>
            {status === 'complete' ? (
              <Stack spacing={2}>
                <Alert severity="success">This checkout is already complete.</Alert>
                <Button variant="contained" onClick={() => goTo(checkout.success_url)}>
                  Continue
                </Button>
              </Stack>
            ) : status === 'pending' ? (
              <Stack spacing={2}>
                <Alert severity="warning">
                  Your payment status is pending. Your bank asks you to confirm this payment.
                </Alert>
                {error && <Alert severity="error">{error}</Alert>}
                <Button variant="contained" onClick={confirmPending} loading={confirm.isPending}>
                  Confirm payment
                </Button>
                <Link component={RouterLink} to="/membership">
                  Do this later
                </Link>
              </Stack>
            ) : (
              <form noValidate onSubmit={submit}>
                <Stack spacing={2}>
                  <TextField
                    inputRef={input}
                    label="Card number"
                    value={card}
                    onChange={onChange}
                    autoFocus
                    fullWidth
                    error={Boolean(error)}
                    helperText={error ?? 'Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.'}
                    placeholder="1234 1234 1234 1234"
                    slotProps={{
                      htmlInput: {
                        inputMode: 'numeric',
                        autoComplete: 'cc-number',
                        maxLength: 23,
                        'aria-describedby': undefined,
                      },
                    }}
                  />
                  <Button type="submit" variant="contained" size="large" loading={pay.isPending}>
                    Pay {formatCents(checkout.amount)}
                  </Button>
                  <Button onClick={() => goTo(checkout.cancel_url)} disabled={pay.isPending}>
                    Cancel
                  </Button>
                </Stack>
              </form>
            )}
          </Box>
        </Paper>
      )}
    </Container>
  );
}
