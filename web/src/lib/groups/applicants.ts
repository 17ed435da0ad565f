// What an applicant filled in (join answers and conference fields), as label/value pairs. No I/O.
import type { Member, Question } from './types';

const CONFERENCE_LABELS: [string, string][] = [
  ['participant_type', 'Participant type'],
  ['phone_number', 'Phone number'],
  ['alternative_phone_number', 'Alternative phone number'],
  ['submission_type', 'Submission type'],
  ['program_type', 'Program type'],
  ['title', 'Title'],
  ['abstract', 'Abstract'],
  ['abstract_file', 'Abstract file'],
  ['publication', 'Publication'],
  ['dietary', 'Dietary'],
  ['voucher', 'Voucher'],
];

function text(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface AnswerLine {
  key: string;
  label: string;
  value: string;
}

/** The applicant's answers to the group's questions, then any conference fields. */
export function applicantAnswers(member: Member, questions: Question[]): AnswerLine[] {
  const extra = member.extra_info ?? {};
  const lines: AnswerLine[] = [];
  const answers = (extra.answers ?? {}) as Record<string, unknown>;
  for (const [id, value] of Object.entries(answers)) {
    const shown = text(value);
    if (shown === null) continue;
    const question = questions.find((item) => item.id === id);
    lines.push({
      key: `answer-${id}`,
      label: question?.label ?? id,
      value: question?.type === 'file' ? `File #${shown}` : shown,
    });
  }
  for (const [key, label] of CONFERENCE_LABELS) {
    const shown = text(extra[key]);
    if (shown !== null) lines.push({ key, label, value: key === 'abstract_file' ? `File #${shown}` : shown });
  }
  return lines;
}
