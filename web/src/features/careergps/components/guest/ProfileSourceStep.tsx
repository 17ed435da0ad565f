import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { LinkedInUrlField, ResumeDropzone } from '../../../../components/profileForm/ImportSourceFields';
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
          <LinkedInUrlField
            label="LinkedIn URL"
            value={url}
            onChange={(value) => {
              setUrl(value);
              setError(null);
            }}
            error={error}
          />
        ) : (
          <ResumeDropzone
            chosen={file !== null}
            onFile={(chosen) => {
              setFile(chosen ?? null);
              setError(null);
            }}
            error={error}
            disabled={busy}
          >
            {file ? <Typography variant="body2">{file.name}</Typography> : null}
          </ResumeDropzone>
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
