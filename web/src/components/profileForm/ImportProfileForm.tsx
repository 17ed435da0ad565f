import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  LinearProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { ApiError, fieldErrors, firstErrorMessage, globalErrorMessage } from '../../lib/api/errors';
import {
  ALL_IMPORT_SECTIONS,
  IMPORT_MESSAGES,
  IMPORT_SECTIONS,
  importFromLinkedIn,
  importFromResume,
  type ImportSection,
  type ImportStarted,
} from '../../lib/profile/profileImport';
import { LinkedInUrlField, ResumeDropzone } from './ImportSourceFields';
import { formatBytes } from './uploadQueue';
import { linkedinUrlError, RESUME_HANDOVER_MS, resumeFileError } from './importValidation';
import { DocumentIcon } from './formIcons';

export type ImportSource = 'linkedin' | 'resume';

export interface ImportProfileFormProps {
  /** Which sources to offer: one of them, or both with a switch (default both, starting on LinkedIn). */
  sources?: ImportSource | 'both';
  /** Staff importing another person's profile. */
  userId?: number;
  /** Called once the server has accepted the import (the notice is shown by the form). */
  onStarted?: (started: ImportStarted) => void;
  /** A Cancel button is shown when given. */
  onCancel?: () => void;
  /** The Cancel button's text (default Cancel). */
  cancelLabel?: string;
}

/** The server's words for a refused request (400, 413), the permission message for 403, else the fallback. */
function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 403) return globalErrorMessage(error) ?? fallback;
  if (error.status === 400 || error.status === 413) return firstErrorMessage(error.body) ?? fallback;
  return fallback;
}

/**
 * Update a profile from a LinkedIn address or a resume (PDF), choosing the sections to write
 * (all chosen at first). A chosen resume is sent 1 second after it is picked. Once the server
 * accepts, the notice 'The information will be updated in a few seconds.' shows.
 */
export default function ImportProfileForm({
  sources = 'both',
  userId,
  onStarted,
  onCancel,
  cancelLabel = 'Cancel',
}: ImportProfileFormProps) {
  const [source, setSource] = useState<ImportSource>(sources === 'resume' ? 'resume' : 'linkedin');
  const [sections, setSections] = useState<ImportSection[]>(ALL_IMPORT_SECTIONS);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [resume, setResume] = useState<File | null>(null);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const [sectionsError, setSectionsError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [started, setStarted] = useState<ImportStarted | null>(null);
  const handover = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (handover.current) clearTimeout(handover.current);
    },
    [],
  );

  const finish = (result: ImportStarted) => {
    setStarted(result);
    onStarted?.(result);
  };

  const checkSections = () => {
    if (sections.length > 0) return true;
    setSectionsError('Choose at least one section');
    return false;
  };

  const sendResume = async (file: File) => {
    if (!checkSections()) return;
    setBusy(true);
    setFormError(null);
    setProgress(0);
    try {
      finish(await importFromResume({ file, fields: sections, userId }, { onProgress: setProgress }));
    } catch (error) {
      const placed = error instanceof ApiError ? fieldErrors(error.body).file : undefined;
      if (placed) setResumeError(placed);
      else setFormError(errorText(error, IMPORT_MESSAGES.resumeFailed));
    } finally {
      setBusy(false);
    }
  };

  const chooseResume = (file: File | undefined) => {
    if (handover.current) clearTimeout(handover.current);
    setFormError(null);
    const problem = resumeFileError(file);
    setResume(file ?? null);
    setResumeError(problem);
    if (problem || !file) return;
    handover.current = setTimeout(() => {
      handover.current = null;
      void sendResume(file);
    }, RESUME_HANDOVER_MS);
  };

  const sendLinkedIn = async () => {
    const problem = linkedinUrlError(url);
    setUrlError(problem);
    if (problem || !checkSections()) return;
    setBusy(true);
    setFormError(null);
    try {
      finish(await importFromLinkedIn({ url, fields: sections, userId }));
    } catch (error) {
      const placed = error instanceof ApiError ? fieldErrors(error.body).url : undefined;
      if (placed) setUrlError(placed);
      else setFormError(errorText(error, IMPORT_MESSAGES.linkedinFailed));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || started) return;
    if (source === 'linkedin') {
      void sendLinkedIn();
      return;
    }
    const problem = resumeFileError(resume);
    setResumeError(problem);
    if (!problem && resume) {
      if (handover.current) clearTimeout(handover.current);
      handover.current = null;
      void sendResume(resume);
    }
  };

  const toggle = (key: ImportSection) => {
    setSectionsError(null);
    setSections((chosen) => (chosen.includes(key) ? chosen.filter((item) => item !== key) : [...chosen, key]));
  };

  if (started) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {started.message || IMPORT_MESSAGES.started}
        </Alert>
        {onCancel && (
          <Button onClick={onCancel} sx={{ alignSelf: 'flex-end' }}>
            Close
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-label="Import profile">
      {sources === 'both' && (
        <ToggleButtonGroup
          exclusive
          fullWidth
          color="primary"
          value={source}
          onChange={(_event, next: ImportSource | null) => {
            if (next) {
              setSource(next);
              setFormError(null);
            }
          }}
          aria-label="Import from"
          disabled={busy}
        >
          <ToggleButton value="linkedin">LinkedIn</ToggleButton>
          <ToggleButton value="resume">Resume</ToggleButton>
        </ToggleButtonGroup>
      )}

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <FormLabel component="legend" sx={{ mb: 0.5, fontWeight: 600, color: 'text.primary' }}>
          Sections to update
        </FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {IMPORT_SECTIONS.map((section) => (
            <FormControlLabel
              key={section.key}
              control={<Checkbox checked={sections.includes(section.key)} onChange={() => toggle(section.key)} disabled={busy} />}
              label={section.label}
            />
          ))}
        </FormGroup>
        {sectionsError && (
          <Typography variant="caption" color="error" role="alert">
            {sectionsError}
          </Typography>
        )}
      </Box>

      {source === 'linkedin' ? (
        <LinkedInUrlField
          label="LinkedIn profile URL"
          value={url}
          onChange={(value) => {
            setUrl(value);
            setUrlError(null);
          }}
          disabled={busy}
          error={urlError}
          announceError
        />
      ) : (
        <ResumeDropzone chosen={resume !== null} onFile={chooseResume} error={resumeError} disabled={busy}>
          {resume && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <DocumentIcon color="action" fontSize="small" aria-hidden />
              <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                {resume.name} · {formatBytes(resume.size)}
              </Typography>
            </Stack>
          )}
          {busy && (
            <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Uploading resume" />
          )}
        </ResumeDropzone>
      )}

      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}

      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
        )}
        <Button type="submit" variant="contained" loading={busy} disabled={busy}>
          {source === 'linkedin' ? 'Import from LinkedIn' : 'Upload resume'}
        </Button>
      </Stack>
    </Stack>
  );
}
