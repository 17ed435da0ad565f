import { Button, Stack } from '@mui/material';
import { Link as RouterLink, Navigate } from 'react-router';
import { groupPath, isAdministrator } from '../../../lib/groups/rules';
import { useGroupContext } from '../../../lib/groups/groupContext';
import ApplicantsTable from '../components/ApplicantsTable';
import ClassroomPanel from '../components/ClassroomPanel';
import { EditIcon } from '../components/icons';

/** Event applicants come 15 a page, circle applicants 12 (spec 001 §9). */
const PAGE_SIZE = { event: 15, circle: 12 } as const;

/** The Admin tab (administrators only): the applicants table, and links to edit the group and its questions. */
export default function DetailAdminPage() {
  const { group, identity } = useGroupContext();
  if (!isAdministrator(group)) return <Navigate to={groupPath(group)} replace />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`/groups/${group.id}/edit`} variant="outlined" startIcon={<EditIcon />}>
          Edit {group.group_type}
        </Button>
        <Button component={RouterLink} to={`/groups/${group.id}/questions`} variant="outlined">
          Edit questions
        </Button>
      </Stack>
      <ClassroomPanel group={group} identity={identity} />
      <ApplicantsTable group={group} pageSize={group.group_type === 'event' ? PAGE_SIZE.event : PAGE_SIZE.circle} />
    </Stack>
  );
}
