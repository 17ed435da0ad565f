// A join=true or follow=true in the page's address (a guest back from signing in, spec 001
// §2): done once the page is ready, then taken out of the address.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Intent } from '../../lib/auth/next';

/**
 * Runs `act` once when the address asks for `intent` and `ready` is true (signed in, the
 * group's current state loaded), and replaces the address without the parameter.
 */
export function useAddressIntent(intent: Intent, ready: boolean, act: () => void): void {
  const [params, setParams] = useSearchParams();
  const asked = params.get(intent) === 'true';
  const done = useRef(false);
  useEffect(() => {
    if (!asked || !ready || done.current) return;
    done.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(intent);
        return next;
      },
      { replace: true },
    );
    act();
  }, [asked, ready, act, intent, setParams]);
}
