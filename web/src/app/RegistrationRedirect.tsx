import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useIdentity } from '../lib/auth/identity';
import PageSpinner from '../components/PageSpinner';

// The wizard's rules (and the profile fields they read) load for signed-in users only: a guest's
// home does without them.
const RegistrationCheck = lazy(() => import('./RegistrationCheck'));

/**
 * Home: a signed-in, verified user whose group profile for this organization is still missing
 * is sent to the registration wizard first (docs/decisions.md "Registration wizard (issue 4)").
 * Guests and everyone else see the page at once. A route `lazy` of its own: the wizard's rules
 * (and the profile fields they read) load with the home page, not with every page, and only for
 * a signed-in user (app/RegistrationCheck.tsx), who sees the spinner they saw while their
 * identity loaded until then.
 */
export default function RegistrationRedirect() {
  const { signedIn } = useIdentity();
  if (!signedIn) return <Outlet />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <RegistrationCheck />
    </Suspense>
  );
}
