import { useId, useState } from 'react';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { CloseIcon } from '../../../components/icons';
import { useAppConfig } from '../../../lib/config/appConfig';
import { useInviteUsers } from '../../../lib/discover/connect';
import { NOTHING_TO_SEND, emailProblem } from '../inviteEmails';

/** Invite people to the site's organization by e-mail (POST /invite-users/). */
export default function InviteOthersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const config = useAppConfig();
  const { enqueueSnackbar } = useSnackbar();
  const invite = useInviteUsers();
  const [text, setText] = useState('');
  const [emails, setEmails] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const add = (): string[] | null => {
    if (!text.trim()) return emails;
    const problem = emailProblem(text, emails);
    if (problem) {
      setError(problem);
      return null;
    }
    const next = [...emails, text.trim()];
    setEmails(next);
    setText('');
    setError(null);
    return next;
  };

  const close = () => {
    if (invite.isPending) return;
    setText('');
    setEmails([]);
    setError(null);
    onClose();
  };

  const send = () => {
    const list = add();
    if (!list) return;
    if (list.length === 0) {
      setError(NOTHING_TO_SEND);
      return;
    }
    invite.mutate(
      { objectId: config.organization.id, emails: list },
      {
        onSuccess: () => {
          enqueueSnackbar('Invitation sent successfully.', { variant: 'success' });
          setEmails([]);
          onClose();
        },
        onError: () => enqueueSnackbar('Could not send invitation.', { variant: 'error' }),
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Invite Others
      </DialogTitle>
      <IconButton aria-label="Close" onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography color="text.secondary">Invite people to join {config.organization.name}.</Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Email address"
              type="email"
              fullWidth
              size="small"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ',') {
                  event.preventDefault();
                  add();
                }
              }}
              error={Boolean(error)}
              helperText={error ?? 'Press Enter to add each address.'}
            />
            <Button variant="outlined" onClick={() => add()}>
              Add
            </Button>
          </Stack>
          {emails.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Invited addresses" role="list">
              {emails.map((email) => (
                <Chip
                  key={email}
                  role="listitem"
                  label={email}
                  onDelete={() => setEmails((current) => current.filter((known) => known !== email))}
                />
              ))}
            </Stack>
          )}
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
