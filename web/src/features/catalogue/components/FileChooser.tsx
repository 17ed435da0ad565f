import { useRef, useState } from 'react';
import { Button, FormHelperText, Stack, Typography } from '@mui/material';
import { uploadFile } from '../../../lib/profile/upload';
import { ApiError } from '../../../lib/api/errors';

interface Props {
  label: string;
  accept: string;
  /** The current file's name or link, if any. */
  current: string | null;
  /** Checks a picked file before upload; returns an error message or null. */
  check: (file: File) => string | null;
  onUploaded: (id: number | null, name: string | null) => void;
  error?: string;
}

/** One file for a form field: picked, checked, uploaded (POST /file-upload/), or removed. */
export default function FileChooser({ label, accept, current, check, onUploaded, error }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = problem ?? error ?? null;
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2">{label}</Typography>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" component="label" disabled={busy}>
          {busy ? 'Uploading…' : current ? 'Replace file' : 'Choose file'}
          <input
            ref={input}
            hidden
            type="file"
            accept={accept}
            aria-label={label}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              const message = check(file);
              setProblem(message);
              if (message) return;
              setBusy(true);
              try {
                const stored = await uploadFile(file);
                onUploaded(stored.id, stored.name);
              } catch (failure) {
                setProblem(failure instanceof ApiError ? failure.message : 'Could not upload the file');
              } finally {
                setBusy(false);
                if (input.current) input.current.value = '';
              }
            }}
          />
        </Button>
        {current && (
          <>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {current}
            </Typography>
            <Button size="small" color="error" onClick={() => onUploaded(null, null)}>
              Remove
            </Button>
          </>
        )}
      </Stack>
      {shown && <FormHelperText error>{shown}</FormHelperText>}
    </Stack>
  );
}
