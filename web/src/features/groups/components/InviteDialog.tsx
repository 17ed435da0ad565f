import { useState, type FormEvent } from 'react';
import { Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import EmailListField from '../../../components/invite/EmailListField';
import { useEmailList } from '../../../components/invite/useEmailList';
import { inviteUsers } from '../../../lib/groups/invitations';
import { INVITE_MESSAGES } from '../../../lib/invite/emails';
import type { Group, UserSearchResult } from '../../../lib/groups/types';
import FormDialog from '../../../components/FormDialog';
import UserSearchField from './UserSearchField';

/**
 * Invite People: pick people (search after more than 1 character, 300 ms, 100 a page) or
 * type e-mail addresses (spec 001 §5 "Invite", §8, §9). An address still in the box is added
 * on Send.
 */
export default function InviteDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [users, setUsers] = useState<UserSearchResult[]>([]);
  const list = useEmailList();
  const [formError, setFormError] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: (emails: string[]) =>
      inviteUsers({ object_id: group.id, content_type: 'group', users: users.map((user) => user.id), emails: emails.join(',') }),
    meta: { silent: true },
    onSuccess: () => {
      enqueueSnackbar(INVITE_MESSAGES.sent, { variant: 'success' });
      onClose();
    },
    onError: () => enqueueSnackbar(INVITE_MESSAGES.failed, { variant: 'error' }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const emails = list.take();
    if (!emails) return;
    if (users.length === 0 && emails.length === 0) {
      setFormError(INVITE_MESSAGES.nothing);
      return;
    }
    setFormError(null);
    send.mutate(emails);
  };

  return (
    <FormDialog title="Invite People" onClose={onClose} onSubmit={submit} submitting={send.isPending} submitLabel="Send">
      <Stack spacing={2.5}>
        <Typography variant="body2" color="text.secondary">
          {`Invite people to ${group.name}.`}
        </Typography>
        <UserSearchField
          label="Search people"
          autoFocus
          value={users}
          onChange={(next) => {
            setUsers(next);
            setFormError(null);
          }}
        />
        <EmailListField
          list={{
            ...list,
            setText: (text) => {
              list.setText(text);
              setFormError(null);
            },
          }}
        />
        {formError && (
          <Typography color="error" variant="body2" role="alert">
            {formError}
          </Typography>
        )}
      </Stack>
    </FormDialog>
  );
}
