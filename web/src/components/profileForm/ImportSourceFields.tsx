import type { ReactNode } from 'react';
import { Stack, TextField, Typography } from '@mui/material';
import FileDropzone from './FileDropzone';

interface LinkedInUrlFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled?: boolean;
  /** Whether a screen reader announces the error as it appears. */
  announceError?: boolean;
}

/** The LinkedIn address of a profile import; the error, or a blank line, under it. */
export function LinkedInUrlField({ label, value, onChange, error, disabled, announceError = false }: LinkedInUrlFieldProps) {
  return (
    <TextField
      label={label}
      placeholder="https://www.linkedin.com/in/your-name"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? ' '}
      slotProps={{ htmlInput: { inputMode: 'url' }, ...(announceError && { formHelperText: { role: error ? 'alert' : undefined } }) }}
      fullWidth
    />
  );
}

interface ResumeDropzoneProps {
  /** Whether a resume has been chosen (the button then offers another). */
  chosen: boolean;
  onFile: (file: File | undefined) => void;
  error: string | null;
  disabled?: boolean;
  /** What shows between the drop area and the error: the chosen file, the upload's progress. */
  children?: ReactNode;
}

/** The resume (PDF) of a profile import: a drop area, what the form shows of the file, and the error. */
export function ResumeDropzone({ chosen, onFile, error, disabled, children }: ResumeDropzoneProps) {
  return (
    <Stack spacing={1}>
      <FileDropzone
        accept="application/pdf,.pdf"
        buttonLabel={chosen ? 'Choose another resume' : 'Choose resume'}
        hint="PDF, up to 10 MB"
        disabled={disabled}
        error={Boolean(error)}
        onFiles={(files) => onFile(files[0])}
      />
      {children}
      {error && (
        <Typography variant="caption" color="error" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
