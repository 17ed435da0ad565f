import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
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
import { useNavigate, useParams } from 'react-router';
import PageSpinner from '../../../components/PageSpinner';
import { ApiError, fieldErrors, firstErrorMessage } from '../../../lib/api/errors';
import { useAgent, useProcessStep, type AgentStep, type AgentView } from '../api';
import AccessDenied, { type Denial } from '../components/AccessDenied';
import QuestionField, { type Answer } from '../components/QuestionField';
import AgentStaffTools from '../components/staff/AgentStaffTools';
import GuestAgentRun from '../components/guest/GuestAgentRun';
import { memberStartIndex } from '../components/guest/guestRules';
import { useGuestMode } from '../components/guest/useGuestMode';
import GroupChecklistStep from '../components/GroupChecklistStep';

export const MSG_PROCESSING_FAILED = 'There is some issue in processing your request. Please try again in a few moments.';
const ANSWER_PREFIX = 'answers.';

type StepKind = AgentStep['extra_info']['type'];
/** The step types a signed-in member goes through on this page. */
const INFO_STEPS: StepKind[] = ['career_information'];
const REPORT_STEPS: StepKind[] = ['report_generation', 'aira_report_generation'];
const KNOWN_STEPS: StepKind[] = [...INFO_STEPS, ...REPORT_STEPS, 'custom_form', 'checklist', 'group_checklist'];

type FormAnswers = Record<string, Answer>;

/** /careergps/{slug}: a member (or a visitor, through the visitor's flow) runs an agent step by step (spec 002 §4 "CareerGPS agent flow"). */
export default function AgentPage() {
  const { slug = '' } = useParams();
  const guest = useGuestMode();
  const agent = useAgent(slug, true);

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
  if (guest) return <GuestAgentRun key={agent.data.id} agent={agent.data} />;
  return <AgentRun key={agent.data.id} agent={agent.data} />;
}

function AgentRun({ agent }: { agent: AgentView }) {
  const navigate = useNavigate();
  const steps = useMemo(() => [...agent.steps].sort((a, b) => a.order - b.order), [agent.steps]);
  // A run under way goes on where it stopped (a visitor who just signed up: at the report).
  const [index, setIndex] = useState(() => memberStartIndex(steps, agent.resume_step));
  const [forms, setForms] = useState<Record<number, FormAnswers>>({});
  const [checked, setChecked] = useState<Record<number, string[]>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [denial, setDenial] = useState<Denial | null>(null);
  const process = useProcessStep();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(index);
  // After Next, Back or Skip, keyboard and screen reader users land on the new step's heading.
  useEffect(() => {
    if (shown.current === index) return;
    shown.current = index;
    heading.current?.focus();
  }, [index]);

  const step = steps[index];
  if (!step) return <Alert severity="info">This agent has no steps yet.</Alert>;
  const info = step.extra_info;
  const kind = info.type;
  const form = forms[step.order] ?? {};

  const goTo = (next: number) => {
    setErrors({});
    setProblem(null);
    setFailed(false);
    setIndex(next);
  };

  const response = (): unknown => {
    if (kind === 'custom_form') {
      return Object.fromEntries(Object.entries(form).filter(([, v]) => v !== null && v !== ''));
    }
    if (kind === 'checklist') return checked[step.order] ?? [];
    if (kind === 'group_checklist') return (checked[step.order] ?? []).map(Number);
    if (REPORT_STEPS.includes(kind)) return null;
    return {};
  };

  const submit = () => {
    setErrors({});
    setProblem(null);
    setFailed(false);
    setDenial(null);
    process.mutate(
      { agentId: agent.id, order: step.order, userResponse: response() },
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
            setFailed(true);
          } else if (error.status === 403) {
            setDenial({ code: error.body?.code ?? null, message: firstErrorMessage(error.body) ?? error.message });
          } else if (error.status === 400 || error.status === 404) {
            const all = fieldErrors(error.body);
            const onQuestions: Record<string, string> = {};
            for (const [field, message] of Object.entries(all)) {
              if (field.startsWith(ANSWER_PREFIX)) onQuestions[field.slice(ANSWER_PREFIX.length)] = message;
            }
            setErrors(onQuestions);
            const rest = Object.entries(all).find(([field]) => !field.startsWith(ANSWER_PREFIX));
            if (rest) setProblem(rest[1]);
            else if (Object.keys(onQuestions).length === 0) setProblem(firstErrorMessage(error.body) ?? error.message);
            else setProblem('Please correct the highlighted answers.');
          } else {
            setFailed(true);
          }
        },
      },
    );
  };

  const setAnswer = (id: string, value: Answer) => setForms((all) => ({ ...all, [step.order]: { ...form, [id]: value } }));
  const toggleItem = (id: string) =>
    setChecked((all) => {
      const now = all[step.order] ?? [];
      return { ...all, [step.order]: now.includes(id) ? now.filter((x) => x !== id) : [...now, id] };
    });

  const busy = process.isPending;
  const known = KNOWN_STEPS.includes(kind);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 860, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2.1rem' } }} gutterBottom>
        {agent.name}
      </Typography>
      {agent.description ? <Typography sx={{ mb: 2 }}>{agent.description}</Typography> : null}
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

      {denial ? (
        <Box sx={{ mb: 2 }}>
          <AccessDenied denial={denial} />
        </Box>
      ) : null}

      <Box component="section" aria-labelledby="step-heading">
        <Typography id="step-heading" ref={heading} tabIndex={-1} component="h2" variant="h5" gutterBottom sx={{ outline: 'none' }}>
          {info.header_text || `Step ${step.order}`}
        </Typography>
        {info.description ? <Typography sx={{ mb: 2 }}>{info.description}</Typography> : null}

        {!known ? <Alert severity="error">Unknown step type: {kind}</Alert> : null}
        {kind === 'career_information' ? (
          <Typography sx={{ mb: 2 }}>Your Waypoint profile is used for this step.</Typography>
        ) : null}
        {kind === 'custom_form' ? (
          <Stack spacing={3}>
            {(info.questions ?? []).map((question) => (
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
        {kind === 'group_checklist' ? <GroupChecklistStep selected={checked[step.order] ?? []} onToggle={toggleItem} /> : null}
        {kind === 'checklist' ? (
          <FormGroup>
            {(info.items ?? []).map((item) => (
              <FormControlLabel
                key={item.id}
                control={
                  <Checkbox checked={(checked[step.order] ?? []).includes(item.id)} onChange={() => toggleItem(item.id)} />
                }
                label={item.label}
              />
            ))}
          </FormGroup>
        ) : null}

        {busy ? (
          <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', my: 2 }}>
            <CircularProgress size={24} />
            <Typography>{info.loading_text || 'Processing…'}</Typography>
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

        <Stack direction="row" spacing={1.5} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" onClick={() => goTo(index - 1)} disabled={index === 0 || busy}>
            Back
          </Button>
          {info.skippable && index < steps.length - 1 ? (
            <Button onClick={() => goTo(index + 1)} disabled={busy}>
              Skip
            </Button>
          ) : null}
          {known ? (
            <Button variant="contained" onClick={submit} disabled={busy}>
              {info.next_text || 'Next'}
            </Button>
          ) : null}
        </Stack>
      </Box>
    </Box>
  );
}
