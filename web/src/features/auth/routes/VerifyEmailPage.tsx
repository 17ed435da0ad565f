import { useEffect } from 'react';
import { CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { CheckCircleIcon } from '../components/icons';
import { verifyEmail } from '../api';
import { useStartSession } from '../session';
import AuthCard from '../components/AuthCard';
import AuthFailed from '../components/AuthFailed';

export const HOME_DELAY_MS = 2000;

/** /verify-email/{token}: verifies, starts the session, and goes home after a moment. */
export default function VerifyEmailPage() {
  const { token } = useParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    meta: { silent: true },
  });
  const tokens = verification.data;

  useEffect(() => {
    if (!tokens) return undefined;
    startSession({ access: tokens.access_token, refresh: tokens.refresh_token });
    const timer = setTimeout(() => void navigate('/', { replace: true }), HOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [tokens, startSession, navigate]);

  if (!token) {
    return (
      <AuthCard title="Invalid Request">
        <Typography role="alert">Please provide a valid verification token.</Typography>
      </AuthCard>
    );
  }
  if (verification.isPending) {
    return (
      <AuthCard title="Verifying…">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-label="Verifying" />
          <Typography>Verifying your email…</Typography>
        </Stack>
      </AuthCard>
    );
  }
  if (verification.isError) {
    return (
      <AuthFailed
        title="Verification failed"
        message="There was an error verifying your email. Please try again."
        back={{ label: 'Go to login', variant: 'outlined' }}
      />
    );
  }
  return (
    <AuthCard title="Verified">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
        <CheckCircleIcon color="success" />
        <Typography>Your email is verified. Taking you home…</Typography>
      </Stack>
    </AuthCard>
  );
}
