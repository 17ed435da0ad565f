import { useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { uploadFile } from '../../lib/profile/upload';
import {
  ABSTRACT_MAX_WORDS,
  DIETARY,
  PARTICIPANT_TYPES,
  PROGRAM_TYPES,
  PUBLICATION_TYPES,
  SUBMISSION_TYPES,
  emptyConference,
  validateConference,
  wordCount,
  type ConferenceField,
  type ConferenceValues,
} from '../../lib/groups/conference';
import { missingAnswers } from '../../lib/groups/questions';
import type { Answers, Question } from '../../lib/groups/types';
import FormDialog from '../FormDialog';
import QuestionFields from './QuestionFields';

interface Props {
  eventName: string;
  questions: Question[];
  submitting: boolean;
  onSubmit: (values: ConferenceValues, answers: Answers) => void;
  onClose: () => void;
}

function Choice({
  label,
  value,
  options,
  onChange,
  error,
  required,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
}) {
  return (
    <TextField
      select
      fullWidth
      label={label}
      required={required}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The conference registration form (spec 001 §3, §5 "Conference form", §9 lists), used instead of Join for conferences. */
export default function ConferenceDialog({ eventName, questions, submitting, onSubmit, onClose }: Props) {
  const [values, setValues] = useState<ConferenceValues>(emptyConference);
  const [errors, setErrors] = useState<Partial<Record<ConferenceField, string>>>({});
  const [answers, setAnswers] = useState<Answers>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const [fileName, setFileName] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const set = <K extends keyof ConferenceValues>(key: K, value: ConferenceValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key as ConferenceField]: _dropped, ...rest }) => rest);
  };

  /** A required text field's value, change and message (phone number, title, abstract). */
  const text = (key: 'phone_number' | 'title' | 'abstract') => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value),
    error: Boolean(errors[key]),
    helperText: errors[key],
  });

  /** A required choice's value, change and message (submission, program and publication types). */
  const choice = (key: 'submission_type' | 'program_type' | 'publication') => ({
    required: true,
    value: values[key],
    onChange: (value: string) => set(key, value),
    error: errors[key],
  });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.type !== 'application/pdf') {
      setUploadError('Only PDF files are accepted');
      return;
    }
    setUploading(true);
    setUploadError(null);
    try {
      const stored = await uploadFile(file);
      set('abstract_file', stored.id);
      setFileName(file.name);
    } catch (cause) {
      setUploadError(cause instanceof Error ? cause.message : 'Could not upload file');
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateConference(values);
    const missing = missingAnswers(questions, answers);
    setErrors(found);
    setAnswerErrors(missing);
    if (Object.keys(found).length === 0 && Object.keys(missing).length === 0) onSubmit(values, answers);
  };

  const presenter = values.participant_type === 'presenter';
  const words = wordCount(values.abstract);

  return (
    <FormDialog
      title={`Register for ${eventName}`}
      onClose={onClose}
      onSubmit={submit}
      submitting={submitting}
      submitLabel="Register"
      maxWidth="md"
    >
      <Stack spacing={2.5}>
        <FormControl error={Boolean(errors.participant_type)} required>
          <FormLabel id="participant-type">Participant type</FormLabel>
          <RadioGroup
            row
            aria-labelledby="participant-type"
            value={values.participant_type}
            onChange={(event) => set('participant_type', event.target.value as ConferenceValues['participant_type'])}
          >
            {PARTICIPANT_TYPES.map((option) => (
              <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
            ))}
          </RadioGroup>
          {errors.participant_type && <FormHelperText role="alert">{errors.participant_type}</FormHelperText>}
        </FormControl>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField fullWidth required type="tel" label="Phone number" {...text('phone_number')} />
          <TextField
            fullWidth
            type="tel"
            label="Alternative phone number"
            value={values.alternative_phone_number}
            onChange={(event) => set('alternative_phone_number', event.target.value)}
          />
        </Stack>
        {presenter && (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Choice label="Submission type" options={SUBMISSION_TYPES} {...choice('submission_type')} />
              <Choice label="Program type" options={PROGRAM_TYPES} {...choice('program_type')} />
            </Stack>
            <TextField fullWidth required label="Title" {...text('title')} />
            <TextField
              fullWidth
              multiline
              minRows={4}
              label="Abstract"
              {...text('abstract')}
              helperText={errors.abstract ?? `${words}/${ABSTRACT_MAX_WORDS} words`}
            />
            <FormControl error={Boolean(errors.abstract_file || uploadError)}>
              <FormLabel htmlFor="abstract-file">Abstract file (PDF)</FormLabel>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
                <Button component="label" variant="outlined" size="small" loading={uploading}>
                  Upload PDF
                  <input
                    id="abstract-file"
                    hidden
                    type="file"
                    accept="application/pdf"
                    aria-label="Abstract file"
                    onChange={(event) => void onFile(event.target.files?.[0])}
                  />
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {fileName ?? 'One PDF file'}
                </Typography>
              </Stack>
              {(errors.abstract_file || uploadError) && (
                <FormHelperText role="alert">{errors.abstract_file ?? uploadError}</FormHelperText>
              )}
            </FormControl>
            <Choice label="Publication" options={PUBLICATION_TYPES} {...choice('publication')} />
          </>
        )}
        <Choice label="Dietary preference" value={values.dietary} options={DIETARY} onChange={(value) => set('dietary', value)} />
        {questions.length > 0 && (
          <QuestionFields
            questions={questions}
            values={answers}
            errors={answerErrors}
            onChange={(id, value) => {
              setAnswers((current) => ({ ...current, [id]: value }));
              setAnswerErrors(({ [id]: _dropped, ...rest }) => rest);
            }}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
