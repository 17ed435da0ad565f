import { lazy, Suspense, useState } from 'react';
import { Box, Container, Tab } from '@mui/material';
import ProfileTabs from '../components/ProfileTabs';
import { Link as RouterLink, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useIdentity } from '../../../lib/auth/identity';
import { pathWithNext } from '../../../lib/auth/next';
import { useProfile } from '../api/profilePage';
import { profileTabs, viewerOf, type EditSection, type ProfileContext } from '../profileContext';
import ProfileHeader from '../components/ProfileHeader';
import ProfileSkeleton from '../components/ProfileSkeleton';
import UserNotFound from '../components/UserNotFound';
import { ItemLoadError } from '../../../components/lists/ListStates';

// The dialogs load when first opened.
const EditProfileDialog = lazy(() => import('../components/edit/EditProfileDialog'));
const ImportProfileDialog = lazy(() => import('../components/ImportProfileDialog'));

/** The part of the address after /profile/{slug}/ ('' for the About tab). */
function subPath(pathname: string): string {
  return pathname.replace(/\/+$/, '').split('/').slice(3).join('/');
}

/** /profile/{slug}/*: the header, the tabs this viewer gets, and the chosen tab. */
export default function ProfileLayout() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const profile = useProfile(slug);
  const { identity, signedIn, isPending: identityPending } = useIdentity();
  const [editing, setEditing] = useState<EditSection | null>(null);
  const [importing, setImporting] = useState(false);

  if (profile.isPending || identityPending) return <ProfileSkeleton />;
  if (profile.isError) {
    return <ItemLoadError error={profile.error} notFound={<UserNotFound />} onRetry={() => void profile.refetch()} />;
  }

  const page = profile.data;
  const viewer = viewerOf(page, identity, signedIn);
  const current = subPath(location.pathname);
  const base = `/profile/${encodeURIComponent(slug)}`;
  // The Account tab is the owner's alone.
  if (current === 'account' && !viewer.isOwner) {
    return <Navigate to={signedIn ? base : pathWithNext('/login', location.pathname)} replace />;
  }
  const tabs = profileTabs(page, viewer);
  const selected = tabs.some((tab) => tab.path === current) ? current : false;
  const context: ProfileContext = { profile: page, viewer, openEditor: (section = 'career') => setEditing(section) };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <ProfileHeader profile={page} viewer={viewer} onEdit={() => setEditing('career')} onImport={() => setImporting(true)} />
      <ProfileTabs value={selected} sx={{ mt: 2 }}>
        {tabs.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={tab.label} component={RouterLink} to={tab.path ? `${base}/${tab.path}` : base} />
        ))}
      </ProfileTabs>
      <Box sx={{ mt: { xs: 2, md: 3 } }}>
        <Outlet context={context} />
      </Box>
      <Suspense fallback={null}>
        {viewer.isOwner && editing && (
          <EditProfileDialog profile={page} initialSection={editing} onClose={() => setEditing(null)} />
        )}
        {(viewer.isOwner || viewer.isStaffVisitor) && importing && (
          <ImportProfileDialog profile={page} forOther={!viewer.isOwner} onClose={() => setImporting(false)} />
        )}
      </Suspense>
    </Container>
  );
}
