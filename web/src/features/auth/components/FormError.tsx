import { lazy, Suspense } from 'react';

// Shown only after a server error: its code loads then, not with every sign-in page.
const Alert = lazy(() => import('@mui/material/Alert'));

/** The form-wide message left over from a server error. */
export default function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <Suspense fallback={null}>
      <Alert severity="error" role="alert">
        {message}
      </Alert>
    </Suspense>
  );
}
