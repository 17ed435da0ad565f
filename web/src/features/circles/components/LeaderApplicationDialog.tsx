import { useId, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useSnackbar } from '../../../lib/snackbar';
import { ListError } from '../../../components/lists/ListStates';
import InlineSpinner from '../../../components/InlineSpinner';
import { ApiError, firstErrorMessage } from '../../../lib/api/errors';
import { useCertificationQuestions, useSubmitLeaderApplication } from '../../../lib/discover/leaders';
import { missingAnswers } from '../leaderApplication';
import QuestionField from './QuestionField';
import DialogHeader from '../../../components/DialogHeader';

export const APPLICATION_SUBMITTED = 'Your application has been submitted successfully.';
export const NOT_ANSWERED = 'Not answered';

/**
 * Apply to lead a circle (spec 002 §2, §5): answer the leader certification questions, review
 * the answers ('Not answered' for blanks), confirm, submit.
 */
export default function LeaderApplicationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const questions = useCertificationQuestions(open);
  const submit = useSubmitLeaderApplication();
  const [step, setStep] = useState<'answers' | 'review'>('answers');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const list = questions.data ?? [];

  const close = () => {
    if (submit.isPending) return;
    setStep('answers');
    setConfirming(false);
    onClose();
  };

  const next = () => {
    const missing = missingAnswers(list, answers);
    setErrors(missing);
    if (Object.keys(missing).length === 0) setStep('review');
  };

  const send = () => {
    const response: Record<string, string> = {};
    for (const question of list) response[question.id] = (answers[question.id] ?? '').trim();
    submit.mutate(response, {
      onSuccess: () => {
        enqueueSnackbar(APPLICATION_SUBMITTED, { variant: 'success' });
        setAnswers({});
        setConfirming(false);
        setStep('answers');
        onClose();
      },
      onError: (error) => {
        setConfirming(false);
        const message = error instanceof ApiError ? firstErrorMessage(error.body) : null;
        enqueueSnackbar(message ?? 'Could not submit your request', { variant: 'error' });
      },
    });
  };

  let body;
  if (questions.isPending) {
    body = <InlineSpinner label="Loading questions" />;
  } else if (questions.isError) {
    body = <ListError message="Could not fetch items." onRetry={() => void questions.refetch()} />;
  } else if (step === 'answers') {
    body = (
      <Stack spacing={2.5}>
        <Typography color="text.secondary">
          Circle leaders guide a group of members through a 4 to 8 week program. Answer the questions below to apply.
        </Typography>
        {list.length === 0 && <Typography>There are no questions to answer.</Typography>}
        {list.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            value={answers[question.id] ?? ''}
            onChange={(value) => {
              setAnswers((current) => ({ ...current, [question.id]: value }));
              setErrors((current) => {
                if (!current[question.id]) return current;
                const rest = { ...current };
                delete rest[question.id];
                return rest;
              });
            }}
            error={errors[question.id]}
          />
        ))}
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2} component="dl" sx={{ m: 0 }}>
        <Typography color="text.secondary">Please review your answers before submitting.</Typography>
        {list.map((question) => {
          const answer = (answers[question.id] ?? '').trim();
          return (
            <Box key={question.id}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {question.label}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: answer ? 'text.primary' : 'text.secondary', fontStyle: answer ? 'normal' : 'italic' }}
              >
                {answer || NOT_ANSWERED}
              </Typography>
            </Box>
          );
        })}
      </Stack>
    );
  }

  return (
    <>
      <Dialog open={open} onClose={close} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogHeader id={titleId} onClose={close}>
          {step === 'answers' ? 'Apply for a Circle Leader' : 'Review your application'}
        </DialogHeader>
        <DialogContent dividers>{body}</DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          {step === 'answers' ? (
            <>
              <Button onClick={close}>Cancel</Button>
              <Button variant="contained" onClick={next} disabled={!questions.isSuccess}>
                Review
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => setStep('answers')} disabled={submit.isPending}>
                Back
              </Button>
              <Button variant="contained" onClick={() => setConfirming(true)} loading={submit.isPending}>
                Submit Application
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
      <Dialog open={confirming} onClose={() => !submit.isPending && setConfirming(false)} maxWidth="xs" fullWidth aria-labelledby={`${titleId}-confirm`}>
        <DialogTitle id={`${titleId}-confirm`}>Submit your application?</DialogTitle>
        <DialogContent>
          <DialogContentText>Your answers cannot be changed once the application is submitted.</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)} disabled={submit.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={send} loading={submit.isPending}>
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
