/** Pages that take a `next` themselves: linking from them passes their `next` on instead of nesting. */
const PAGES_WITH_NEXT = new Set(['/login', '/signup', '/verify-otp']);

/**
 * `/login?next=…` style links that bring the user back to where they were: `next` is the
 * current path and query string (spec 000 §2 "Query behaviour").
 */
export function withNext(target: string, location: { pathname: string; search: string }): string {
  let next = `${location.pathname}${location.search}` || '/';
  if (PAGES_WITH_NEXT.has(location.pathname)) {
    next = new URLSearchParams(location.search).get('next') || '/';
  }
  return `${target}?next=${encodeURIComponent(next)}`;
}
