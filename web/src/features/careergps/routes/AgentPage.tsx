import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Box, Step as StepperStep, StepLabel, Stepper, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router';
import PageSpinner from '../../../components/PageSpinner';
import { ApiError, firstErrorMessage } from '../../../lib/api/errors';
import { useAgent, useProcessStep, type AgentStep, type AgentView } from '../api';
import AccessDenied from '../components/AccessDenied';
import AgentStaffTools from '../components/staff/AgentStaffTools';
import { memberStartIndex } from '../components/guest/guestRules';
import { useGuestMode } from '../components/guest/useGuestMode';
import { AgentTitle, StepButtons, StepHeading, StepInputs } from '../components/StepRun';
import { answerErrors, MSG_PROCESSING_FAILED, useStepRun } from '../components/useStepRun';

export { MSG_PROCESSING_FAILED };

// The visitor's flow (issue 18) with its profile forms (react-hook-form, the pickers, the
// import): only visitors and trial accounts run it, so it is off a member's page (issue 30).
// It starts downloading as soon as the page knows the user is a visitor, alongside the agent.
const loadGuestRun = () => import('../components/guest/GuestAgentRun');
const GuestAgentRun = lazy(loadGuestRun);

type StepKind = AgentStep['extra_info']['type'];
/** The step types a signed-in member goes through on this page. */
const INFO_STEPS: StepKind[] = ['career_information'];
const REPORT_STEPS: StepKind[] = ['report_generation', 'aira_report_generation'];
const KNOWN_STEPS: StepKind[] = [...INFO_STEPS, ...REPORT_STEPS, 'custom_form', 'checklist', 'group_checklist'];

/** /careergps/{slug}: a member (or a visitor, through the visitor's flow) runs an agent step by step (spec 002 §4 "CareerGPS agent flow"). */
export default function AgentPage() {
  const { slug = '' } = useParams();
  const guest = useGuestMode();
  const agent = useAgent(slug, true);
  if (guest) void loadGuestRun().catch(() => {});

  if (agent.isPending || guest === null) return <PageSpinner />;
  if (agent.isError) {
    const missing = agent.error instanceof ApiError && agent.error.status === 404;
    return (
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Alert severity={missing ? 'info' : 'error'}>{missing ? 'No agent found' : MSG_PROCESSING_FAILED}</Alert>
      </Box>
    );
  }
  // Visitors and trial accounts go through the visitor's flow (issue 18).
  if (guest) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <GuestAgentRun key={agent.data.id} agent={agent.data} />
      </Suspense>
    );
  }
  return <AgentRun key={agent.data.id} agent={agent.data} />;
}

function AgentRun({ agent }: { agent: AgentView }) {
  const navigate = useNavigate();
  const steps = useMemo(() => [...agent.steps].sort((a, b) => a.order - b.order), [agent.steps]);
  // A run under way goes on where it stopped (a visitor who just signed up: at the report).
  const [index, setIndex] = useState(() => memberStartIndex(steps, agent.resume_step));
  const run = useStepRun(index);
  const process = useProcessStep();

  const step = steps[index];
  if (!step) return <Alert severity="info">This agent has no steps yet.</Alert>;
  const info = step.extra_info;
  const kind = info.type;

  const goTo = (next: number) => {
    run.clear(true);
    setIndex(next);
  };

  const submit = () => {
    run.clear();
    process.mutate(
      { agentId: agent.id, order: step.order, userResponse: run.response(kind, step.order) },
      {
        onSuccess: (answer) => {
          if (answer.report_slug) {
            void navigate(`/careergps-report/${answer.report_slug}`);
            return;
          }
          const next = steps.findIndex((s) => s.order === answer.next_step);
          if (next >= 0) goTo(next);
          else void navigate('/careergps-reports');
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) {
            run.setFailed(true);
          } else if (error.status === 403) {
            run.setDenial({ code: error.body?.code ?? null, message: firstErrorMessage(error.body) ?? error.message });
          } else if (error.status === 400 || error.status === 404) {
            const { onQuestions, other } = answerErrors(error.body);
            run.setErrors(onQuestions);
            if (other) run.setProblem(other);
            else if (Object.keys(onQuestions).length === 0) run.setProblem(firstErrorMessage(error.body) ?? error.message);
            else run.setProblem('Please correct the highlighted answers.');
          } else {
            run.setFailed(true);
          }
        },
      },
    );
  };

  const busy = process.isPending;
  const known = KNOWN_STEPS.includes(kind);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 860, mx: 'auto' }}>
      <AgentTitle agent={agent} />
      <AgentStaffTools agent={agent} />
      {agent.extra_info.show_stepper ? (
        <Stepper activeStep={index} alternativeLabel sx={{ mb: 3 }}>
          {steps.map((s) => (
            <StepperStep key={s.order}>
              <StepLabel>{s.extra_info.header_text || `Step ${s.order}`}</StepLabel>
            </StepperStep>
          ))}
        </Stepper>
      ) : null}

      {run.denial ? (
        <Box sx={{ mb: 2 }}>
          <AccessDenied denial={run.denial} />
        </Box>
      ) : null}

      <Box component="section" aria-labelledby="step-heading">
        <StepHeading headingRef={run.headingRef}>{info.header_text || `Step ${step.order}`}</StepHeading>
        {info.description ? <Typography sx={{ mb: 2 }}>{info.description}</Typography> : null}

        {!known ? <Alert severity="error">Unknown step type: {kind}</Alert> : null}
        {kind === 'career_information' ? (
          <Typography sx={{ mb: 2 }}>Your Waypoint profile is used for this step.</Typography>
        ) : null}
        <StepInputs run={run} kind={kind} order={step.order} info={info} busy={busy} onRetry={submit} />

        <StepButtons
          onBack={index === 0 ? null : () => goTo(index - 1)}
          onSkip={info.skippable && index < steps.length - 1 ? () => goTo(index + 1) : null}
          onNext={known ? submit : null}
          nextText={info.next_text || 'Next'}
          busy={busy}
        />
      </Box>
    </Box>
  );
}
