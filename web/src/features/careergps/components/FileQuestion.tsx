import { useState } from 'react';
import { Button, FormControl, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import { ApiError } from '../../../lib/api/errors';
import { uploadFile } from '../../../lib/profile/upload';

const ACCEPT = 'image/*,application/pdf';
export const FILE_TYPE_MESSAGE = 'Upload an image or a PDF.';

interface Props {
  id: string;
  label: string;
  /** The uploaded file's id (the answer), if any. */
  value: number | null;
  error?: string;
  onChange: (value: number | null) => void;
}

/** A `file` question: the file is uploaded (POST /file-upload/, checked by content there) and the answer is its id. */
export default function FileQuestion({ id, label, value, error, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const shown = problem ?? error ?? null;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!(file.type.startsWith('image/') || file.type === 'application/pdf')) {
      setProblem(FILE_TYPE_MESSAGE);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const stored = await uploadFile(file);
      setName(file.name);
      onChange(stored.id);
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : 'Could not upload the file. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormControl error={Boolean(shown)}>
      <FormLabel htmlFor={id}>{label}</FormLabel>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
        <Button variant="outlined" component="label" disabled={busy}>
          {busy ? 'Uploading…' : value ? 'Replace file' : 'Choose file'}
          <input
            id={id}
            hidden
            type="file"
            accept={ACCEPT}
            aria-label={label}
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Button>
        {value ? (
          <>
            <Typography variant="body2">{name ?? 'File attached'}</Typography>
            <Button
              size="small"
              onClick={() => {
                setName(null);
                onChange(null);
              }}
            >
              Remove
            </Button>
          </>
        ) : null}
      </Stack>
      <FormHelperText sx={{ mx: 0 }}>{shown ?? 'An image or a PDF.'}</FormHelperText>
    </FormControl>
  );
}
