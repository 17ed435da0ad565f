import { Box, Container } from '@mui/material';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useIdentity } from '../../../lib/auth/identity';
import { detailTabs, groupPath } from '../../../lib/groups/rules';
import { useGroupBySlug } from '../api/group';
import type { GroupContext } from '../../../lib/groups/groupContext';
import GroupHero from '../components/GroupHero';
import GroupNotFound from '../components/GroupNotFound';
import GroupSkeleton from '../components/GroupSkeleton';
import { ItemLoadError } from '../../../components/lists/ListStates';
import TabsBar from '../components/TabsBar';
import { subPath } from './subPath';

/** /circle/{slug}/* and /event/{slug}/*: the hero, the tabs this viewer gets, and the chosen tab. */
function DetailLayout({ kind }: { kind: 'circle' | 'event' }) {
  const { slug = '' } = useParams();
  const { pathname, search, hash } = useLocation();
  const query = useGroupBySlug(slug);
  const { signedIn, identity, isPending: identityPending } = useIdentity();

  if (query.isPending || identityPending) return <GroupSkeleton />;
  if (query.isError) {
    return <ItemLoadError error={query.error} notFound={<GroupNotFound kind={kind} />} onRetry={() => void query.refetch()} />;
  }
  const group = query.data;
  // An event at /circle/{slug} (or a circle at /event/…, an organization at either) is shown
  // on its own page, keeping the query (a join=true) and the hash.
  if (group.group_type !== kind) return <Navigate to={`${groupPath(group)}${search}${hash}`} replace />;
  const base = groupPath(group);
  const tabs = detailTabs(group, signedIn);
  const current = subPath(pathname);
  // A tab this viewer does not get goes back to the overview.
  if (current && !tabs.some((tab) => tab.path === current)) return <Navigate to={base} replace />;
  const context: GroupContext = { group, signedIn, identity };
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <GroupHero group={group} signedIn={signedIn} />
      {tabs.length > 0 && <TabsBar tabs={tabs} base={base} current={current} label={`${kind} sections`} />}
      <Box sx={{ mt: { xs: 2, md: 3 } }}>
        <Outlet context={context} />
      </Box>
    </Container>
  );
}

export function CircleLayout() {
  return <DetailLayout kind="circle" />;
}

export function EventLayout() {
  return <DetailLayout kind="event" />;
}
