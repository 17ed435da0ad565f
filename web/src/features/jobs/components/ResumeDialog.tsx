import { useState, type FormEvent } from 'react';
import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import FormDialog from '../../../components/FormDialog';
import { resumeFileError } from '../../../components/profileForm/importValidation';
import { ApiError } from '../../../lib/api/errors';
import { IMPORT_MESSAGES } from '../../../lib/profile/profileImport';
import { uploadResume } from '../api/jobs';

interface Props {
  jobTitle: string;
  /** After the resume is stored: the application goes on. */
  onUploaded: () => void;
  onClose: () => void;
  /** The application itself is being sent. */
  applying: boolean;
}

/**
 * Applying with no resume on the profile asks for one first (spec 001 §5 "Job"): a PDF of at
 * most 10 MB, stored on the profile (POST /upload-resume/), then the application is sent.
 */
export default function ResumeDialog({ jobTitle, onUploaded, onClose, applying }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null || applying;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = resumeFileError(file);
    setError(problem);
    if (problem || !file) return;
    setProgress(0);
    try {
      await uploadResume(file, { onProgress: setProgress });
      setProgress(null);
      onUploaded();
    } catch (cause) {
      setProgress(null);
      setError(cause instanceof ApiError && cause.status > 0 && cause.status < 500 ? cause.message : IMPORT_MESSAGES.resumeFailed);
    }
  };

  return (
    <FormDialog title={`Apply to ${jobTitle}`} onClose={onClose} onSubmit={(event) => void submit(event)} submitting={busy} submitLabel="Upload and apply">
      <Stack spacing={2}>
        <Typography variant="body2">Your profile has no resume yet. Upload one (PDF, up to 10 MB) to apply.</Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="outlined" component="label" disabled={busy}>
            Choose resume
            <input
              hidden
              type="file"
              accept="application/pdf,.pdf"
              aria-label="Resume file"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setError(chosen ? resumeFileError(chosen) : null);
              }}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {file ? file.name : 'No file chosen'}
          </Typography>
        </Stack>
        {progress !== null && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
