import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { ApiError, fieldErrors, firstErrorMessage } from '../../../../lib/api/errors';
import { enqueueSnackbar } from '../../../../lib/snackbar';
import type { AgentView } from '../../api';
import { useUpdateAgentPrompts, type AgentPromptOption } from './api';

interface Props {
  agent: AgentView;
  open: boolean;
  onClose: () => void;
}

function newId(options: AgentPromptOption[]): string {
  let n = options.length + 1;
  while (options.some((o) => o.id === `prompt-${n}`)) n += 1;
  return `prompt-${n}`;
}

/**
 * Staff edit an agent's user-prompt configuration: the prompt options (add a new one, edit,
 * remove) and each step's prompt, which may be chosen among the options.
 */
export default function AgentPromptsDialog({ agent, open, onClose }: Props) {
  const save = useUpdateAgentPrompts();
  const steps = [...agent.steps].sort((a, b) => a.order - b.order);
  const [options, setOptions] = useState<AgentPromptOption[]>(() => agent.extra_info.prompts ?? []);
  const [stepPrompts, setStepPrompts] = useState<Record<number, string>>(() =>
    Object.fromEntries(steps.map((s) => [s.order, s.extra_info.user_prompt ?? ''])),
  );
  const errors = save.error instanceof ApiError ? fieldErrors(save.error.body) : {};
  const general =
    save.error instanceof ApiError ? (firstErrorMessage(save.error.body) ?? save.error.message) : save.error ? 'Could not save the prompts.' : null;
  const stepIndex = (order: number) => agent.steps.findIndex((s) => s.order === order);

  const setOption = (i: number, change: Partial<AgentPromptOption>) =>
    setOptions((list) => list.map((o, j) => (j === i ? { ...o, ...change } : o)));
  const submit = () =>
    save.mutate(
      {
        agentId: agent.id,
        prompts: options,
        steps: steps.map((s) => ({ order: s.order, user_prompt: stepPrompts[s.order] ?? '' })),
      },
      {
        onSuccess: (answer) => {
          enqueueSnackbar(answer.message, { variant: 'success' });
          onClose();
        },
      },
    );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="agent-prompts-title">
      <DialogTitle id="agent-prompts-title">Prompts of {agent.name}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {general ? <Alert severity="error">{general}</Alert> : null}
          <Typography variant="h6" component="h3">
            Prompt options
          </Typography>
          {options.length === 0 ? <Typography color="text.secondary">No prompt options yet.</Typography> : null}
          {options.map((option, i) => (
            <Stack key={i} spacing={1} direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'flex-start' } }}>
              <TextField
                label="Name"
                value={option.name}
                onChange={(e) => setOption(i, { name: e.target.value })}
                error={Boolean(errors[`extra_info.prompts.${i}.name`] ?? errors[`extra_info.prompts.${i}.id`])}
                helperText={errors[`extra_info.prompts.${i}.name`] ?? errors[`extra_info.prompts.${i}.id`]}
                sx={{ minWidth: 180 }}
              />
              <TextField
                label="Prompt"
                value={option.prompt}
                onChange={(e) => setOption(i, { prompt: e.target.value })}
                error={Boolean(errors[`extra_info.prompts.${i}.prompt`])}
                helperText={errors[`extra_info.prompts.${i}.prompt`]}
                multiline
                minRows={2}
                fullWidth
              />
              <IconButton aria-label={`Remove prompt ${option.name || i + 1}`} onClick={() => setOptions((l) => l.filter((_, j) => j !== i))}>
                ×
              </IconButton>
            </Stack>
          ))}
          <div>
            <Button onClick={() => setOptions((l) => [...l, { id: newId(l), name: '', prompt: '' }])}>Add prompt</Button>
          </div>
          <Typography variant="h6" component="h3">
            Step prompts
          </Typography>
          {steps.map((step) => {
            const field = `steps.${stepIndex(step.order)}.extra_info.user_prompt`;
            return (
              <Stack key={step.order} spacing={1}>
                <Typography variant="subtitle2">
                  Step {step.order}: {step.extra_info.header_text || step.extra_info.type}
                </Typography>
                {options.length > 0 ? (
                  <TextField
                    select
                    size="small"
                    label="Use a prompt option"
                    value=""
                    onChange={(e) => {
                      const chosen = options.find((o) => o.id === e.target.value);
                      if (chosen) setStepPrompts((p) => ({ ...p, [step.order]: chosen.prompt }));
                    }}
                    sx={{ maxWidth: 320 }}
                  >
                    {options.map((o) => (
                      <MenuItem key={o.id} value={o.id}>
                        {o.name || o.id}
                      </MenuItem>
                    ))}
                  </TextField>
                ) : null}
                <TextField
                  label="User prompt"
                  value={stepPrompts[step.order] ?? ''}
                  onChange={(e) => setStepPrompts((p) => ({ ...p, [step.order]: e.target.value }))}
                  error={Boolean(errors[field])}
                  helperText={errors[field]}
                  multiline
                  minRows={2}
                  fullWidth
                />
              </Stack>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
