import { useIdentity } from '../../../lib/auth/identity';
import AdminItemTable from './AdminItemTable';
import { fetchUseCases } from './api';
import { MODERATION_TABS } from './itemRules';
import { rowOfUseCase } from './rows';

/** /admin-dashboard/usecases: the default organization's use cases by status, newest first (spec 002 §4, §7). */
export default function AdminUseCasesPage() {
  const { identity } = useIdentity();
  const orgId = identity?.organization?.id;
  return (
    <AdminItemTable
      title="Use Cases"
      area={`use-cases-${orgId ?? 0}`}
      tabs={MODERATION_TABS}
      fetch={(query, signal) => fetchUseCases(orgId ?? 0, query, signal)}
      toRow={(item) => rowOfUseCase(item, orgId)}
      audit={{ entityType: 'use_case', name: (item) => item.title }}
      enabled={orgId !== undefined}
      empty="No use cases found."
      chipsLabel="Topics"
    />
  );
}
