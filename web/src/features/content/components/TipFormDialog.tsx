import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, useMediaQuery, useTheme } from '@mui/material';
import RichTextEditor from '../../../components/profileForm/RichTextEditor';
import { ApiError, fieldErrors } from '../../../lib/api/errors';
import { useSnackbar } from '../../../lib/snackbar';
import { createTip, updateTip, useRefreshTips, type CareerTip } from '../api/tips';
import { TIP_MESSAGES, validateTip } from '../tipRules';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The group the tip is shared in (a group's page); none from /career-tips. */
  group?: { id: number; name: string } | null;
  editing?: CareerTip | null;
  onSaved?: (tip: CareerTip) => void;
}

/** Share or edit a career tip: rich text, required, at most 5000 characters; pending until approved. */
export default function TipFormDialog({ open, onClose, group, editing, onSaved }: Props) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [content, setContent] = useState(editing?.content ?? '');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshTips();

  const submit = async () => {
    const found = validateTip(content);
    setError(found.content ?? null);
    setFormError(null);
    if (found.content) return;
    setSaving(true);
    try {
      const answer = editing ? await updateTip(editing.id, { content }) : await createTip({ content, group: group?.id ?? null });
      enqueueSnackbar(editing ? TIP_MESSAGES.updated : TIP_MESSAGES.created, { variant: 'success' });
      await refresh();
      onSaved?.(answer.data);
      onClose();
    } catch (e) {
      const fields = e instanceof ApiError ? fieldErrors(e.body) : {};
      if (fields.content) setError(fields.content);
      setFormError(e instanceof ApiError && e.message ? e.message : TIP_MESSAGES.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  const title = editing ? 'Edit career tip' : 'Share a career tip';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="tip-form-title">
      <DialogTitle id="tip-form-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          {group && !editing && <Alert severity="info">Shared in {group.name}</Alert>}
          <RichTextEditor
            label="Career tip"
            required
            value={content}
            onChange={setContent}
            error={Boolean(error)}
            helperText={error ?? 'Moderators review a tip before it shows to everyone'}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving}>
          {editing ? 'Save' : 'Share'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
