import AdminItemTable from './AdminItemTable';
import { fetchResources } from './api';
import { MODERATION_TABS } from './itemRules';
import { resourceRow } from './rows';

/** /admin-dashboard/resources: the site's resources by status, newest first (spec 002 §7 "Resources"). */
export default function AdminResourcesPage() {
  return (
    <AdminItemTable
      title="Resources"
      area="resources"
      tabs={MODERATION_TABS}
      fetch={fetchResources}
      toRow={resourceRow}
      audit={{ entityType: 'resource', name: (item) => item.title }}
      empty="No resources found"
      chipsLabel="Topics"
    />
  );
}
