import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { pathWithNext } from '../lib/auth/next';
import { setSignInRedirect } from '../lib/api/renewal';

/**
 * Once the session has expired (lib/api/renewal), sends the user to /login?next=<where they
 * were> through the router, without a page load.
 */
export function useSignInRedirect(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef({ location, navigate });
  useLayoutEffect(() => {
    latest.current = { location, navigate };
  });
  useEffect(() => {
    setSignInRedirect(() => {
      const { pathname, search, hash } = latest.current.location;
      if (pathname === '/login') return;
      void latest.current.navigate(pathWithNext('/login', `${pathname}${search}${hash}`), { replace: true });
    });
    return () => setSignInRedirect(null);
  }, []);
}
