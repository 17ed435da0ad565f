import type { ReactNode } from 'react';
import { Alert, Container } from '@mui/material';
import { useParams } from 'react-router';
import { ItemLoadError } from '../../../components/lists/ListStates';
import { isAdministrator } from '../../../lib/groups/rules';
import type { Group } from '../../../lib/groups/types';
import { useGroupById } from '../api/group';
import GroupNotFound from './GroupNotFound';
import GroupSkeleton from './GroupSkeleton';

function useEditableGroup() {
  const { id } = useParams();
  const groupId = Number(id) || null;
  return useGroupById(groupId);
}

function NoPermission() {
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Alert severity="error">You do not have permission to edit this group.</Alert>
    </Container>
  );
}

/** The group of /groups/{id}/…: its loading, missing and not-allowed states for the edit and questions pages. */
export default function EditableGroup({ render }: { render: (group: Group) => ReactNode }) {
  const query = useEditableGroup();
  if (query.isPending) return <GroupSkeleton />;
  if (query.isError) {
    return <ItemLoadError error={query.error} notFound={<GroupNotFound kind="group" />} maxWidth="md" onRetry={() => void query.refetch()} />;
  }
  if (!isAdministrator(query.data)) return <NoPermission />;
  return <>{render(query.data)}</>;
}
