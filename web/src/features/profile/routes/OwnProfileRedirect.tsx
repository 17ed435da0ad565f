import { Container } from '@mui/material';
import { Navigate } from 'react-router';
import { useIdentity } from '../../../lib/auth/identity';
import PageSpinner from '../../../components/PageSpinner';
import { ListError } from '../../../components/lists/ListStates';

/** /profile: one's own profile page (the route guard sends guests to sign in first). */
export default function OwnProfileRedirect() {
  const { identity, isPending } = useIdentity();
  if (isPending) return <PageSpinner />;
  const slug = identity?.profile.name_slug;
  if (!slug) {
    return (
      <Container maxWidth="sm" sx={{ py: 4 }}>
        <ListError message="Could not fetch item" onRetry={() => window.location.reload()} />
      </Container>
    );
  }
  return <Navigate to={`/profile/${encodeURIComponent(slug)}`} replace />;
}
