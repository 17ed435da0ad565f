import { useProfileContext } from '../profileContext';
import CareerTimeline from '../components/career/CareerTimeline';

/** /profile/{slug}/experience: the Career Tree. */
export default function ExperiencePage() {
  const { profile, viewer } = useProfileContext();
  return <CareerTimeline type="work" userId={profile.id} firstName={profile.first_name} isOwner={viewer.isOwner} />;
}
