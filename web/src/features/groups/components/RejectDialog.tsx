import { useId, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';

interface Props {
  /** Who is rejected: a name, or "3 members". */
  who: string;
  /** Several at once (the title says members). */
  several?: boolean;
  pending: boolean;
  onCancel: () => void;
  /** The reason as typed (trimmed; empty when none), sent as the call's notes. */
  onConfirm: (reason: string) => void;
}

/**
 * Rejecting one or more pending requests asks for an optional reason, mailed to the
 * applicants (spec 001 §4). The reason field has the focus; Enter rejects (Shift+Enter is a
 * new line), Escape cancels.
 */
export default function RejectDialog({ who, several = false, pending, onCancel, onConfirm }: Props) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!pending) onConfirm(reason.trim());
  };
  return (
    <Dialog
      open
      onClose={pending ? undefined : onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id={titleId}>{several ? 'Reject members' : 'Reject member'}</DialogTitle>
      <DialogContent>
        <DialogContentText>{`Reject ${who}? They will be told by e-mail, with the reason if you give one.`}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          maxRows={6}
          label="Reason (optional)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
          }}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          helperText="Press Enter to reject, Shift+Enter for a new line"
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" color="error" loading={pending}>
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}
