import { useIdentity } from '../../../lib/auth/identity';
import AdminItemTable from './AdminItemTable';
import { fetchAiTools } from './api';
import { MODERATION_TABS } from './itemRules';
import { aiToolRow } from './rows';

/** /admin-dashboard/ai-tools: the default organization's AI tools by status, newest first (spec 002 §4, §7). */
export default function AdminAiToolsPage() {
  const { identity } = useIdentity();
  const orgId = identity?.organization?.id;
  return (
    <AdminItemTable
      title="AI Tools"
      area={`ai-tools-${orgId ?? 0}`}
      tabs={MODERATION_TABS}
      fetch={(query, signal) => fetchAiTools(orgId ?? 0, query, signal)}
      toRow={(tool) => aiToolRow(tool, orgId)}
      audit={{ entityType: 'ai_tool', name: (item) => item.name }}
      enabled={orgId !== undefined}
      empty="No ai tools found."
      chipsLabel="Categories"
    />
  );
}
