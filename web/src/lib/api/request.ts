// Calls typed by hand rather than through the generated schema (for endpoints whose types a
// feature declares itself). Same rules as the typed client: Bearer token, current_org on
// GET requests, token renewal on a 401, ApiError for a failure.
import { ApiError, type ApiErrorBody } from './errors';
import { renews, retryAfterRenewal } from './renewal';
import { getAccessToken, getCurrentOrg } from '../session';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function buildRequest(method: Method, path: string, options: RequestOptions): Request {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== null && value !== undefined) url.searchParams.set(key, String(value));
  }
  const org = getCurrentOrg();
  if (org && method === 'GET' && !url.searchParams.has('current_org')) url.searchParams.set('current_org', org);
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return new Request(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends one API call and returns its JSON answer (undefined when empty), or throws ApiError. */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const request = buildRequest(method, path, options);
  const copy = renews(request.url) ? request.clone() : null;
  let response: Response;
  try {
    response = await globalThis.fetch(request);
    if (response.status === 401 && copy) response = await retryAfterRenewal(copy, response);
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    throw new ApiError(0, null, cause instanceof Error ? cause.message : 'Network error');
  }
  const body = await readJson(response);
  if (!response.ok) {
    throw new ApiError(response.status, body && typeof body === 'object' ? (body as ApiErrorBody) : null);
  }
  return body as T;
}
