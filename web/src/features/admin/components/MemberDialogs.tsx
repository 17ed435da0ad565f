// The members table's dialogs: a reason (reject: asked; remove: required), invite by
// e-mail, and the choice of a system agent to rerun on the selection.
import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import ConfirmDialog from '../../../components/ConfirmDialog';
import FormDialog from '../../../components/FormDialog';
import EmailListField from '../../../components/invite/EmailListField';
import { useEmailList } from '../../../components/invite/useEmailList';
import { useSnackbar } from '../../../lib/snackbar';
import { inviteToOrganization, type SystemAgent } from '../api/members';

const MAX_REASON = 1000;

export function ReasonDialog({
  title,
  label,
  required,
  confirmLabel,
  pending,
  onCancel,
  onConfirm,
}: {
  title: string;
  label: string;
  required: boolean;
  confirmLabel: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const blank = reason.trim() === '';
  return (
    <ConfirmDialog
      open
      title={title}
      message={required ? 'Tell the member why. The reason is mailed to them and kept in the history.' : 'You may add a reason; it is mailed to them and kept in the history.'}
      confirmLabel={confirmLabel}
      pending={pending}
      confirmDisabled={required && blank}
      onCancel={onCancel}
      onConfirm={() => onConfirm(reason.trim())}
    >
      <TextField
        label={label}
        required={required}
        fullWidth
        multiline
        minRows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value.slice(0, MAX_REASON))}
        sx={{ mt: 2 }}
      />
    </ConfirmDialog>
  );
}

export function InviteDialog({ orgId, onClose }: { orgId: number; onClose: () => void }) {
  const list = useEmailList();
  const { enqueueSnackbar } = useSnackbar();
  const invite = useMutation({
    mutationFn: (emails: string[]) => inviteToOrganization(orgId, emails),
    onSuccess: () => {
      enqueueSnackbar('Invitation sent successfully.', { variant: 'success' });
      onClose();
    },
    onError: () => enqueueSnackbar('Could not send invitation.', { variant: 'error' }),
  });
  return (
    <FormDialog
      title="Invite members"
      submitLabel="Send"
      submitting={invite.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const emails = list.take();
        if (!emails) return;
        if (emails.length === 0) {
          list.setError('Please enter an email');
          return;
        }
        invite.mutate(emails);
      }}
    >
      <EmailListField list={list} autoFocus />
    </FormDialog>
  );
}

export function RerunDialog({
  agents,
  count,
  pending,
  onCancel,
  onConfirm,
}: {
  agents: SystemAgent[];
  count: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (agentId: number) => void;
}) {
  const [agent, setAgent] = useState<string>(agents[0] ? String(agents[0].id) : '');
  return (
    <ConfirmDialog
      open
      title="Rerun a system agent"
      message={`The agent judges the ${count} selected ${count === 1 ? 'member' : 'members'} again.`}
      confirmLabel="Rerun"
      pending={pending}
      confirmDisabled={!agent}
      onCancel={onCancel}
      onConfirm={() => onConfirm(Number(agent))}
    >
      <TextField select fullWidth label="System agent" value={agent} onChange={(event) => setAgent(event.target.value)} sx={{ mt: 2 }}>
        {agents.map((item) => (
          <MenuItem key={item.id} value={String(item.id)}>
            {item.name}
          </MenuItem>
        ))}
      </TextField>
    </ConfirmDialog>
  );
}
