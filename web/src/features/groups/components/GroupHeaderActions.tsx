import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { groupPath, isAdministrator } from '../../../lib/groups/rules';
import type { Group } from '../../../lib/groups/types';
import ShareMenu from './ShareMenu';
import { EditIcon } from './icons';

// The invitation dialog loads when it is opened. It is a modal: nothing on the page moves
// meanwhile.
const InviteDialog = lazy(() => import('./InviteDialog'));

interface Props {
  group: Group;
  /** Whether Invite People shows (the caller's rule). */
  mayInvite: boolean;
  editVariant: 'outlined' | 'contained';
}

/** The last buttons of a group's header: Invite People (with its dialog), Share, and Edit for administrators. */
export default function GroupHeaderActions({ group, mayInvite, editVariant }: Props) {
  const [inviting, setInviting] = useState(false);
  return (
    <>
      {mayInvite && (
        <Button variant="outlined" onClick={() => setInviting(true)}>
          Invite People
        </Button>
      )}
      <ShareMenu path={groupPath(group)} />
      {isAdministrator(group) && (
        <Button component={RouterLink} to={`/groups/${group.id}/edit`} variant={editVariant} startIcon={<EditIcon />}>
          Edit
        </Button>
      )}
      {inviting && (
        <Suspense fallback={null}>
          <InviteDialog group={group} onClose={() => setInviting(false)} />
        </Suspense>
      )}
    </>
  );
}
