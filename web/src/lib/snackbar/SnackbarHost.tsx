import { lazy, Suspense, useSyncExternalStore } from 'react';
import { snackbarRequested, subscribeSnackbarRequest } from './snackbar';

const SnackbarStack = lazy(() => import('./SnackbarStack'));

/** Where the toasts appear: renders nothing until the first message, then the stack. */
export default function SnackbarHost() {
  const requested = useSyncExternalStore(subscribeSnackbarRequest, snackbarRequested, snackbarRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SnackbarStack />
    </Suspense>
  );
}
