import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import FileDropzone from '../../../../components/profileForm/FileDropzone';
import { ApiError, fieldErrors, firstErrorMessage } from '../../../../lib/api/errors';
import { ALL_IMPORT_SECTIONS, IMPORT_MESSAGES, importFromLinkedIn, importFromResume } from '../../../../lib/profile/profileImport';
import { linkedinError, resumeError } from './guestRules';

type Source = 'linkedin' | 'resume';

/**
 * Profile Source for a visitor (spec 002 §4, §5 "Import"): a LinkedIn address or a resume (PDF)
 * fills the new profile in the background ('LinkedIn URL is required', 'Resume file is required').
 */
export default function ProfileSourceStep({ onDone, onBack }: { onDone: () => void; onBack: (() => void) | null }) {
  const [source, setSource] = useState<Source>('resume');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = source === 'linkedin' ? linkedinError(url) : resumeError(file);
    setError(found);
    setProblem(null);
    if (found) return;
    setBusy(true);
    try {
      if (source === 'linkedin') await importFromLinkedIn({ url, fields: ALL_IMPORT_SECTIONS });
      else if (file) await importFromResume({ file, fields: ALL_IMPORT_SECTIONS });
      onDone();
    } catch (failure) {
      const placed = failure instanceof ApiError ? fieldErrors(failure.body)[source === 'linkedin' ? 'url' : 'file'] : undefined;
      if (placed) setError(placed);
      else
        setProblem(
          failure instanceof ApiError && failure.status === 400
            ? (firstErrorMessage(failure.body) ?? failure.message)
            : source === 'linkedin'
              ? IMPORT_MESSAGES.linkedinFailed
              : IMPORT_MESSAGES.resumeFailed,
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Profile Source">
      <Stack spacing={2}>
        <ToggleButtonGroup
          exclusive
          color="primary"
          value={source}
          onChange={(_, next: Source | null) => {
            if (next) {
              setSource(next);
              setError(null);
              setProblem(null);
            }
          }}
          aria-label="Profile source"
          disabled={busy}
          sx={{ alignSelf: 'flex-start' }}
        >
          <ToggleButton value="resume">Resume</ToggleButton>
          <ToggleButton value="linkedin">LinkedIn</ToggleButton>
        </ToggleButtonGroup>
        {source === 'linkedin' ? (
          <TextField
            label="LinkedIn URL"
            placeholder="https://www.linkedin.com/in/your-name"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'url' } }}
            fullWidth
          />
        ) : (
          <Stack spacing={1}>
            <FileDropzone
              accept="application/pdf,.pdf"
              buttonLabel={file ? 'Choose another resume' : 'Choose resume'}
              hint="PDF, up to 10 MB"
              disabled={busy}
              error={Boolean(error)}
              onFiles={(files) => {
                setFile(files[0] ?? null);
                setError(null);
              }}
            />
            {file ? <Typography variant="body2">{file.name}</Typography> : null}
            {error ? (
              <Typography variant="caption" color="error" role="alert">
                {error}
              </Typography>
            ) : null}
          </Stack>
        )}
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" onClick={() => onBack?.()} disabled={!onBack || busy}>
            Back
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={busy}>
            Next
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
