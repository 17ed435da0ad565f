// The states of files being uploaded (spec 000 §4 "File upload item"): a file is uploading,
// then uploaded (with the stored file's id), or in error. A file over the size limit starts in
// error. Only files with no id and no error are sent. A failed upload keeps the server's error.
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MESSAGE } from '../../lib/profile/upload';
import type { UploadedFile } from '../../lib/profile/types';

export type UploadStatus = 'waiting' | 'uploading' | 'uploaded' | 'error';

export interface UploadEntry {
  /** Stable key for lists. */
  key: string;
  file: File;
  status: UploadStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  /** The stored file's id once uploaded. */
  id: number | null;
  stored: UploadedFile | null;
  error: string | null;
  /** Over the size limit: never sent, not retried. */
  tooLarge: boolean;
}

let counter = 0;

/** A new entry for a chosen file: in error at once when it is over the limit. */
export function newUploadEntry(file: File, maxBytes = MAX_UPLOAD_BYTES, tooLargeMessage = MAX_UPLOAD_MESSAGE): UploadEntry {
  counter += 1;
  const tooLarge = file.size > maxBytes;
  return {
    key: `${counter}-${file.name}`,
    file,
    status: tooLarge ? 'error' : 'waiting',
    progress: 0,
    id: null,
    stored: null,
    error: tooLarge ? tooLargeMessage : null,
    tooLarge,
  };
}

/** Whether an entry is to be sent: no id, no error, and not on its way already. */
export function isReadyToUpload(entry: UploadEntry): boolean {
  return entry.id === null && entry.error === null && entry.status === 'waiting';
}

export function markUploading(entry: UploadEntry): UploadEntry {
  return { ...entry, status: 'uploading', progress: 0, error: null };
}

export function markProgress(entry: UploadEntry, progress: number): UploadEntry {
  return entry.status === 'uploading' ? { ...entry, progress: Math.min(1, Math.max(0, progress)) } : entry;
}

export function markUploaded(entry: UploadEntry, stored: UploadedFile): UploadEntry {
  return { ...entry, status: 'uploaded', progress: 1, id: stored.id, stored, error: null };
}

export function markFailed(entry: UploadEntry, message: string): UploadEntry {
  return { ...entry, status: 'error', error: message };
}

/** A failed entry, cleared to be sent again (not one over the size limit). */
export function markRetry(entry: UploadEntry): UploadEntry {
  if (entry.status !== 'error' || entry.tooLarge) return entry;
  return { ...entry, status: 'waiting', progress: 0, error: null };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
