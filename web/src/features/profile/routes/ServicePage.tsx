import { useProfileContext } from '../profileContext';
import ServicesSection from '../components/about/ServicesSection';

/** /profile/{slug}/service: the services a person offers. */
export default function ServicePage() {
  const { profile, viewer } = useProfileContext();
  return <ServicesSection userId={profile.id} firstName={profile.first_name} canEdit={viewer.isOwner} showEmpty />;
}
