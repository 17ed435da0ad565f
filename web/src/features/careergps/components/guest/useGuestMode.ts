import { useState } from 'react';
import { useIdentity } from '../../../../lib/auth/identity';

/**
 * Whether the agent page runs the visitor's flow: no session, or the trial account that the
 * CareerGPS registration gives. Null only while a session's identity loads for the first time;
 * a reload of the identity (after signing in) keeps the answer shown, so the page stays put.
 */
export function useGuestMode(): boolean | null {
  const { signedIn, identity } = useIdentity();
  const [last, setLast] = useState<boolean | null>(null);
  const now = !signedIn ? true : identity ? Boolean(identity.is_trial_user) : last;
  if (now !== last) setLast(now);
  return now;
}
