import { useState, type FormEvent } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { addMember } from '../../../lib/groups/membership';
import { serverMessage } from '../../../lib/groups/messages';
import { capitalize, managedRoles } from '../../../lib/groups/rules';
import type { Group, UserSearchResult } from '../../../lib/groups/types';
import { useRefreshGroups } from '../api/group';
import FormDialog from '../../../components/FormDialog';
import UserSearchField from './UserSearchField';

interface Props {
  group: Group;
  onClose: () => void;
  /** The person to add, chosen already (Add back on the Rejected tab). */
  initialUser?: UserSearchResult;
  /** Their role before, offered first when the group still has it. */
  initialRole?: string | null;
}

/** Adds a non-member, follower or rejected user under a chosen role (POST add-member/ {user, role}). */
export default function AddMemberDialog({ group, onClose, initialUser, initialRole }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshGroups();
  const roles = managedRoles(group.group_type);
  const fallbackRole = group.group_type === 'event' ? 'attendee' : 'member';
  const [user, setUser] = useState<UserSearchResult[]>(initialUser ? [initialUser] : []);
  const [role, setRole] = useState<string>(initialRole && roles.includes(initialRole) ? initialRole : fallbackRole);
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => addMember(group.id, user[0]!.id, role),
    meta: { silent: true },
    onSuccess: async () => {
      enqueueSnackbar(`Successfully added as ${role}`, { variant: 'success' });
      await refresh();
      onClose();
    },
    onError: (cause) => enqueueSnackbar(serverMessage(cause) ?? `Could not add as ${role}`, { variant: 'error' }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (user.length === 0) {
      setError('Please select a user');
      return;
    }
    add.mutate();
  };
  return (
    <FormDialog title="Add member" onClose={onClose} onSubmit={submit} submitting={add.isPending} submitLabel="Add">
      <Stack spacing={2.5}>
        <UserSearchField
          label="Person"
          multiple={false}
          autoFocus={!initialUser}
          value={user}
          onChange={(next) => {
            setUser(next);
            setError(null);
          }}
        />
        {error && (
          <Typography color="error" variant="body2" role="alert">
            {error}
          </Typography>
        )}
        <TextField select label="Role" value={role} onChange={(event) => setRole(event.target.value)} autoFocus={Boolean(initialUser)}>
          {roles.map((item) => (
            <MenuItem key={item} value={item}>
              {capitalize(item)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
