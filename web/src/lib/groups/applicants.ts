// What an applicant filled in (join answers and conference fields), as label/value pairs. No I/O.
import type { Member, MemberFile, Question } from './types';

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
  ['voucher_reference', 'Voucher reference'],
];

/** Fields whose value is the id of an uploaded file. */
const FILE_FIELDS = ['abstract_file', 'voucher'];

function text(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface AnswerLine {
  key: string;
  label: string;
  value: string;
  /** For a file answer whose file the server listed with a safe address: open it from a link. */
  file?: MemberFile;
}

/** Only web addresses and paths of this site are linked (no javascript: or data: links). */
export function isSafeFileUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** What kind of file a link opens, for its label: PDF, Image, or nothing for other types. */
export function fileKind(mime: string | null | undefined): 'PDF' | 'Image' | null {
  if (!mime) return null;
  if (mime === 'application/pdf') return 'PDF';
  if (mime.startsWith('image/')) return 'Image';
  return null;
}

/** A file answer (an upload's id): the listed file when the server sent it, else "File #id". */
function fileLine(key: string, label: string, shown: string, files: MemberFile[]): AnswerLine {
  const id = Number(shown);
  const file = Number.isInteger(id) ? files.find((item) => item.id === id) : undefined;
  if (file && isSafeFileUrl(file.file)) return { key, label, value: file.name || `File #${shown}`, file };
  return { key, label, value: `File #${shown}` };
}

/** The applicant's answers to the group's questions, then any conference fields. */
export function applicantAnswers(member: Member, questions: Question[]): AnswerLine[] {
  const extra = member.extra_info ?? {};
  const files = member.files ?? [];
  const lines: AnswerLine[] = [];
  const answers = (extra.answers ?? {}) as Record<string, unknown>;
  for (const [id, value] of Object.entries(answers)) {
    const shown = text(value);
    if (shown === null) continue;
    const question = questions.find((item) => item.id === id);
    const label = question?.label ?? id;
    lines.push(question?.type === 'file' ? fileLine(`answer-${id}`, label, shown, files) : { key: `answer-${id}`, label, value: shown });
  }
  for (const [key, label] of CONFERENCE_LABELS) {
    const shown = text(extra[key]);
    if (shown === null) continue;
    lines.push(FILE_FIELDS.includes(key) ? fileLine(key, label, shown, files) : { key, label, value: shown });
  }
  return lines;
}
