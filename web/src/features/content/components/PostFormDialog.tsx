import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import RichTextEditor from '../../../components/profileForm/RichTextEditor';
import { ApiError, fieldErrors } from '../../../lib/api/errors';
import { fetchMemberGroups } from '../../../lib/groups/groups';
import type { Group } from '../../../lib/groups/types';
import { useSnackbar } from '../../../lib/snackbar';
import { createContent, updateContent, useRefreshContents } from '../api/contents';
import type { Content } from '../api/types';
import { MESSAGES, SECURITY_PRIVATE, SECURITY_PUBLIC, validatePost } from '../contentRules';
import AttachmentPicker, { type Attached } from './AttachmentPicker';

/** The groups the caller is an accepted member of (where they may post). */
function useMyGroups(enabled: boolean) {
  return useQuery({
    queryKey: ['contents', 'my-groups'],
    queryFn: ({ signal }) => fetchMemberGroups(signal),
    enabled,
    meta: { silent: true },
  });
}

interface Props {
  open: boolean;
  onClose: () => void;
  onSaved?: (item: Content) => void;
  /** 'post' (Share something) or 'newsletter' (Submit a newsletter). */
  kind: 'post' | 'newsletter';
  /** The group, when the form is opened inside one. */
  group?: Pick<Group, 'id' | 'name'> & { is_administrator?: boolean | null };
  editing?: Content | null;
}

/** The share-post modal (spec 001 §5): content, group and security level required; up to 7 files; newsletters may mail the group (administrators). */
export default function PostFormDialog({ open, onClose, onSaved, kind, group, editing }: Props) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [content, setContent] = useState(editing?.content ?? '');
  const [groupId, setGroupId] = useState<number | null>(group?.id ?? editing?.group_detail?.id ?? null);
  const [security, setSecurity] = useState<number>(editing?.security_level ?? SECURITY_PRIVATE);
  const [files, setFiles] = useState<Attached[]>(editing?.files.map((f) => ({ id: f.id, name: f.name })) ?? []);
  const [sendEmail, setSendEmail] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshContents();
  const groups = useMyGroups(open && !group && !editing);
  const title = editing ? 'Edit post' : kind === 'newsletter' ? 'Submit a newsletter' : 'Share something';
  const chosen = groups.data?.data.find((g) => g.id === groupId);
  const mayMail = Boolean(group?.is_administrator ?? chosen?.is_administrator);

  const submit = async () => {
    const found = validatePost({ content, group: groupId, security_level: security });
    setErrors(found as Record<string, string>);
    setFormError(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const body = {
        content,
        security_level: security,
        files: files.map((f) => f.id),
      };
      const saved = editing
        ? await updateContent(editing.id, body)
        : await createContent({ ...body, group: groupId, types: [kind], send_email: kind === 'newsletter' && sendEmail });
      enqueueSnackbar(editing ? 'Post updated' : kind === 'newsletter' ? 'Newsletter submitted' : 'Post shared', { variant: 'success' });
      void refresh();
      onSaved?.(saved);
      onClose();
    } catch (e) {
      if (e instanceof ApiError) setErrors(fieldErrors(e.body));
      setFormError(e instanceof ApiError && e.message ? e.message : MESSAGES.createPost);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="post-form-title">
      <DialogTitle id="post-form-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          {!group && !editing && (
            <TextField
              select
              label="Group"
              required
              value={groupId ?? ''}
              onChange={(e) => setGroupId(Number(e.target.value) || null)}
              error={Boolean(errors.group)}
              helperText={errors.group ?? (groups.data?.data.length === 0 ? 'Join a group to share in it' : ' ')}
            >
              {(groups.data?.data ?? []).map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {g.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <RichTextEditor
            label="Content"
            required
            value={content}
            onChange={setContent}
            error={Boolean(errors.content)}
            helperText={errors.content ?? 'Links to YouTube, Spotify and other pages show a preview'}
          />
          <TextField select label="Security level" required value={security} onChange={(e) => setSecurity(Number(e.target.value))} helperText={errors.security_level ?? 'Private posts show only to the group’s members'}>
            <MenuItem value={SECURITY_PRIVATE}>Private</MenuItem>
            <MenuItem value={SECURITY_PUBLIC}>Public</MenuItem>
          </TextField>
          <AttachmentPicker value={files} onChange={setFiles} />
          {errors.files && <Alert severity="error">{errors.files}</Alert>}
          {kind === 'newsletter' && !editing && mayMail && (
            <FormControlLabel control={<Checkbox checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} />} label="Email it to the group's members" />
          )}
          {errors.send_email && <Alert severity="error">{errors.send_email}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving}>
          {editing ? 'Save' : kind === 'newsletter' ? 'Submit' : 'Post'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
