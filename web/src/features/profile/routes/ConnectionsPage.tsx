import { Stack } from '@mui/material';
import { useProfileContext } from '../profileContext';
import CirclesSection from '../components/connections/CirclesSection';
import ConnectionsSection from '../components/connections/ConnectionsSection';

/** /profile/{slug}/connections: Career Circles, the person's circles and connections. */
export default function ConnectionsPage() {
  const { profile, viewer } = useProfileContext();
  const first = profile.first_name;
  return (
    <Stack spacing={{ xs: 2, md: 3 }}>
      <CirclesSection
        userId={profile.id}
        emptyText={viewer.isOwner ? 'You have not joined any circles yet.' : `${first} has not joined any circles yet.`}
      />
      <ConnectionsSection
        userId={profile.id}
        emptyText={viewer.isOwner ? 'You do not have any connections yet!' : `${first} does not have any connections yet.`}
      />
    </Stack>
  );
}
