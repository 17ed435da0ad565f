import { Navigate, Outlet } from 'react-router';
import { useIdentity } from '../lib/auth/identity';
import { useAppConfig } from '../lib/config/appConfig';
import { homeSendsToRegistration } from '../features/registration/steps';
import PageSpinner from '../components/PageSpinner';
import { registrationStep } from './registrationStep';

/**
 * Home for a signed-in user (app/RegistrationRedirect.tsx): the registration wizard first while
 * their group profile for this organization is missing, else the page.
 */
export default function RegistrationCheck() {
  const { ui } = useAppConfig();
  const { identity, isPending } = useIdentity();
  if (isPending) return <PageSpinner />;
  if (identity && !registrationStep(identity, '/') && homeSendsToRegistration(identity, ui)) {
    return <Navigate to="/registration" replace />;
  }
  return <Outlet />;
}
