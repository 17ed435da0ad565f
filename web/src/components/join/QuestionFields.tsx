import { useState } from 'react';
import { Button, FormControl, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import QuestionInput from '../questions/QuestionInput';
import { uploadFile } from '../../lib/profile/upload';
import type { Answers, Question } from '../../lib/groups/types';

interface Props {
  questions: Question[];
  values: Answers;
  onChange: (id: string, value: string | number | null) => void;
  errors?: Record<string, string>;
  /** The editor's preview: shown, not filled. */
  preview?: boolean;
}

/** Question files accept images and PDF (spec 001 §5). */
const FILE_TYPES = 'image/*,application/pdf';

function FileQuestion({
  question,
  value,
  onChange,
  error,
  preview,
}: {
  question: Question;
  value: string | number | null | undefined;
  onChange: (value: number | string | null) => void;
  error?: string;
  preview?: boolean;
}) {
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const inputId = `question-file-${question.id}`;
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setFailed(null);
    try {
      const stored = await uploadFile(file);
      onChange(stored.id);
      setName(file.name);
    } catch (cause) {
      setFailed(cause instanceof Error ? cause.message : 'Could not upload file');
      onChange(null);
    } finally {
      setBusy(false);
    }
  };
  const message = error ?? failed;
  return (
    <FormControl error={Boolean(message)} required={question.required}>
      <FormLabel htmlFor={inputId}>{question.label}</FormLabel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" size="small" disabled={preview} loading={busy}>
          Upload file
          <input
            id={inputId}
            hidden
            type="file"
            accept={FILE_TYPES}
            aria-label={question.label}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
        </Button>
        <Typography variant="body2" color="text.secondary">
          {name ?? (value ? 'File uploaded' : 'Images or PDF')}
        </Typography>
      </Stack>
      {message && <FormHelperText role="alert">{message}</FormHelperText>}
    </FormControl>
  );
}

/** The membership questions as form fields (text, textarea, radio, selection, file). */
export default function QuestionFields({ questions, values, onChange, errors = {}, preview }: Props) {
  return (
    <Stack spacing={2.5}>
      {questions.map((question) => {
        const value = values[question.id];
        const error = errors[question.id];
        if (question.type === 'file') {
          return (
            <FileQuestion
              key={question.id}
              question={question}
              value={value}
              onChange={(next) => onChange(question.id, next)}
              error={error}
              preview={preview}
            />
          );
        }
        return (
          <QuestionInput
            key={question.id}
            question={question}
            labelId={`q-${question.id}`}
            value={value ?? ''}
            onChange={(next) => onChange(question.id, next)}
            error={error}
            disabled={preview}
            alertError
          />
        );
      })}
    </Stack>
  );
}
