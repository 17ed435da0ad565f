import { useProfileContext } from '../profileContext';
import CareerTimeline from '../components/career/CareerTimeline';

/** /profile/{slug}/education: Education and Learning. */
export default function EducationPage() {
  const { profile, viewer } = useProfileContext();
  return <CareerTimeline type="education" userId={profile.id} firstName={profile.first_name} isOwner={viewer.isOwner} />;
}
