import { useEffect, useState } from 'react';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { IMPORT_MESSAGES, waitForImport, type ImportStarted } from '../../../lib/profile/profileImport';
import { AFTER_IMPORT_DELAY_MS } from '../steps';

export interface ImportProgressProps {
  started: ImportStarted;
  /** The import is through (or still running in the background when it takes long). */
  onDone: () => void;
  /** Back to the entry options after a failed import. */
  onRetry: () => void;
  /** Continue with the form after a failed import. */
  onUseForm: () => void;
}

type Phase = { kind: 'waiting' } | { kind: 'finishing' } | { kind: 'failed'; message: string };

/**
 * While an accepted import runs: the notice, a spinner, then 2 seconds after it succeeds the
 * completion screen. A failed import says why and offers the other ways.
 */
export default function ImportProgress({ started, onDone, onRetry, onUseForm }: ImportProgressProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'waiting' });

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      setPhase({ kind: 'finishing' });
      timer = setTimeout(onDone, AFTER_IMPORT_DELAY_MS);
    };
    const follow = async () => {
      if (started.importId === null) {
        finish();
        return;
      }
      try {
        const status = await waitForImport(started.importId, { signal: controller.signal });
        if (status?.status === 'failed') {
          const fallback = started.source === 'linkedin' ? IMPORT_MESSAGES.linkedinFailed : IMPORT_MESSAGES.resumeFailed;
          setPhase({ kind: 'failed', message: status.error || fallback });
          return;
        }
        finish();
      } catch {
        // The status cannot be read: the import was accepted and goes on in the background.
        if (!controller.signal.aborted) finish();
      }
    };
    void follow();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [started, onDone]);

  if (phase.kind === 'failed') {
    return (
      <Stack spacing={2}>
        <Alert severity="error" role="alert">
          {phase.message}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" onClick={onUseForm}>
            Fill in the form instead
          </Button>
          <Button onClick={onRetry}>Try another way</Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
      <Alert severity="success" role="status" sx={{ alignSelf: 'stretch', textAlign: 'left' }}>
        {started.message || IMPORT_MESSAGES.started}
      </Alert>
      <CircularProgress aria-label="Importing your profile" />
      <Typography color="text.secondary">
        {phase.kind === 'finishing'
          ? 'Done. Taking you on…'
          : `Reading your ${started.source === 'linkedin' ? 'LinkedIn profile' : 'resume'}…`}
      </Typography>
    </Stack>
  );
}
