// The `next` query parameter: where to go once signed in (spec 000 §2 "Query behaviour").

/** A path inside this app, or the fallback: never another site. */
export function safeNext(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** `next` from a query string. */
export function nextFromSearch(search: string, fallback = '/'): string {
  return safeNext(new URLSearchParams(search).get('next'), fallback);
}

/** `path?next=…` */
export function pathWithNext(path: string, next: string): string {
  return `${path}?next=${encodeURIComponent(next)}`;
}
