// An applicant's answers and the review messages of the applicants table. No I/O.
import type { Question } from '../../lib/groups/types';
import type { JobApplicant } from './api/types';

export type ReviewAction = 'accept' | 'reject';

export interface AnswerLine {
  key: string;
  label: string;
  value: string;
}

/** The answers labelled with the job's questions, in the questions' order, then any others. */
export function answerLines(applicant: Pick<JobApplicant, 'answers'>, questions: Question[]): AnswerLine[] {
  const answers = (applicant.answers ?? {}) as Record<string, unknown>;
  const shown = (value: unknown): string | null => {
    if (value === null || value === undefined || value === '') return null;
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  const lines: AnswerLine[] = [];
  for (const question of questions) {
    const value = shown(answers[question.id]);
    if (value !== null) lines.push({ key: question.id, label: question.label, value: question.type === 'file' ? `File #${value}` : value });
  }
  for (const [id, raw] of Object.entries(answers)) {
    if (questions.some((question) => question.id === id)) continue;
    const value = shown(raw);
    if (value !== null) lines.push({ key: id, label: id, value });
  }
  return lines;
}

/** 'Successfully accepted' / 'Members accepted successfully', and their failures (spec 001 §8). */
export function reviewMessage(action: ReviewAction, count: number, ok: boolean): string {
  const done = `${action}ed`;
  if (count > 1) return ok ? `Applicants ${done} successfully` : `Could not ${action} applicants`;
  return ok ? `Successfully ${done}` : `Could not ${action} applicant`;
}
