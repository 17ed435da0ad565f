// Applying to a job (spec 001 §4 "Job lifecycle", §5 "Job", §8): guests sign in first (and
// are back applying); a job with questions asks them first; a profile without a resume asks
// for one (uploaded in the dialog); then POST /jobs/{id}/apply/. Unapply while pending, after
// a confirmation.
import { Suspense, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import { useLocation, useNavigate } from 'react-router';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { QuestionsModal } from '../../../components/join/lazyDialogs';
import { identityKey } from '../../../lib/auth/identity';
import { pathWithIntent } from '../../../lib/auth/next';
import { serverMessage } from '../../../lib/groups/messages';
import { ApiError } from '../../../lib/api/errors';
import { fetchGroup } from '../../../lib/groups/groups';
import type { Answers, Question } from '../../../lib/groups/types';
import { applyToJob, unapplyFromJob, useRefreshJobs } from '../api/jobs';
import { jobQuestions, type Job } from '../api/types';
import { APPLY_MESSAGES } from '../messages';
import { ResumeDialog } from './lazyDialogs';

export interface ApplyFlow {
  start: () => void;
  /** Asks to confirm, then withdraws the pending application. */
  startUnapply: () => void;
  busy: boolean;
  dialogs: ReactNode;
}

type Step = { kind: 'questions'; questions: Question[] } | { kind: 'resume'; answers: Answers | null } | { kind: 'unapply' } | null;

/** The server refused for want of a resume on the profile (field error 'resume'). */
function needsResume(error: unknown): boolean {
  return error instanceof ApiError && Boolean(error.body?.field_errors?.resume?.length);
}

/**
 * The questions an applicant answers: the job's own, or its group's when the job has none
 * (as the server checks them).
 */
async function questionsFor(job: Pick<Job, 'extra_info' | 'group'>): Promise<Question[]> {
  const own = jobQuestions(job);
  if (own.length > 0) return own;
  const group = await fetchGroup(job.group.id);
  return group.extra_info?.questions ?? [];
}

export function useApplyFlow(job: Pick<Job, 'id' | 'title' | 'extra_info' | 'group'>, signedIn: boolean, hasResume: boolean): ApplyFlow {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const refresh = useRefreshJobs();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>(null);
  const [preparing, setPreparing] = useState(false);

  const apply = useMutation({
    mutationFn: (answers: Answers | null) => applyToJob(job.id, answers),
    meta: { silent: true },
    onSuccess: async () => {
      enqueueSnackbar(APPLY_MESSAGES.applied, { variant: 'success' });
      setStep(null);
      await refresh();
    },
    onError: (error, answers) => {
      if (needsResume(error)) {
        setStep({ kind: 'resume', answers });
        return;
      }
      enqueueSnackbar(serverMessage(error) ?? APPLY_MESSAGES.applyFailed, { variant: 'error' });
    },
  });

  const unapply = useMutation({
    mutationFn: () => unapplyFromJob(job.id),
    meta: { silent: true },
    onSuccess: async () => {
      enqueueSnackbar(APPLY_MESSAGES.unapplied, { variant: 'success' });
      setStep(null);
      await refresh();
    },
    onError: (error) => enqueueSnackbar(serverMessage(error) ?? APPLY_MESSAGES.unapplyFailed, { variant: 'error' }),
  });

  const afterAnswers = (answers: Answers | null) => {
    if (hasResume) apply.mutate(answers);
    else setStep({ kind: 'resume', answers });
  };

  const start = async () => {
    if (!signedIn) {
      void navigate(pathWithIntent('/login', `${pathname}${search}`, 'join'));
      return;
    }
    setPreparing(true);
    let questions: Question[];
    try {
      questions = await questionsFor(job);
    } catch {
      enqueueSnackbar(APPLY_MESSAGES.applyFailed, { variant: 'error' });
      return;
    } finally {
      setPreparing(false);
    }
    if (questions.length > 0) setStep({ kind: 'questions', questions });
    else afterAnswers(null);
  };

  const dialogs = (
    <Suspense fallback={null}>
      {step?.kind === 'questions' && (
        <QuestionsModal
          title={`Apply to ${job.title}`}
          questions={step.questions}
          submitLabel={hasResume ? 'Apply' : 'Next'}
          submitting={apply.isPending}
          onClose={() => setStep(null)}
          onSubmit={afterAnswers}
        />
      )}
      {step?.kind === 'resume' && (
        <ResumeDialog
          jobTitle={job.title}
          applying={apply.isPending}
          onClose={() => setStep(null)}
          onUploaded={() => {
            void client.invalidateQueries({ queryKey: identityKey });
            apply.mutate(step.answers);
          }}
        />
      )}
      {step?.kind === 'unapply' && (
        <ConfirmDialog
          open
          title="Withdraw application"
          message={`Withdraw your application to ${job.title}? You can apply again while applications are open.`}
          confirmLabel="Unapply"
          pending={unapply.isPending}
          onCancel={() => setStep(null)}
          onConfirm={() => unapply.mutate()}
        />
      )}
    </Suspense>
  );

  return {
    start: () => void start(),
    startUnapply: () => setStep({ kind: 'unapply' }),
    busy: preparing || apply.isPending || unapply.isPending,
    dialogs,
  };
}


