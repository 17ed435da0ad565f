// The parts of a run's page a member's and a visitor's run of an agent share: the agent's
// title, the step heading, the step's inputs and messages, and Back / Skip / Next.
import type { ReactNode, Ref } from 'react';
import { Alert, Button, Checkbox, CircularProgress, FormControlLabel, FormGroup, Stack, Typography } from '@mui/material';
import { ListError } from '../../../components/lists/ListStates';
import type { AgentView } from '../api';
import GroupChecklistStep from './GroupChecklistStep';
import QuestionField from './QuestionField';
import { MSG_PROCESSING_FAILED, type StepInfo, type StepKind, type StepRun } from './useStepRun';

/** The agent's name and description at the top of its page. */
export function AgentTitle({ agent }: { agent: AgentView }) {
  return (
    <>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2.1rem' } }} gutterBottom>
        {agent.name}
      </Typography>
      {agent.description ? <Typography sx={{ mb: 2 }}>{agent.description}</Typography> : null}
    </>
  );
}

/** The step's heading, which the run focuses on a new step. */
export function StepHeading({ headingRef, children }: { headingRef: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <Typography id="step-heading" ref={headingRef} tabIndex={-1} component="h2" variant="h5" gutterBottom sx={{ outline: 'none' }}>
      {children}
    </Typography>
  );
}

/**
 * The step's own inputs (a custom form's questions, a checklist, the group checklist), then
 * the processing line, the last problem and, when the request failed, Retry.
 */
export function StepInputs({
  run,
  kind,
  order,
  info,
  busy,
  onRetry,
}: {
  run: StepRun;
  kind: StepKind;
  order: number;
  info: StepInfo | undefined;
  busy: boolean;
  onRetry: () => void;
}) {
  const form = run.forms[order] ?? {};
  const ticked = run.checked[order] ?? [];
  return (
    <>
      {kind === 'custom_form' ? (
        <Stack spacing={3}>
          {(info?.questions ?? []).map((question) => (
            <QuestionField
              key={question.id}
              question={question}
              value={form[question.id] ?? (question.type === 'selection' ? [] : null)}
              error={run.errors[question.id]}
              onChange={(value) => run.setAnswer(order, question.id, value)}
            />
          ))}
        </Stack>
      ) : null}
      {kind === 'group_checklist' ? <GroupChecklistStep selected={ticked} onToggle={(id) => run.toggleItem(order, id)} /> : null}
      {kind === 'checklist' ? (
        <FormGroup>
          {(info?.items ?? []).map((entry) => (
            <FormControlLabel
              key={entry.id}
              control={<Checkbox checked={ticked.includes(entry.id)} onChange={() => run.toggleItem(order, entry.id)} />}
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
      {run.problem ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {run.problem}
        </Alert>
      ) : null}
      {run.failed ? <ListError message={MSG_PROCESSING_FAILED} onRetry={onRetry} variant="standard" sx={{ mt: 2 }} /> : null}
    </>
  );
}

/** Back, Skip (a skippable step that is not the last) and Next (a step this page knows). */
export function StepButtons({
  onBack,
  onSkip,
  onNext,
  nextText,
  busy,
}: {
  onBack: (() => void) | null;
  onSkip: (() => void) | null;
  onNext: (() => void) | null;
  nextText: string;
  busy: boolean;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ mt: 3, flexWrap: 'wrap', rowGap: 1 }}>
      <Button variant="outlined" onClick={() => onBack?.()} disabled={!onBack || busy}>
        Back
      </Button>
      {onSkip ? (
        <Button onClick={onSkip} disabled={busy}>
          Skip
        </Button>
      ) : null}
      {onNext ? (
        <Button variant="contained" onClick={onNext} disabled={busy}>
          {nextText}
        </Button>
      ) : null}
    </Stack>
  );
}
