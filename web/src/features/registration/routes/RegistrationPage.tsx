import { useIdentity } from '../../../lib/auth/identity';
import { useAppConfig } from '../../../lib/config/appConfig';
import PageSpinner from '../../../components/PageSpinner';
import RegistrationWizard from '../components/RegistrationWizard';

/** /registration: the wizard for the signed-in, verified user (AuthGuard). */
export default function RegistrationPage() {
  const { ui } = useAppConfig();
  const { identity } = useIdentity();
  if (!identity) return <PageSpinner />;
  return <RegistrationWizard identity={identity} ui={ui} />;
}
