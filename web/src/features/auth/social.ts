// Social sign-in without third-party scripts (docs/auth-api.md): the browser goes to the
// provider's authorize_url and comes back to /social/google, /social/facebook (token flow,
// token in the fragment) or /linkedin (code flow).
import type { AuthConfig, SocialProvider } from './api';

const STATE_KEY = 'socialSignIn';

interface Pending {
  provider: SocialProvider;
  state: string;
  next: string;
}

export function redirectUri(provider: SocialProvider, origin = window.location.origin): string {
  return provider === 'linkedin' ? `${origin}/linkedin` : `${origin}/social/${provider}`;
}

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The provider's sign-in address, or null when the site has not set the provider up. */
export function authorizeUrl(provider: SocialProvider, config: AuthConfig['social'], state: string, origin?: string): string | null {
  const settings = config[provider];
  if (!settings) return null;
  const url = new URL(settings.authorize_url);
  const clientId = 'app_id' in settings ? settings.app_id : settings.client_id;
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri(provider, origin));
  url.searchParams.set('state', state);
  if (provider === 'google') {
    url.searchParams.set('response_type', 'token');
    url.searchParams.set('scope', 'openid email profile');
  } else if (provider === 'facebook') {
    url.searchParams.set('response_type', 'token');
    url.searchParams.set('scope', 'email,public_profile');
  } else {
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'openid profile email');
  }
  return url.toString();
}

/** Remembers the attempt (state and where to go afterwards) and returns the address to go to. */
export function startSocialSignIn(provider: SocialProvider, config: AuthConfig['social'], next: string): string | null {
  const state = randomState();
  const url = authorizeUrl(provider, config, state);
  if (!url) return null;
  try {
    sessionStorage.setItem(STATE_KEY, JSON.stringify({ provider, state, next } satisfies Pending));
  } catch {
    return null;
  }
  return url;
}

/** Forgets the remembered attempt once it is over. */
export function endSocialSignIn(): void {
  try {
    sessionStorage.removeItem(STATE_KEY);
  } catch {
    // nothing stored
  }
}

/** The remembered attempt if `state` matches it. */
export function findSocialSignIn(provider: SocialProvider, state: string | null): { next: string } | null {
  let pending: Pending | null = null;
  try {
    const raw = sessionStorage.getItem(STATE_KEY);
    pending = raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    pending = null;
  }
  if (!pending || !state || pending.provider !== provider || pending.state !== state) return null;
  return { next: pending.next };
}
