import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Button, Container, Stack, Typography } from '@mui/material';
import { useRefreshMembership } from '../api';

function Result({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
        {children}
      </Stack>
    </Container>
  );
}

/** /payment/success?type=donation|payment|subscription&group= (spec 002 §2). */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const type = params.get('type');
  const group = params.get('group');
  const refresh = useRefreshMembership();
  useEffect(() => {
    void refresh();
    // Once on arrival: the payment changed the tier flags.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (type === 'donation') {
    return (
      <Result title="Donation Complete" text="Thank you for your donation. Your support makes a difference.">
        <Button component={RouterLink} to="/" variant="contained">
          Go to Home Page
        </Button>
      </Result>
    );
  }
  if (type === 'payment') {
    return (
      <Result title="Payment Success" text="Your payment was successful.">
        {group && (
          <Button component={RouterLink} to={`/circle/${encodeURIComponent(group)}`} variant="contained">
            Go to Circle
          </Button>
        )}
      </Result>
    );
  }
  if (type === 'subscription') {
    return (
      <Result title="Payment Success" text="Thank you. Your membership is now active.">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button component={RouterLink} to="/" variant="contained">
            Continue
          </Button>
          <Button component={RouterLink} to="/membership">
            Membership Plans
          </Button>
        </Stack>
      </Result>
    );
  }
  // Without a type nothing shows (§2).
  return null;
}

/** /payment/cancel. */
export function PaymentCancelPage() {
  return (
    <Result title="Payment Canceled" text="Your payment has been canceled. You have not been charged.">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button component={RouterLink} to="/membership" variant="contained">
          Membership Plans
        </Button>
        <Button component={RouterLink} to="/">
          Go to Home Page
        </Button>
      </Stack>
    </Result>
  );
}
