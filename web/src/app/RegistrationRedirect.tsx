import { Navigate, Outlet } from 'react-router';
import { useIdentity } from '../lib/auth/identity';
import { useAppConfig } from '../lib/config/appConfig';
import { homeSendsToRegistration } from '../features/registration/steps';
import PageSpinner from '../components/PageSpinner';
import { registrationStep } from './registrationStep';

/**
 * Home: a signed-in, verified user whose group profile for this organization is still missing
 * is sent to the registration wizard first (docs/decisions.md "Registration wizard (issue 4)").
 * Guests and everyone else see the page at once. A route `lazy` of its own: the wizard's rules
 * (and the profile fields they read) load with the home page, not with every page.
 */
export default function RegistrationRedirect() {
  const { ui } = useAppConfig();
  const { signedIn, identity, isPending } = useIdentity();
  if (!signedIn) return <Outlet />;
  if (isPending) return <PageSpinner />;
  if (identity && !registrationStep(identity, '/') && homeSendsToRegistration(identity, ui)) {
    return <Navigate to="/registration" replace />;
  }
  return <Outlet />;
}
