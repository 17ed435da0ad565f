import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from '../../lib/snackbar';
import {
  emptyDraft,
  hasOptions,
  parseOptions,
  QUESTION_TYPES,
  toDraft,
  toQuestion,
  validateDraft,
  type DraftErrors,
  type QuestionDraft,
} from '../../lib/groups/questions';
import type { Question, QuestionType } from '../../lib/groups/types';
import QuestionFields from '../join/QuestionFields';
import { AddIcon, CloseIcon } from '../icons';

interface Props {
  /** The questions saved so far. */
  initial: Question[];
  /** Stores the whole list (groups and jobs each have their own call). */
  save: (questions: Question[]) => Promise<unknown>;
  /** The section's heading. */
  heading?: string;
  /** After saving or skipping. */
  onDone: () => void;
  /** Offer Skip (right after creating a group). */
  skippable?: boolean;
}

/**
 * Questions for new members (spec 001 §3 "Question", §5 "Question editor"): label, type,
 * required and options one per line, an X to remove, a live preview of the form; a new
 * question's id is its type and a random number below 10000. Groups and jobs use it, each
 * with its own save call.
 */
export default function QuestionsEditor({ initial, save: store, heading = 'Questions for new members', onDone, skippable }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const [drafts, setDrafts] = useState<(QuestionDraft & { key: number })[]>(() =>
    initial.map((question, index) => ({ ...toDraft(question), key: index })),
  );
  const [nextKey, setNextKey] = useState(drafts.length);
  const [errors, setErrors] = useState<Record<number, DraftErrors>>({});

  const save = useMutation({
    mutationFn: store,
    meta: { silent: true },
    onSuccess: () => {
      enqueueSnackbar('Questions added successfully', { variant: 'success' });
      onDone();
    },
    onError: () => enqueueSnackbar('Failed to add questions', { variant: 'error' }),
  });

  const update = (key: number, patch: Partial<QuestionDraft>) => {
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
    setErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const add = () => {
    setDrafts((current) => [...current, { ...emptyDraft(), key: nextKey }]);
    setNextKey((key) => key + 1);
  };

  const submit = () => {
    const found: Record<number, DraftErrors> = {};
    for (const draft of drafts) {
      const problems = validateDraft(draft);
      if (Object.keys(problems).length > 0) found[draft.key] = problems;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const taken = new Set(drafts.map((draft) => draft.id).filter(Boolean));
    const questions = drafts.map((draft) => {
      const question = toQuestion(draft, taken);
      taken.add(question.id);
      return question;
    });
    save.mutate(questions);
  };

  const preview: Question[] = drafts
    .filter((draft) => draft.label.trim() && draft.type)
    .map((draft) => ({
      id: draft.id || `preview-${draft.key}`,
      label: draft.label.trim(),
      type: draft.type as QuestionType,
      required: draft.required,
      options: parseOptions(draft.optionsText),
    }));

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
      <Stack spacing={2} component="section" aria-label="Questions">
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {heading}
        </Typography>
        {drafts.length === 0 && (
          <Typography color="text.secondary">No questions yet. People join without answering anything.</Typography>
        )}
        {drafts.map((draft, index) => {
          const problem = errors[draft.key] ?? {};
          return (
            <Paper key={draft.key} variant="outlined" sx={{ p: 2, borderRadius: 2, position: 'relative' }} aria-label={`Question ${index + 1}`} component="fieldset">
              <IconButton
                aria-label={`Remove question ${index + 1}`}
                onClick={() => setDrafts((current) => current.filter((item) => item.key !== draft.key))}
                size="small"
                sx={{ position: 'absolute', right: 8, top: 8 }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
              <Stack spacing={2} sx={{ pr: 4 }}>
                <TextField
                  label={`Question ${index + 1}`}
                  required
                  value={draft.label}
                  onChange={(event) => update(draft.key, { label: event.target.value })}
                  error={Boolean(problem.label)}
                  helperText={problem.label}
                />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                  <TextField
                    select
                    label="Field type"
                    required
                    value={draft.type}
                    onChange={(event) => update(draft.key, { type: event.target.value as QuestionType })}
                    error={Boolean(problem.type)}
                    helperText={problem.type}
                    sx={{ minWidth: 180 }}
                  >
                    {QUESTION_TYPES.map((type) => (
                      <MenuItem key={type.value} value={type.value}>
                        {type.label}
                      </MenuItem>
                    ))}
                  </TextField>
                  <FormControlLabel
                    control={<Checkbox checked={draft.required} onChange={(event) => update(draft.key, { required: event.target.checked })} />}
                    label="Required"
                  />
                </Stack>
                {hasOptions(draft.type) && (
                  <TextField
                    label="Options (one per line)"
                    multiline
                    minRows={3}
                    value={draft.optionsText}
                    onChange={(event) => update(draft.key, { optionsText: event.target.value })}
                    error={Boolean(problem.options)}
                    helperText={problem.options}
                  />
                )}
              </Stack>
            </Paper>
          );
        })}
        <Box>
          <Button startIcon={<AddIcon />} onClick={add}>
            Add question
          </Button>
        </Box>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {skippable && (
            <Button onClick={onDone} disabled={save.isPending}>
              Skip
            </Button>
          )}
          <Button variant="contained" onClick={submit} loading={save.isPending}>
            Save questions
          </Button>
        </Stack>
      </Stack>
      <Paper variant="outlined" component="section" aria-label="Form preview" sx={{ p: 2, borderRadius: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Form preview
        </Typography>
        {preview.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            The questions appear here as members will see them.
          </Typography>
        ) : (
          <QuestionFields questions={preview} values={{}} onChange={() => {}} preview />
        )}
      </Paper>
    </Box>
  );
}
