// Client checks of the import form (spec 000 §5 "Files and import").
import { IMPORT_MESSAGES } from '../../lib/profile/profileImport';
import { MAX_UPLOAD_BYTES } from '../../lib/profile/upload';

/** The message for a chosen resume, or null when it can be sent: a PDF of at most 10 MB. */
export function resumeFileError(file: File | null | undefined): string | null {
  if (!file) return IMPORT_MESSAGES.resumeRequired;
  const pdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!pdf) return IMPORT_MESSAGES.resumeFormat;
  if (file.size > MAX_UPLOAD_BYTES) return IMPORT_MESSAGES.resumeSize;
  return null;
}

export function linkedinUrlError(url: string): string | null {
  return url.trim() ? null : IMPORT_MESSAGES.linkedinRequired;
}

/** A chosen resume is handed over after this pause, so the choice can be seen (and undone). */
export const RESUME_HANDOVER_MS = 1000;
