// Token renewal (spec 000 §4 "Token refresh", §8 "401"): on a 401 the access token is renewed
// once with the refresh token; requests failing meanwhile wait for that one renewal and are
// repeated. When renewal fails or there is no refresh token the session is cleared and the
// user goes to /login?next=….
import { clearSession, getAccessToken, getRefreshToken, renewTokens } from '../session';

/** Calls that must never trigger a renewal themselves: signing in, signing up, renewing. */
const NO_RENEWAL = [
  '/api/v1/token/',
  '/api/v1/token/refresh/',
  '/api/v1/register/',
  '/api/v1/logout/',
  '/api/v1/google/login/',
  '/api/v1/facebook/login/',
  '/api/v1/linkedin/login/',
  '/api/v1/register-career-gps/',
];

export function renews(url: string): boolean {
  const path = new URL(url, 'http://localhost').pathname;
  return !NO_RENEWAL.includes(path);
}

type SignInRedirect = () => void;

function defaultRedirect(): void {
  const { pathname, search } = window.location;
  if (pathname === '/login') return;
  window.location.assign(`/login?next=${encodeURIComponent(`${pathname}${search}`)}`);
}

let redirectToSignIn: SignInRedirect = defaultRedirect;

/** The app's router takes over the redirect to /login (no page load). */
export function setSignInRedirect(redirect: SignInRedirect | null): void {
  redirectToSignIn = redirect ?? defaultRedirect;
}

/** Ends the session and sends the user to sign in again. */
export function expireSession(): void {
  clearSession();
  redirectToSignIn();
}

// 'offline': the renewal got no answer; the session stays and the 401 goes to the caller.
type Renewal = string | null | 'offline';
let pending: Promise<Renewal> | null = null;

async function renew(): Promise<Renewal> {
  const refresh = getRefreshToken();
  if (!refresh) return null;
  let response: Response;
  try {
    response = await globalThis.fetch(new URL('/api/v1/token/refresh/', window.location.origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh }),
    });
  } catch {
    return 'offline';
  }
  if (!response.ok) return null;
  try {
    const body = (await response.json()) as { data?: { access?: string; refresh?: string } };
    const access = body.data?.access;
    if (!access) return null;
    renewTokens(access, body.data?.refresh);
    return access;
  } catch {
    return null;
  }
}

/** The one renewal in flight, started if there is none. */
function renewOnce(): Promise<Renewal> {
  pending ??= renew().finally(() => {
    pending = null;
  });
  return pending;
}

function bearer(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

/**
 * The answer to `retry` (an unsent copy of a request that got `response`, a 401): the request
 * repeated with a renewed token, or `response` itself when it cannot be repeated.
 */
export async function retryAfterRenewal(retry: Request, response: Response): Promise<Response> {
  const used = bearer(retry);
  const current = getAccessToken();
  // Renewed by another request after this one left: repeat it with the new token.
  const token = current && used && current !== used ? current : await renewOnce();
  if (token === 'offline') return response;
  if (!token) {
    expireSession();
    return response;
  }
  retry.headers.set('Authorization', `Bearer ${token}`);
  return globalThis.fetch(retry);
}

/**
 * For calls sent outside fetch (XMLHttpRequest uploads, which report progress): the access
 * token to repeat a call with after it got a 401 with `used`, or null when it cannot be
 * repeated (no answer from the renewal; or the session ended, which also goes to sign-in).
 */
export async function accessTokenAfter401(used: string | null): Promise<string | null> {
  const current = getAccessToken();
  const token = current && used && current !== used ? current : await renewOnce();
  if (token === 'offline') return null;
  if (!token) {
    expireSession();
    return null;
  }
  return token;
}
