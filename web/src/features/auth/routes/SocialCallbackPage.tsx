import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircularProgress, Stack } from '@mui/material';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, firstErrorMessage } from '../../../lib/api/errors';
import { safeNext } from '../../../lib/auth/next';
import { socialLogin, type SocialLoginBody, type SocialProvider } from '../api';
import { endSocialSignIn, findSocialSignIn, redirectUri } from '../social';
import { useStartSession } from '../session';
import AuthCard from '../components/AuthCard';
import AuthFailed from '../components/AuthFailed';

const FALLBACK = 'Something went wrong';

/** What the provider sent back: the login call to make, or the provider's error. */
function readCallback(provider: SocialProvider, search: string, hash: string): { body: SocialLoginBody; state: string | null } | { error: string } {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const params = provider === 'linkedin' ? query : fragment.has('access_token') || fragment.has('error') ? fragment : query;
  const error = params.get('error_description') || params.get('error_message') || params.get('error');
  if (error) return { error };
  const state = params.get('state');
  if (provider === 'linkedin') {
    const code = params.get('code');
    if (!code) return { error: FALLBACK };
    return { body: { provider, code, redirect_uri: redirectUri('linkedin') }, state };
  }
  const accessToken = params.get('access_token');
  if (!accessToken) return { error: FALLBACK };
  if (provider === 'facebook') {
    const userId = params.get('user_id') ?? undefined;
    return { body: { provider, access_token: accessToken, ...(userId ? { user_id: userId } : {}) }, state };
  }
  return { body: { provider, access_token: accessToken }, state };
}

type Prepared = { body: SocialLoginBody; next: string } | { error: string };

function prepare(provider: SocialProvider, search: string, hash: string): Prepared {
  if (!['google', 'facebook', 'linkedin'].includes(provider)) return { error: FALLBACK };
  const callback = readCallback(provider, search, hash);
  if ('error' in callback) return callback;
  // The state must be the one this browser sent the user off with.
  const attempt = findSocialSignIn(provider, callback.state);
  if (!attempt) return { error: FALLBACK };
  return { body: callback.body, next: safeNext(attempt.next) };
}

/** Where the provider sends the browser back: /social/google, /social/facebook and /linkedin. */
export default function SocialCallbackPage({ provider: fixed }: { provider?: SocialProvider }) {
  const params = useParams();
  const provider = (fixed ?? params.provider) as SocialProvider;
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [prepared] = useState(() => prepare(provider, search, hash));
  const signIn = useQuery({
    queryKey: ['social-login', provider, search, hash],
    queryFn: () => socialLogin((prepared as { body: SocialLoginBody }).body),
    enabled: 'body' in prepared,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    meta: { silent: true },
  });
  const tokens = signIn.data;
  const next = 'next' in prepared ? prepared.next : '/';

  useEffect(() => {
    if (!tokens) return;
    endSocialSignIn();
    startSession(tokens);
    void navigate(next, { replace: true });
  }, [tokens, next, startSession, navigate]);

  const failure = signIn.error;
  const error =
    'error' in prepared
      ? prepared.error
      : failure
        ? ((failure instanceof ApiError ? firstErrorMessage(failure.body) : null) ?? FALLBACK)
        : null;

  if (error) {
    return <AuthFailed title="Sign-in failed" message={error} back={{ label: 'Back to login', variant: 'contained' }} />;
  }
  return (
    <AuthCard title="Signing you in…">
      <Stack sx={{ alignItems: 'center', py: 2 }} role="status">
        <CircularProgress aria-label="Signing in" />
      </Stack>
    </AuthCard>
  );
}
