// React's view of the stored session.
import { useSyncExternalStore } from 'react';
import { isSignedIn, sessionVersion, subscribeSession } from '../session';

/** Re-renders on every sign-in and sign-out. */
export function useSessionVersion(): number {
  return useSyncExternalStore(subscribeSession, sessionVersion, sessionVersion);
}

/** Whether there is a stored session (re-rendered on sign-in and sign-out). */
export function useSignedIn(): boolean {
  useSessionVersion();
  return isSignedIn();
}
