import { useState, type FormEvent } from 'react';
import { Typography } from '@mui/material';
import { missingAnswers } from '../../lib/groups/questions';
import type { Answers, Question } from '../../lib/groups/types';
import FormDialog from '../FormDialog';
import QuestionFields from './QuestionFields';

interface Props {
  title: string;
  questions: Question[];
  submitLabel: string;
  submitting: boolean;
  onSubmit: (answers: Answers) => void;
  onClose: () => void;
}

/** The membership questions before joining (spec 001 §4: "If the group has questions, the questions modal appears before joining"). */
export default function QuestionsModal({ title, questions, submitLabel, submitting, onSubmit, onClose }: Props) {
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = missingAnswers(questions, answers);
    setErrors(missing);
    if (Object.keys(missing).length === 0) onSubmit(answers);
  };
  return (
    <FormDialog title={title} onClose={onClose} onSubmit={submit} submitting={submitting} submitLabel={submitLabel}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Please answer the following questions.
      </Typography>
      <QuestionFields
        questions={questions}
        values={answers}
        errors={errors}
        onChange={(id, value) => {
          setAnswers((current) => ({ ...current, [id]: value }));
          setErrors(({ [id]: _dropped, ...rest }) => rest);
        }}
      />
    </FormDialog>
  );
}
