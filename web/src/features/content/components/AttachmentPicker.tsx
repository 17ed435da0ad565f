import { useRef, useState } from 'react';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { uploadFile, MAX_UPLOAD_BYTES, MAX_UPLOAD_MESSAGE } from '../../../lib/profile/upload';
import { ApiError } from '../../../lib/api/errors';
import { acceptedFile, fileLimitError, MAX_FILES, MESSAGES } from '../contentRules';

export interface Attached {
  id: number;
  name: string;
}

/** Files for a post or resource (video, image, pdf; at most 7), each uploaded through /api/v1/file-upload/ with its progress shown. */
export default function AttachmentPicker({
  value,
  onChange,
  max = MAX_FILES,
  label = 'Add files',
  accept = 'image/*,video/*,application/pdf',
}: {
  value: Attached[];
  onChange: (next: Attached[]) => void;
  max?: number;
  label?: string;
  accept?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (files: FileList | null) => {
    const list = Array.from(files ?? []);
    if (list.length === 0) return;
    setError(null);
    const limit = max === MAX_FILES ? fileLimitError(value.length, list.length) : value.length + list.length > max ? MESSAGES.oneThumbnail : null;
    if (limit) return setError(limit);
    if (list.some((f) => !acceptedFile(f))) return setError(MESSAGES.fileKind);
    if (list.some((f) => f.size > MAX_UPLOAD_BYTES)) return setError(MAX_UPLOAD_MESSAGE);
    const added: Attached[] = [];
    try {
      for (const [index, file] of list.entries()) {
        const stored = await uploadFile(file, '', { onProgress: (p) => setProgress((index + p) / list.length) });
        added.push({ id: stored.id, name: stored.name });
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The upload failed. Please try again.');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
      if (added.length) onChange([...value, ...added]);
    }
  };
  return (
    <Stack spacing={1}>
      <Box>
        <input ref={input} type="file" hidden multiple={max > 1} accept={accept} onChange={(e) => void pick(e.target.files)} aria-label={label} />
        <Button variant="outlined" size="small" disabled={progress !== null || value.length >= max} onClick={() => input.current?.click()}>
          {label}
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {value.length}/{max}
        </Typography>
      </Box>
      {progress !== null && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />}
      {error && <Alert severity="error">{error}</Alert>}
      {value.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {value.map((file) => (
            <Chip key={file.id} label={file.name} onDelete={() => onChange(value.filter((f) => f.id !== file.id))} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
