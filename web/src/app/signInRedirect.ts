import { pathWithNext } from '../lib/auth/next';

interface RouterLike {
  state: { location: { pathname: string; search: string; hash: string } };
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
}

/** Sends the user to /login?next=<where they were> through the router, once the session has expired. */
export function signInRedirect(router: RouterLike): () => void {
  return () => {
    const { pathname, search, hash } = router.state.location;
    if (pathname === '/login') return;
    void router.navigate(pathWithNext('/login', `${pathname}${search}${hash}`), { replace: true });
  };
}
