// Membership questions (spec 001 §3 "Question", §5 "Question editor"). No I/O.
import type { Answers, Question, QuestionType } from './types';

export const QUESTION_TYPES: { value: QuestionType; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'textarea', label: 'Text area' },
  { value: 'radio', label: 'Radio' },
  { value: 'selection', label: 'Selection' },
  { value: 'file', label: 'File upload' },
];

export const QUESTION_MESSAGES = {
  label: 'Please enter question',
  type: 'Please select field type',
  options: 'Please enter at least one option',
  answer: 'Required',
} as const;

/** A question as the editor holds it: options as typed, one per line. */
export interface QuestionDraft {
  id: string;
  label: string;
  type: QuestionType | '';
  required: boolean;
  optionsText: string;
}

/** The generated id: the type followed by a random number below 10000. */
export function generateQuestionId(type: QuestionType, random: () => number = Math.random): string {
  return `${type}${Math.floor(random() * 10000)}`;
}

export function hasOptions(type: QuestionType | ''): boolean {
  return type === 'radio' || type === 'selection';
}

export function parseOptions(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export function emptyDraft(): QuestionDraft {
  return { id: '', label: '', type: '', required: false, optionsText: '' };
}

export function toDraft(question: Question): QuestionDraft {
  return {
    id: question.id,
    label: question.label,
    type: question.type,
    required: question.required,
    optionsText: (question.options ?? []).join('\n'),
  };
}

export type DraftErrors = Partial<Record<'label' | 'type' | 'options', string>>;

export function validateDraft(draft: QuestionDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.label.trim()) errors.label = QUESTION_MESSAGES.label;
  if (!draft.type) errors.type = QUESTION_MESSAGES.type;
  else if (hasOptions(draft.type) && parseOptions(draft.optionsText).length === 0) errors.options = QUESTION_MESSAGES.options;
  return errors;
}

/**
 * The question to save: an existing id is kept; a new one gets the type followed by a
 * random number below 10000, unique within `taken`.
 */
export function toQuestion(draft: QuestionDraft, taken: Set<string>, random: () => number = Math.random): Question {
  const type = draft.type as QuestionType;
  let id = draft.id;
  if (!id) {
    do id = generateQuestionId(type, random);
    while (taken.has(id));
  }
  return {
    id,
    label: draft.label.trim(),
    type,
    required: draft.required,
    options: hasOptions(type) ? parseOptions(draft.optionsText) : [],
  };
}

/** The answers missing from required questions: question id → 'Required'. */
export function missingAnswers(questions: Question[], answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const value = answers[question.id];
    if (question.required && (value === undefined || value === null || String(value).trim() === '')) {
      errors[question.id] = QUESTION_MESSAGES.answer;
    }
  }
  return errors;
}
