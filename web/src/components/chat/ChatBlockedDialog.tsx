import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Link as RouterLink } from 'react-router';

const MSG_CANNOT_INITIATE = 'You cannot currently initiate a chat.';

/** Says a one-to-one chat cannot be started; without the plan's chat, offers the plans. */
export default function ChatBlockedDialog({ open, canInitiate, onClose }: { open: boolean; canInitiate: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="start-chat-title">
      <DialogTitle id="start-chat-title">Chat</DialogTitle>
      <DialogContent>
        <DialogContentText>{MSG_CANNOT_INITIATE}</DialogContentText>
        {!canInitiate && (
          <DialogContentText sx={{ mt: 1 }}>Upgrade your membership to message other members one to one.</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {!canInitiate && (
          <Button component={RouterLink} to="/membership" variant="contained" onClick={onClose}>
            See membership plans
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
