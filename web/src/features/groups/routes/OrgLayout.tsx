import { Box, Container } from '@mui/material';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useIdentity } from '../../../lib/auth/identity';
import { useAppConfig } from '../../../lib/config/appConfig';
import { groupPath, orgTabs } from '../../../lib/groups/rules';
import { useGroupBySlug } from '../api/group';
import type { GroupContext } from '../../../lib/groups/groupContext';
import GroupNotFound from '../components/GroupNotFound';
import GroupSkeleton from '../components/GroupSkeleton';
import { ItemLoadError } from '../../../components/lists/ListStates';
import OrgHeader from '../components/OrgHeader';
import TabsBar from '../components/TabsBar';
import { subPath } from './subPath';

/** /org/{slug}/*: the header, the tab bar for members, administrators and influencers, and the chosen tab. */
export default function OrgLayout() {
  const { slug = '' } = useParams();
  const { pathname, search, hash } = useLocation();
  const query = useGroupBySlug(slug);
  const { signedIn, identity, isPending: identityPending } = useIdentity();
  const showJobMenu = useAppConfig().ui.show_job_menu;
  if (query.isPending || identityPending) return <GroupSkeleton />;
  if (query.isError) {
    return <ItemLoadError error={query.error} notFound={<GroupNotFound kind="organization" />} onRetry={() => void query.refetch()} />;
  }
  const group = query.data;
  // Circles and events have pages of their own (organizations and institutions live here).
  if (group.group_type === 'circle' || group.group_type === 'event') {
    return <Navigate to={`${groupPath(group)}${search}${hash}`} replace />;
  }
  const base = `/org/${encodeURIComponent(slug)}`;
  const tabs = orgTabs(group, signedIn, showJobMenu);
  const current = subPath(pathname);
  if (current && !tabs.some((tab) => tab.path === current)) return <Navigate to={base} replace />;
  const context: GroupContext = { group, signedIn, identity };
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <OrgHeader group={group} signedIn={signedIn} />
      {tabs.length > 0 && <TabsBar tabs={tabs} base={base} current={current} label="Organization sections" />}
      <Box sx={{ mt: { xs: 2, md: 3 } }}>
        <Outlet context={context} />
      </Box>
    </Container>
  );
}
