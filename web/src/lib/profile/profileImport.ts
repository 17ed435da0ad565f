// Profile import from a resume or a LinkedIn page (notes/contracts.md 1–3): the server accepts
// the request, a background job writes the chosen sections, and its status can be polled.
import { api, unwrap } from '../api/client';
import type { components } from '../api/schema';
import { sent } from '../groups/sent';
import { uploadForm, type UploadOptions } from './upload';
import type { UploadedFile } from './types';

/** The sections an import can write, with their labels (spec 000 §2 "Import Profile dialog"). */
export const IMPORT_SECTIONS = [
  { key: 'experiences', label: 'Experiences' },
  { key: 'education', label: 'Education and Learnings' },
  { key: 'title', label: 'Title' },
  { key: 'country', label: 'Country of Residence' },
  { key: 'languages', label: 'Languages' },
  { key: 'skills', label: 'Skills' },
  { key: 'topics', label: 'Topics of Interest' },
  { key: 'short_bio', label: 'Short Bio' },
  { key: 'career_story', label: 'Career Story' },
] as const;

export type ImportSection = (typeof IMPORT_SECTIONS)[number]['key'];

export const ALL_IMPORT_SECTIONS: ImportSection[] = IMPORT_SECTIONS.map((section) => section.key);

export const IMPORT_MESSAGES = {
  linkedinRequired: 'Please enter linkedin url',
  resumeRequired: 'Please upload a resume',
  resumeFormat: 'Unsupported file format. Please upload PDF',
  resumeSize: 'File size exceeds the limit of 10MB',
  started: 'The information will be updated in a few seconds.',
  linkedinFailed: 'Could not fetch Info from Linkedin',
  resumeFailed: 'Could not upload resume',
  resumeUploaded: 'Successfully uploaded resume',
} as const;

/** 'all' when every section is chosen, else the chosen keys. */
export function fieldsToUpdate(selected: readonly ImportSection[]): 'all' | ImportSection[] {
  return ALL_IMPORT_SECTIONS.every((key) => selected.includes(key))
    ? 'all'
    : ALL_IMPORT_SECTIONS.filter((key) => selected.includes(key));
}

export type ImportState = 'queued' | 'running' | 'done' | 'failed';

export interface ImportStatus {
  id: number;
  source: 'resume' | 'linkedin';
  status: ImportState;
  fields: string[];
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A started import: its id, to follow it, and the server's message. */
export interface ImportStarted {
  source: 'resume' | 'linkedin';
  importId: number | null;
  message: string;
}

/** POST /api/v1/update-profile-linkedin/ → 202 with the import's status. */
export async function importFromLinkedIn(body: {
  url: string;
  fields: readonly ImportSection[];
  userId?: number;
}): Promise<ImportStarted> {
  // SCHEMA-GAP: POST /api/v1/update-profile-linkedin/ documents fields_to_update as string[];
  // the server also takes the string 'all' (its default).
  const fields = fieldsToUpdate(body.fields) as unknown as string[];
  const answer = await unwrap(
    api.POST('/api/v1/update-profile-linkedin/', {
      body: {
        url: body.url.trim(),
        fields_to_update: fields,
        ...(body.userId !== undefined ? { user_id: body.userId } : {}),
      },
    }),
  );
  return { source: 'linkedin', importId: answer.data.id, message: answer.message || IMPORT_MESSAGES.started };
}

export interface ResumeUploadAnswer {
  data: UploadedFile;
  message: string;
  import?: { id: number; status: ImportState } | null;
}

/** POST /api/v1/upload-resume/ with update_profile=true: stores the resume and starts the import. */
export async function importFromResume(
  body: { file: File; fields: readonly ImportSection[]; userId?: number },
  options: UploadOptions = {},
): Promise<ImportStarted> {
  const form = new FormData();
  form.append('file', body.file, body.file.name);
  form.append('update_profile', 'true');
  const fields = fieldsToUpdate(body.fields);
  form.append('fields_to_update', fields === 'all' ? 'all' : JSON.stringify(fields));
  if (body.userId !== undefined) form.append('user_id', String(body.userId));
  const answer = await uploadForm<ResumeUploadAnswer>('/api/v1/upload-resume/', form, options);
  return { source: 'resume', importId: answer.import?.id ?? null, message: IMPORT_MESSAGES.started };
}

/**
 * The server's ImportStatus as the screens' one: every field but source and status must fit as
 * the document types it (error and finished_at are sent as null when empty).
 * SCHEMA-GAP: ImportStatus.source and .status are documented as plain strings; the server only
 * writes resume|linkedin and queued|running|done|failed.
 */
function toImportStatus(view: components['schemas']['ImportStatus']): ImportStatus {
  const checked: Omit<ImportStatus, 'source' | 'status'> & { source: string; status: string } = sent(view);
  return checked as ImportStatus;
}

/** GET /api/v1/profile-imports/{id}/ */
export async function fetchImportStatus(id: number, signal?: AbortSignal): Promise<ImportStatus> {
  return toImportStatus((await unwrap(api.GET('/api/v1/profile-imports/{id}/', { params: { path: { id } }, signal }))).data);
}

export interface WaitOptions {
  signal?: AbortSignal;
  /** Between two status calls. */
  intervalMs?: number;
  /** Give up waiting after this long (the import goes on; its result shows later). */
  timeoutMs?: number;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Waiting was cancelled.', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * Polls an import until it is done or failed. Resolves with the last status seen, or null when
 * the time ran out first.
 */
export async function waitForImport(id: number, options: WaitOptions = {}): Promise<ImportStatus | null> {
  const interval = options.intervalMs ?? 1000;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const status = await fetchImportStatus(id, options.signal);
    if (status.status === 'done' || status.status === 'failed') return status;
    if (Date.now() + interval > deadline) return null;
    await pause(interval, options.signal);
  }
}
