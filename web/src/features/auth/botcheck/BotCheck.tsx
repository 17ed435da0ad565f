// The bot-check on the signup form (docs/auth-api.md, GET /api/v1/auth-config/): nothing when
// it is off, a proof-of-work solved in the browser, or the provider's widget.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { authConfigQuery, fetchPowChallenge } from '../api';
import { CheckCircleIcon } from '../components/icons';

interface Props {
  /** The answer to send as recaptcha_response once solved ('' when the check is off), or null. */
  onChange: (answer: string | null) => void;
}

function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

// The progress bar loads with the page's first render rather than before it (~2 kB gzipped off
// the sign-up's first download); meanwhile its empty track holds the same place.
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

/** LinearProgress's track (primary, 62% lighter, 4 px), shown while its code loads. */
function ProgressTrack() {
  return <Box sx={{ height: 4, bgcolor: (theme) => theme.lighten(theme.palette.primary.main, 0.62) }} />;
}

// reCAPTCHA or Turnstile: only for a site that uses one, so its code loads then.
const ExternalBotCheck = lazy(() => import('./ExternalBotCheck'));

type PowState = { status: 'solving'; progress: number } | { status: 'solved' } | { status: 'failed' };

function PowBotCheck({ onChange }: Props) {
  const [state, setState] = useState<PowState>({ status: 'solving', progress: 0 });
  const [round, setRound] = useState(0);
  const report = useLatest(onChange);

  useEffect(() => {
    const controller = new AbortController();
    let lastShown = 0;
    (async () => {
      try {
        // The solver's code (the worker's start, its fallback) loads while the challenge is
        // fetched: it is off the page's first download and costs no wait.
        const [{ challenge, difficulty }, { solvePowOffThread }] = await Promise.all([
          fetchPowChallenge(controller.signal),
          import('./solveOffThread'),
        ]);
        if (controller.signal.aborted) return;
        const answer = await solvePowOffThread(challenge, difficulty, {
          signal: controller.signal,
          onProgress: (fraction) => {
            const percent = Math.floor(fraction * 100);
            if (percent !== lastShown) {
              lastShown = percent;
              setState({ status: 'solving', progress: percent });
            }
          },
        });
        setState({ status: 'solved' });
        report.current(answer);
      } catch {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      }
    })();
    return () => controller.abort();
  }, [round, report]);

  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5 }} role="status" aria-live="polite">
      {state.status === 'solving' && (
        <Stack spacing={1}>
          <Typography variant="body2">Checking that you are human…</Typography>
          <Suspense fallback={<ProgressTrack />}>
            <LinearProgress
              variant={state.progress > 0 ? 'determinate' : 'indeterminate'}
              value={state.progress}
              aria-label="Bot-check progress"
            />
          </Suspense>
        </Stack>
      )}
      {state.status === 'solved' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CheckCircleIcon color="success" fontSize="small" />
          <Typography variant="body2">Verified</Typography>
        </Stack>
      )}
      {state.status === 'failed' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="body2" color="error">
            The check that you are human could not run.
          </Typography>
          <Button
            size="small"
            onClick={() => {
              setState({ status: 'solving', progress: 0 });
              setRound((n) => n + 1);
            }}
          >
            Try again
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function OffBotCheck({ onChange }: Props) {
  const report = useLatest(onChange);
  useEffect(() => {
    report.current('');
  }, [report]);
  return null;
}

/** Remount it (change its key) to start over with a fresh challenge once an answer was used. */
export default function BotCheck({ onChange }: Props) {
  const config = useQuery(authConfigQuery);
  if (config.isPending) return <Box sx={{ minHeight: 8 }} aria-hidden />;
  const botcheck = config.data?.botcheck;
  // Without the configuration the proof-of-work is the safe default: the server checks it.
  const provider = botcheck?.provider ?? 'pow';
  if (provider === 'off') return <OffBotCheck onChange={onChange} />;
  if ((provider === 'recaptcha' || provider === 'turnstile') && botcheck?.site_key) {
    return (
      // The widget's box is empty until the provider's script has drawn into it: so is the fallback.
      <Suspense fallback={<Box />}>
        <ExternalBotCheck provider={provider} siteKey={botcheck.site_key} onChange={onChange} />
      </Suspense>
    );
  }
  return <PowBotCheck onChange={onChange} />;
}
