// Applying to a job (spec 001 §4 "Job lifecycle", §5 "Job", §8): guests sign in first (and
// are back applying); a job with questions asks them first; a profile without a resume asks
// for one (uploaded in the dialog); then POST /jobs/{id}/apply/. Unapply while pending, after
// a confirmation.
import { Suspense, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useLocation, useNavigate } from 'react-router';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { QuestionsModal } from '../../../components/join/lazyDialogs';
import { identityKey } from '../../../lib/auth/identity';
import { pathWithIntent } from '../../../lib/auth/next';
import { serverMessage } from '../../../lib/groups/messages';
import type { Answers } from '../../../lib/groups/types';
import { applyToJob, unapplyFromJob, useRefreshJobs } from '../api/jobs';
import type { Job } from '../api/types';
import { APPLY_MESSAGES } from '../messages';
import ResumeDialog from './ResumeDialog';

export interface ApplyFlow {
  start: () => void;
  /** Asks to confirm, then withdraws the pending application. */
  startUnapply: () => void;
  busy: boolean;
  dialogs: ReactNode;
}

type Step = { kind: 'questions' } | { kind: 'resume'; answers: Answers | null } | { kind: 'unapply' } | null;

export function useApplyFlow(job: Pick<Job, 'id' | 'title' | 'extra_info'>, signedIn: boolean, hasResume: boolean): ApplyFlow {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const refresh = useRefreshJobs();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>(null);
  const questions = job.extra_info?.questions ?? [];

  const apply = useMutation({
    mutationFn: (answers: Answers | null) => applyToJob(job.id, answers),
    meta: { silent: true },
    onSuccess: async () => {
      enqueueSnackbar(APPLY_MESSAGES.applied, { variant: 'success' });
      setStep(null);
      await refresh();
    },
    onError: (error) => enqueueSnackbar(serverMessage(error) ?? APPLY_MESSAGES.applyFailed, { variant: 'error' }),
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

  const start = () => {
    if (!signedIn) {
      void navigate(pathWithIntent('/login', `${pathname}${search}`, 'join'));
      return;
    }
    if (questions.length > 0) setStep({ kind: 'questions' });
    else if (hasResume) apply.mutate(null);
    else setStep({ kind: 'resume', answers: null });
  };

  const dialogs = (
    <Suspense fallback={null}>
      {step?.kind === 'questions' && (
        <QuestionsModal
          title={`Apply to ${job.title}`}
          questions={questions}
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
    start,
    startUnapply: () => setStep({ kind: 'unapply' }),
    busy: apply.isPending || unapply.isPending,
    dialogs,
  };
}


