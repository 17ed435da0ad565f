import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { useAppConfig } from '../../../lib/config/appConfig';
import { useInviteUsers } from '../../../lib/discover/connect';
import EmailListField from '../../../components/invite/EmailListField';
import { useEmailList } from '../../../components/invite/useEmailList';
import { INVITE_MESSAGES } from '../../../lib/invite/emails';
import DialogHeader from '../../../components/DialogHeader';

/** Invite people to the site's organization by e-mail (POST /invite-users/). */
export default function InviteOthersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const config = useAppConfig();
  const { enqueueSnackbar } = useSnackbar();
  const invite = useInviteUsers();
  const list = useEmailList();

  const close = () => {
    if (invite.isPending) return;
    list.reset();
    onClose();
  };

  const send = () => {
    const emails = list.take();
    if (!emails) return;
    if (emails.length === 0) {
      list.setError(INVITE_MESSAGES.nothing);
      return;
    }
    invite.mutate(
      { objectId: config.organization.id, emails },
      {
        onSuccess: () => {
          enqueueSnackbar(INVITE_MESSAGES.sent, { variant: 'success' });
          list.reset();
          onClose();
        },
        onError: () => enqueueSnackbar(INVITE_MESSAGES.failed, { variant: 'error' }),
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogHeader id={titleId} onClose={close}>
        Invite Others
      </DialogHeader>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography color="text.secondary">Invite people to join {config.organization.name}.</Typography>
          <EmailListField list={list} autoFocus />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={close} disabled={invite.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={send} loading={invite.isPending}>
          Send Invitation
        </Button>
      </DialogActions>
    </Dialog>
  );
}
