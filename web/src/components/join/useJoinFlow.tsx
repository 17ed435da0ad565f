// The join flow shared by every way of joining a circle or event (the group page's Join /
// Register, Apply for Training): guests sign in first with join=true; a conference opens its
// registration form, a group with questions the questions modal (spec 001 §4); the answer's
// message, its wait-list warning, or the server's refusal are shown.
import { Suspense, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/snackbar';
import { useLocation, useNavigate } from 'react-router';
import { pathWithIntent } from '../../lib/auth/next';
import { toRegistration, type ConferenceValues } from '../../lib/groups/conference';
import { joinGroup } from '../../lib/groups/membership';
import { serverMessage } from '../../lib/groups/messages';
import type { Answers, Group, JoinAnswer, JoinBody } from '../../lib/groups/types';
import { ConferenceDialog, QuestionsModal } from './lazyDialogs';

/** What the flow needs of the group. */
export type JoinTarget = Pick<Group, 'id' | 'name' | 'group_type' | 'event_type' | 'extra_info'>;

interface Options {
  group: JoinTarget;
  signedIn: boolean;
  /** The action's name, for the questions dialog's title ("{label} {group name}"). */
  label: string;
  /** After a successful join: refresh whatever shows the membership. */
  onJoined?: (answer: JoinAnswer) => unknown;
}

export interface JoinFlow {
  /** Starts joining: sign-in for guests, else the conference form, the questions, or the call. */
  start: () => void;
  joining: boolean;
  /** The flow's dialogs, to render next to the button. */
  dialogs: ReactNode;
}

/** 'Successfully registered to event' / 'Successfully applied to joined {type}' when the server says nothing (spec 001 §8). */
function fallbackSuccess(type: string): string {
  return type === 'event' ? 'Successfully registered to event' : `Successfully applied to joined ${type}`;
}

export function useJoinFlow({ group, signedIn, label, onJoined }: Options): JoinFlow {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [dialog, setDialog] = useState<'questions' | 'conference' | null>(null);
  const type = group.group_type;
  const questions = group.extra_info?.questions ?? [];
  const conference = type === 'event' && group.event_type === 'conference';

  const join = useMutation({
    mutationFn: (body: JoinBody) => joinGroup(group.id, body),
    meta: { silent: true },
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.message || fallbackSuccess(type), { variant: 'success' });
      if (answer.warning) enqueueSnackbar(answer.warning, { variant: 'warning', autoHideDuration: 10_000 });
      setDialog(null);
      await onJoined?.(answer);
    },
    onError: (error) => enqueueSnackbar(serverMessage(error) ?? `Could not join ${type}`, { variant: 'error' }),
  });

  const start = () => {
    if (!signedIn) {
      void navigate(pathWithIntent('/login', `${pathname}${search}`, 'join'));
      return;
    }
    if (conference) setDialog('conference');
    else if (questions.length > 0) setDialog('questions');
    else join.mutate({});
  };

  const dialogs = (
    <Suspense fallback={null}>
      {dialog === 'questions' && (
        <QuestionsModal
          title={`${label} ${group.name}`}
          questions={questions}
          submitLabel="Submit"
          submitting={join.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(answers: Answers) => join.mutate({ extra_info: { answers } })}
        />
      )}
      {dialog === 'conference' && (
        <ConferenceDialog
          eventName={group.name}
          questions={questions}
          submitting={join.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(values: ConferenceValues, answers: Answers) => {
            const registration = toRegistration(values);
            join.mutate({
              role: registration.participant_type,
              extra_info: questions.length > 0 ? { ...registration, answers } : registration,
            });
          }}
        />
      )}
    </Suspense>
  );

  return { start, joining: join.isPending, dialogs };
}
