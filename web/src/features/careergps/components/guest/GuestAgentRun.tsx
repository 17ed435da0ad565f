import { useState } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, Step as StepperStep, StepLabel, Stepper, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ApiError, firstErrorMessage } from '../../../../lib/api/errors';
import { pathWithNext } from '../../../../lib/auth/next';
import { useSignedIn } from '../../../../lib/auth/session';
import { useProcessStep, type AgentStep, type AgentView } from '../../api';
import AccessDenied from '../AccessDenied';
import { AgentTitle, StepButtons, StepHeading, StepInputs } from '../StepRun';
import { answerErrors, useStepRun } from '../useStepRun';
import CareerInfoStep from './CareerInfoStep';
import { guestStartIndex } from './guestRules';
import PersonalInfoStep from './PersonalInfoStep';
import ProfileSourceStep from './ProfileSourceStep';

export const SIGNUP_TITLE = 'Sign up to see your report';

type FlowItem = AgentView['flow'][number];
type Kind = FlowItem['type'];

const INPUT_TITLES: Partial<Record<Kind, string>> = {
  registration: 'Personal Information',
  unauth_profile_source: 'Profile Source',
  redirect_to_signup: 'Sign Up',
};

const KNOWN: Kind[] = [
  'registration',
  'unauth_profile_source',
  'career_information',
  'custom_form',
  'checklist',
  'group_checklist',
  'redirect_to_signup',
  'report_generation',
  'aira_report_generation',
];

function screenTitle(item: FlowItem, step: AgentStep | undefined): string {
  if (item.is_input) return INPUT_TITLES[item.type] ?? item.type;
  if (item.type === 'career_information') return step?.extra_info.header_text || 'Career Information';
  return step?.extra_info.header_text || `Step ${item.order}`;
}

/**
 * A visitor's run of an agent (spec 002 §4 "CareerGPS agent flow"): the screens of the agent's
 * visitor flow in order — Personal Information (which signs the visitor in with a trial
 * account), Profile Source, Career Information, the agent's own steps and, before the report,
 * the sign-up invitation. Signing up keeps the run; the member's page then goes on at the report.
 */
export default function GuestAgentRun({ agent }: { agent: AgentView }) {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const flow = agent.flow;
  const [index, setIndex] = useState(() => guestStartIndex(agent, signedIn));
  const run = useStepRun(index);
  const process = useProcessStep();

  const item = flow[index];
  if (!item) return <Alert severity="info">This agent has no steps yet.</Alert>;
  const step = agent.steps.find((s) => s.order === item.order);
  const info = step?.extra_info;
  const here = `${location.pathname}${location.search}`;

  const goTo = (next: number) => {
    run.clear();
    setIndex(next);
  };
  const back = index > 0 && flow[index - 1]?.type !== 'registration' ? () => goTo(index - 1) : null;

  const submit = () => {
    run.clear();
    process.mutate(
      { agentId: agent.id, order: item.order, userResponse: run.response(item.type, item.order) },
      {
        onSuccess: (answer) => {
          if (answer.report_slug) {
            void navigate(`/careergps-report/${answer.report_slug}`);
            return;
          }
          const next = flow.findIndex((f, i) => i > index && f.order === answer.next_step);
          if (next >= 0) goTo(next);
          else if (index + 1 < flow.length) goTo(index + 1);
          else void navigate('/careergps');
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) {
            run.setFailed(true);
          } else if (error.status === 403) {
            run.setDenial({ code: error.body?.code ?? null, message: firstErrorMessage(error.body) ?? error.message });
          } else {
            const { onQuestions } = answerErrors(error.body);
            run.setErrors(onQuestions);
            run.setProblem(
              Object.keys(onQuestions).length > 0
                ? 'Please correct the highlighted answers.'
                : (firstErrorMessage(error.body) ?? error.message),
            );
          }
        },
      },
    );
  };

  const busy = process.isPending;
  const known = KNOWN.includes(item.type);
  const next = () => goTo(index + 1);

  /** Next, Back and Skip for the agent's own steps. */
  const stepButtons = (
    <StepButtons
      onBack={back}
      onSkip={info?.skippable && index < flow.length - 1 ? next : null}
      onNext={known ? submit : null}
      nextText={info?.next_text || 'Next'}
      busy={busy}
    />
  );

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 860, mx: 'auto' }}>
      <AgentTitle agent={agent} />
      {agent.extra_info.show_stepper ? (
        <>
          <Stepper activeStep={index} alternativeLabel sx={{ mb: 3, display: { xs: 'none', md: 'flex' } }}>
            {flow.map((f, i) => (
              <StepperStep key={`${f.order}-${f.type}-${i}`}>
                <StepLabel>{screenTitle(f, agent.steps.find((s) => s.order === f.order))}</StepLabel>
              </StepperStep>
            ))}
          </Stepper>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1, display: { md: 'none' } }}>
            Step {index + 1} of {flow.length}
          </Typography>
        </>
      ) : null}

      {run.denial ? (
        <Box sx={{ mb: 2 }}>
          {run.denial.code === 'SIGNUP_REQUIRED' ? <SignupInvitation here={here} /> : <AccessDenied denial={run.denial} />}
        </Box>
      ) : null}

      <Box component="section" aria-labelledby="step-heading">
        <StepHeading headingRef={run.headingRef}>{screenTitle(item, step)}</StepHeading>
        {!item.is_input && info?.description ? <Typography sx={{ mb: 2 }}>{info.description}</Typography> : null}
        {!known ? <Alert severity="error">Unknown step type: {item.type}</Alert> : null}

        {item.type === 'registration' ? <PersonalInfoStep onDone={next} /> : null}
        {item.type === 'unauth_profile_source' ? <ProfileSourceStep onDone={next} onBack={back} /> : null}
        {item.type === 'career_information' ? (
          <CareerInfoStep onSaved={submit} onBack={back} busy={busy} nextText={info?.next_text || 'Next'} />
        ) : null}
        {item.type === 'redirect_to_signup' ? (
          <>
            <SignupInvitation here={here} />
            <Box sx={{ mt: 2 }}>
              <Button variant="outlined" onClick={() => back?.()} disabled={!back}>
                Back
              </Button>
            </Box>
          </>
        ) : null}
        <StepInputs run={run} kind={item.type} order={item.order} info={info} busy={busy} onRetry={submit} />

        {!item.is_input && item.type !== 'career_information' ? stepButtons : null}
        {!known && item.is_input ? stepButtons : null}
      </Box>
    </Box>
  );
}

/** The sign-up invitation (redirect_to_signup): signing up keeps the answers and opens the report. */
function SignupInvitation({ here }: { here: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="p" variant="h6" gutterBottom>
          {SIGNUP_TITLE}
        </Typography>
        <Typography>
          Your answers are saved. Create your free account to see your report, keep it and share it — you will come straight
          back here.
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" component={RouterLink} to={pathWithNext('/signup', here)}>
          Sign Up
        </Button>
      </CardActions>
    </Card>
  );
}
