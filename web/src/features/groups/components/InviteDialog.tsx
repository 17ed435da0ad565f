import { useState, type FormEvent } from 'react';
import { Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { inviteUsers } from '../../../lib/groups/invitations';
import { emailError, INVITE_MESSAGES } from '../../../lib/groups/invite';
import type { Group, UserSearchResult } from '../../../lib/groups/types';
import FormDialog from './FormDialog';
import UserSearchField from './UserSearchField';

/** Invite People: pick people or type e-mail addresses (spec 001 §5 "Invite", §8). */
export default function InviteDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [users, setUsers] = useState<UserSearchResult[]>([]);
  const [emails, setEmails] = useState<string[]>([]);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: () =>
      inviteUsers({ object_id: group.id, content_type: 'group', users: users.map((user) => user.id), emails: emails.join(',') }),
    meta: { silent: true },
    onSuccess: () => {
      enqueueSnackbar(INVITE_MESSAGES.sent, { variant: 'success' });
      onClose();
    },
    onError: () => enqueueSnackbar(INVITE_MESSAGES.failed, { variant: 'error' }),
  });

  const addEmail = () => {
    const problem = emailError(email, emails);
    setError(problem);
    if (problem) return;
    setEmails((current) => [...current, email.trim()]);
    setEmail('');
    setFormError(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (users.length === 0 && emails.length === 0) {
      setFormError(INVITE_MESSAGES.nothing);
      return;
    }
    send.mutate();
  };

  return (
    <FormDialog title="Invite People" onClose={onClose} onSubmit={submit} submitting={send.isPending} submitLabel="Send">
      <Stack spacing={2.5}>
        <Typography variant="body2" color="text.secondary">
          {`Invite people to ${group.name}.`}
        </Typography>
        <UserSearchField
          label="Search people"
          value={users}
          onChange={(next) => {
            setUsers(next);
            setFormError(null);
          }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            fullWidth
            label="Email address"
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addEmail();
              }
            }}
            error={Boolean(error)}
            helperText={error ?? 'Press Enter or Add after each address'}
          />
          <Button variant="outlined" onClick={addEmail} sx={{ mt: 1 }}>
            Add
          </Button>
        </Stack>
        {emails.length > 0 && (
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            {emails.map((item) => (
              <Chip key={item} label={item} onDelete={() => setEmails((current) => current.filter((other) => other !== item))} />
            ))}
          </Stack>
        )}
        {formError && (
          <Typography color="error" variant="body2" role="alert">
            {formError}
          </Typography>
        )}
      </Stack>
    </FormDialog>
  );
}
