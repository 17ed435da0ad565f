// The leader application's answers (spec 002 §5).
import type { Question } from '../../lib/discover/types';

const REQUIRED = 'This field is required';

/** The answers that are missing for required questions, as field errors. */
export function missingAnswers(questions: readonly Question[], answers: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of questions) {
    if (question.required && !(answers[question.id] ?? '').trim()) errors[question.id] = REQUIRED;
  }
  return errors;
}
