import { useState, type FormEvent } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { addMember } from '../../../lib/groups/membership';
import { serverMessage } from '../../../lib/groups/messages';
import { capitalize, EVENT_ROLES, GROUP_ROLES } from '../../../lib/groups/rules';
import type { Group, UserSearchResult } from '../../../lib/groups/types';
import { useRefreshGroups } from '../api/group';
import FormDialog from './FormDialog';
import UserSearchField from './UserSearchField';

/** Adds a non-member, follower or rejected user under a chosen role (POST add-member/ {user, role}). */
export default function AddMemberDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshGroups();
  const roles = group.group_type === 'event' ? EVENT_ROLES : GROUP_ROLES;
  const [user, setUser] = useState<UserSearchResult[]>([]);
  const [role, setRole] = useState<string>(group.group_type === 'event' ? 'attendee' : 'member');
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
        <TextField select label="Role" value={role} onChange={(event) => setRole(event.target.value)}>
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
