import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import ConfirmDialog from '../../../components/ConfirmDialog';

interface Props {
  title: string;
  dirty: boolean;
  pending: boolean;
  error: string | null;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A catalogue form's page: its fields, a general error, Submit, and Cancel that asks before losing unsaved changes. */
export default function FormShell({ title, dirty, pending, error, submitLabel, onSubmit, onClose, children }: Props) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      sx={{ p: { xs: 2, md: 4 }, maxWidth: 860, mx: 'auto', width: '100%' }}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
        <Stack spacing={2.5}>{children}</Stack>
      </Paper>
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={() => (dirty ? setConfirming(true) : onClose())}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Discard changes?"
        message="Your unsaved changes will be lost."
        confirmLabel="Discard"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onClose();
        }}
      />
    </Stack>
  );
}
