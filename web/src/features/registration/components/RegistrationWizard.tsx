import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Box, Container, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { Navigate } from 'react-router';
import type { Identity } from '../../../lib/auth/identity';
import type { UiConfig } from '../../../lib/config/appConfig';
import type { ImportStarted } from '../../../lib/profile/profileImport';
import { getRole } from '../../../lib/session';
import { reloadPage } from '../../../lib/profile/reloadPage';
import { profileFormContext, type ProfileFormValues } from '../../../components/profileForm/profileSchema';
import { completeIndex, hostFlow, nextIndex, planSteps, previousIndex, stepCounter } from '../steps';
import CompletionStep from './CompletionStep';
import EntryOptions, { type EntryChoice } from './EntryOptions';
import StepIndicator from '../../../components/profileForm/StepIndicator';

export interface RegistrationWizardProps {
  /** The signed-in user, kept up to date: the steps are planned from the first one seen. */
  identity: Identity;
  ui: UiConfig;
}

type EntryMode = 'choose' | 'linkedin' | 'resume';

// Off the entry screen (issue 30): the profile form (react-hook-form, its rules, the pickers) and
// the import screens load as the wizard opens, in parallel with what the first screen shows, and
// the wizard's frame (heading, counter) does not wait for them.
const loadProfileStep = () => import('./ProfileStep');
const ProfileStep = lazy(loadProfileStep);
const ImportProfileForm = lazy(() => import('../../../components/profileForm/ImportProfileForm'));
const ImportProgress = lazy(() => import('./ImportProgress'));

/** The persona picked in the portal preferences starts the current role when none is stored. */
function initialDraft(identity: Identity): Partial<ProfileFormValues> {
  const role = Number(getRole());
  return !identity.group_profile?.current_role && Number.isInteger(role) && role > 0 ? { current_role: role } : {};
}

/**
 * The registration wizard (spec 000 §2, §4): an entry step (LinkedIn, resume or form), the form
 * steps of the site's step set, and a completion screen. Steps already answered by the profile
 * are left out; the counter counts the form steps only.
 */
export default function RegistrationWizard({ identity, ui }: RegistrationWizardProps) {
  const [plan] = useState(() => planSteps(identity, ui));
  const [ctx] = useState(() => profileFormContext(ui));
  const [index, setIndex] = useState(0);
  const [draft, setDraft] = useState<Partial<ProfileFormValues>>(() => initialDraft(identity));
  const [entryMode, setEntryMode] = useState<EntryMode>('choose');
  const [importing, setImporting] = useState<ImportStarted | null>(null);
  const [importedFrom, setImportedFrom] = useState<'linkedin' | 'resume' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const step = plan[index];
  const counter = stepCounter(plan, index);

  // The form steps come next (or first): their code downloads at once, not on the click.
  useEffect(() => {
    void loadProfileStep().catch(() => {
      // The step itself retries (React.lazy) and shows a failure then.
    });
  }, []);

  // Each new step announces itself: focus moves to its heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [index, entryMode]);

  const goTo = useCallback((next: number) => {
    setIndex(next);
    window.scrollTo?.({ top: 0 });
  }, []);

  const onImportDone = useCallback(() => {
    setImportedFrom(importing?.source ?? null);
    goTo(completeIndex(plan));
  }, [importing, plan, goTo]);

  if (!step) return <Navigate to="/" replace />;

  const keep = (values: ProfileFormValues) => setDraft((old) => ({ ...old, ...values }));

  const chooseEntry = (choice: EntryChoice) => {
    if (choice === 'form') goTo(nextIndex(plan, index));
    else setEntryMode(choice);
  };

  let title = step.title;
  let subtitle = step.subtitle;
  let body;
  if (step.id === 'start') {
    if (importing) {
      title = 'Importing your profile';
      subtitle = 'This takes a few seconds.';
      body = (
        <ImportProgress
          started={importing}
          onDone={onImportDone}
          onRetry={() => {
            setImporting(null);
            setEntryMode('choose');
          }}
          onUseForm={() => {
            setImporting(null);
            setEntryMode('choose');
            goTo(nextIndex(plan, index));
          }}
        />
      );
    } else if (entryMode === 'choose') {
      body = <EntryOptions onChoose={chooseEntry} />;
    } else {
      title = entryMode === 'linkedin' ? 'Import from LinkedIn' : 'Upload your resume';
      subtitle =
        entryMode === 'linkedin'
          ? 'Paste the address of your LinkedIn profile and choose what to bring over.'
          : 'Choose what to bring over, then pick your resume (PDF). It is sent a moment after you pick it.';
      body = (
        <ImportProfileForm
          sources={entryMode}
          onStarted={setImporting}
          onCancel={() => setEntryMode('choose')}
          cancelLabel="Back"
        />
      );
    }
  } else if (step.id === 'complete') {
    body = <CompletionStep importedFrom={importedFrom} onFinish={reloadPage} />;
  } else {
    const back = previousIndex(plan, index);
    body = (
      <ProfileStep
        key={step.id}
        step={step}
        ctx={ctx}
        identity={identity}
        draft={draft}
        institutionLabel={hostFlow(ui) === 'institutional' ? 'University' : undefined}
        onContinue={(values) => {
          keep(values);
          goTo(nextIndex(plan, index));
        }}
        onBack={
          back === null
            ? null
            : (values) => {
                keep(values);
                setEntryMode('choose');
                goTo(back);
              }
        }
        onSkip={() => goTo(nextIndex(plan, index))}
      />
    );
  }

  const welcome = index === 0 && step.id !== 'complete' && !importing && entryMode === 'choose';

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Stack spacing={3}>
          {welcome && (
            <Typography variant="body1" color="text.secondary">
              Welcome{identity.first_name ? `, ${identity.first_name}` : ''}! A complete profile helps us suggest the
              right circles, people and jobs for you.
            </Typography>
          )}
          {counter && <StepIndicator current={counter.current} total={counter.total} />}
          <Box sx={step.id === 'complete' ? { textAlign: 'center' } : undefined}>
            <Typography
              ref={heading}
              tabIndex={-1}
              variant="h5"
              component="h1"
              sx={{ fontWeight: 700, '&:focus': { outline: 'none' } }}
            >
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          </Box>
          <Suspense fallback={<Skeleton variant="rounded" height={240} aria-label="Loading the step" />}>{body}</Suspense>
        </Stack>
      </Paper>
    </Container>
  );
}
