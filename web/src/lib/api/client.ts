// The typed API client. Types come from openapi.json (npm run gen:api).
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { ApiError, type ApiErrorBody } from './errors';
import { getAccessToken, getCurrentOrg } from '../session';
import { renews, retryAfterRenewal } from './renewal';

const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';

// fetch is looked up per call (not captured once), so test interceptors and polyfills apply.
export const api = createClient<paths>({ baseUrl: origin, fetch: (request) => globalThis.fetch(request) });

/** Bearer token on every request; current_org on GET requests (spec 000 §7). */
const sessionMiddleware: Middleware = {
  onRequest({ request }) {
    const token = getAccessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    const org = getCurrentOrg();
    if (org && request.method === 'GET') {
      const url = new URL(request.url);
      if (!url.searchParams.has('current_org')) {
        url.searchParams.set('current_org', org);
        return new Request(url, request);
      }
    }
    return request;
  },
};

api.use(sessionMiddleware);

/**
 * Token renewal on a 401 (spec 000 §4 "Token refresh", §8 "401"): an unsent copy of every
 * request is kept until its answer is in; a 401 renews the access token once (requests
 * failing meanwhile wait for that renewal) and repeats the request. When renewal fails or
 * there is no refresh token the session is cleared and the user goes to /login?next=….
 */
const pendingCopies = new Map<string, Request>();

const renewalMiddleware: Middleware = {
  onRequest({ request, id }) {
    if (renews(request.url)) pendingCopies.set(id, request.clone());
    return undefined;
  },
  async onResponse({ response, id }) {
    const copy = pendingCopies.get(id);
    pendingCopies.delete(id);
    if (!copy || response.status !== 401) return undefined;
    return retryAfterRenewal(copy, response);
  },
  onError({ id }) {
    pendingCopies.delete(id);
    return undefined;
  },
};

// Registered after the session middleware, so the copy carries the token it was sent with.
api.use(renewalMiddleware);

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Awaits an openapi-fetch call and returns its data, or throws ApiError: with the error
 * body for an error status, with status 0 when no answer came (the body of a non-JSON
 * error, such as a proxy's HTML page, is dropped). A cancelled request (the
 * query was abandoned) rethrows its AbortError untouched, so it never becomes a toast.
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    throw new ApiError(0, null, cause instanceof Error ? cause.message : 'Network error');
  }
  if (!result.response.ok) {
    const body = (result.error && typeof result.error === 'object' ? result.error : null) as ApiErrorBody | null;
    throw new ApiError(result.response.status, body);
  }
  // An empty success (204) has no data; its operation's type says so.
  return result.data as T;
}
