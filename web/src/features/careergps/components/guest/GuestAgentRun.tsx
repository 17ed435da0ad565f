import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  Stack,
  Step as StepperStep,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ApiError, fieldErrors, firstErrorMessage } from '../../../../lib/api/errors';
import { pathWithNext } from '../../../../lib/auth/next';
import { useSignedIn } from '../../../../lib/auth/session';
import { useProcessStep, type AgentStep, type AgentView } from '../../api';
import AccessDenied, { type Denial } from '../AccessDenied';
import QuestionField, { type Answer } from '../QuestionField';
import CareerInfoStep from './CareerInfoStep';
import { guestStartIndex } from './guestRules';
import PersonalInfoStep from './PersonalInfoStep';
import ProfileSourceStep from './ProfileSourceStep';
import GroupChecklistStep from '../GroupChecklistStep';

export const MSG_PROCESSING_FAILED = 'There is some issue in processing your request. Please try again in a few moments.';
export const SIGNUP_TITLE = 'Sign up to see your report';
const ANSWER_PREFIX = 'answers.';

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
  const [forms, setForms] = useState<Record<number, Record<string, Answer>>>({});
  const [checked, setChecked] = useState<Record<number, string[]>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [denial, setDenial] = useState<Denial | null>(null);
  const process = useProcessStep();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(index);
  useEffect(() => {
    if (shown.current === index) return;
    shown.current = index;
    heading.current?.focus();
  }, [index]);

  const item = flow[index];
  if (!item) return <Alert severity="info">This agent has no steps yet.</Alert>;
  const step = agent.steps.find((s) => s.order === item.order);
  const info = step?.extra_info;
  const form = forms[item.order] ?? {};
  const here = `${location.pathname}${location.search}`;

  const goTo = (next: number) => {
    setErrors({});
    setProblem(null);
    setFailed(false);
    setDenial(null);
    setIndex(next);
  };
  const back = index > 0 && flow[index - 1]?.type !== 'registration' ? () => goTo(index - 1) : null;

  const response = (): unknown => {
    if (item.type === 'custom_form') return Object.fromEntries(Object.entries(form).filter(([, v]) => v !== null && v !== ''));
    if (item.type === 'checklist') return checked[item.order] ?? [];
    if (item.type === 'group_checklist') return (checked[item.order] ?? []).map(Number);
    if (item.type === 'report_generation' || item.type === 'aira_report_generation') return null;
    return {};
  };

  const submit = () => {
    setErrors({});
    setProblem(null);
    setFailed(false);
    setDenial(null);
    process.mutate(
      { agentId: agent.id, order: item.order, userResponse: response() },
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
            setFailed(true);
          } else if (error.status === 403) {
            setDenial({ code: error.body?.code ?? null, message: firstErrorMessage(error.body) ?? error.message });
          } else {
            const all = fieldErrors(error.body);
            const onQuestions: Record<string, string> = {};
            for (const [field, message] of Object.entries(all)) {
              if (field.startsWith(ANSWER_PREFIX)) onQuestions[field.slice(ANSWER_PREFIX.length)] = message;
            }
            setErrors(onQuestions);
            setProblem(
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
  const setAnswer = (id: string, value: Answer) => setForms((all) => ({ ...all, [item.order]: { ...form, [id]: value } }));
  const toggleItem = (id: string) =>
    setChecked((all) => {
      const now = all[item.order] ?? [];
      return { ...all, [item.order]: now.includes(id) ? now.filter((x) => x !== id) : [...now, id] };
    });

  /** Next, Back and Skip for the agent's own steps. */
  const stepButtons = (
    <Stack direction="row" spacing={1.5} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1 }}>
      <Button variant="outlined" onClick={() => back?.()} disabled={!back || busy}>
        Back
      </Button>
      {info?.skippable && index < flow.length - 1 ? (
        <Button onClick={next} disabled={busy}>
          Skip
        </Button>
      ) : null}
      {known ? (
        <Button variant="contained" onClick={submit} disabled={busy}>
          {info?.next_text || 'Next'}
        </Button>
      ) : null}
    </Stack>
  );

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 860, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2.1rem' } }} gutterBottom>
        {agent.name}
      </Typography>
      {agent.description ? <Typography sx={{ mb: 2 }}>{agent.description}</Typography> : null}
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

      {denial ? (
        <Box sx={{ mb: 2 }}>
          {denial.code === 'SIGNUP_REQUIRED' ? <SignupInvitation here={here} /> : <AccessDenied denial={denial} />}
        </Box>
      ) : null}

      <Box component="section" aria-labelledby="step-heading">
        <Typography id="step-heading" ref={heading} tabIndex={-1} component="h2" variant="h5" gutterBottom sx={{ outline: 'none' }}>
          {screenTitle(item, step)}
        </Typography>
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
        {item.type === 'custom_form' ? (
          <Stack spacing={3}>
            {(info?.questions ?? []).map((question) => (
              <QuestionField
                key={question.id}
                question={question}
                value={form[question.id] ?? (question.type === 'selection' ? [] : null)}
                error={errors[question.id]}
                onChange={(value) => setAnswer(question.id, value)}
              />
            ))}
          </Stack>
        ) : null}
        {item.type === 'group_checklist' ? (
          <GroupChecklistStep selected={checked[item.order] ?? []} onToggle={toggleItem} />
        ) : null}
        {item.type === 'checklist' ? (
          <FormGroup>
            {(info?.items ?? []).map((entry) => (
              <FormControlLabel
                key={entry.id}
                control={<Checkbox checked={(checked[item.order] ?? []).includes(entry.id)} onChange={() => toggleItem(entry.id)} />}
                label={entry.label}
              />
            ))}
          </FormGroup>
        ) : null}

        {busy ? (
          <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', my: 2 }}>
            <CircularProgress size={24} />
            <Typography>{info?.loading_text || 'Processing…'}</Typography>
          </Stack>
        ) : null}
        {problem ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        ) : null}
        {failed ? (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={submit}>
                Retry
              </Button>
            }
          >
            {MSG_PROCESSING_FAILED}
          </Alert>
        ) : null}

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
