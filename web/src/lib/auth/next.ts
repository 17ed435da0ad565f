// The `next` query parameter: where to go once signed in (spec 000 §2 "Query behaviour"),
// and the join/follow intent a guest signs in for (spec 001 §2: /login?next={path}&join=true).

/** What a guest was doing when sent to sign in: the page starts it once they are back. */
export type Intent = 'join' | 'follow';
const INTENTS: readonly Intent[] = ['join', 'follow'];

/** A path inside this app, or the fallback: never another site. */
export function safeNext(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

function splitPath(path: string): { pathname: string; params: URLSearchParams; hash: string } {
  const hashAt = path.indexOf('#');
  const beforeHash = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const queryAt = beforeHash.indexOf('?');
  return {
    pathname: queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash,
    params: new URLSearchParams(queryAt >= 0 ? beforeHash.slice(queryAt + 1) : ''),
    hash: hashAt >= 0 ? path.slice(hashAt) : '',
  };
}

function joinPath(pathname: string, params: URLSearchParams, hash: string): string {
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}

/** `path` with `{intent}=true` in its own query. */
export function withIntent(path: string, intent: Intent): string {
  const { pathname, params, hash } = splitPath(path);
  params.set(intent, 'true');
  return joinPath(pathname, params, hash);
}

/** `path` without join/follow in its query. */
export function withoutIntents(path: string): string {
  const { pathname, params, hash } = splitPath(path);
  for (const intent of INTENTS) params.delete(intent);
  return joinPath(pathname, params, hash);
}

/**
 * `next` from a query string. A join=true or follow=true beside it goes along into next's own
 * query, so every way on from sign-in (the form, signup and its OTP step, social sign-in, an
 * already signed-in visit) lands on the page with the intent.
 */
export function nextFromSearch(search: string, fallback = '/'): string {
  const params = new URLSearchParams(search);
  const raw = params.get('next');
  const next = safeNext(raw, fallback);
  const intent = INTENTS.find((name) => params.get(name) === 'true');
  return intent && raw !== null && next === raw ? withIntent(next, intent) : next;
}

/** `path?next=…` */
export function pathWithNext(path: string, next: string): string {
  return `${path}?next=${encodeURIComponent(next)}`;
}

/** `path?next=…&join=true` (or follow=true): where a guest who tried to join or follow signs in. */
export function pathWithIntent(path: string, next: string, intent: Intent): string {
  return `${pathWithNext(path, withoutIntents(next))}&${intent}=true`;
}
