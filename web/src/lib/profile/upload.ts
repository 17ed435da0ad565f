// Multipart uploads with progress, through XMLHttpRequest (fetch reports no upload progress).
// Same rules as the other calls: Bearer token, one token renewal and repeat on a 401, ApiError
// on failure (an upload error's text is the body's `error`, else its first message).
import { ApiError, firstErrorMessage, type ApiErrorBody } from '../api/errors';
import { accessTokenAfter401 } from '../api/renewal';
import { getAccessToken } from '../session';
import type { UploadedFile } from './types';

/** Files are at most 10 MB each (spec 000 §9). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_MESSAGE = 'Maximum size exceed (max 10MB allowed)';

export interface UploadOptions {
  /** Called with the share sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface XhrAnswer {
  status: number;
  body: unknown;
}

function abortError(): Error {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

function send(path: string, form: FormData, token: string | null, options: UploadOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(path, window.location.origin).toString());
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.onload = () => {
      options.signal?.removeEventListener('abort', onAbort);
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(new ApiError(0, null, 'Network error'));
    };
    xhr.onabort = () => reject(abortError());
    xhr.send(form);
  });
}

/** The text of an upload error: the body's `error`, else its first message. */
export function uploadErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string' && error) return error;
  return firstErrorMessage(body as ApiErrorBody);
}

/** Posts `form` to `path` and returns the JSON answer, or throws ApiError. */
export async function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const token = getAccessToken();
  let answer = await send(path, form, token, options);
  if (answer.status === 401) {
    const renewed = await accessTokenAfter401(token);
    if (renewed) {
      options.onProgress?.(0);
      answer = await send(path, form, renewed, options);
    }
  }
  if (answer.status < 200 || answer.status >= 300) {
    const body = answer.body && typeof answer.body === 'object' ? (answer.body as ApiErrorBody) : null;
    throw new ApiError(answer.status, body, uploadErrorMessage(body) ?? undefined);
  }
  options.onProgress?.(1);
  return answer.body as T;
}

/**
 * POST /api/v1/file-upload/ with one file and its description (spec 000 §7: `files`, and
 * `descriptions` as a JSON list of one description). Returns the stored file.
 */
export async function uploadFile(file: File, description = '', options: UploadOptions = {}): Promise<UploadedFile> {
  const form = new FormData();
  form.append('files', file, file.name);
  form.append('descriptions', JSON.stringify([description]));
  const answer = await uploadForm<{ data: { data: UploadedFile[] } }>('/api/v1/file-upload/', form, options);
  const stored = answer.data.data[0];
  if (!stored) throw new ApiError(500, null, 'The upload answer holds no file.');
  return stored;
}

export interface SingleUploadAnswer {
  data: UploadedFile;
  message: string;
}

/** POST /api/v1/upload-profile_picture/ (an image); the picture becomes the profile's. */
export function uploadProfilePicture(file: File, options: UploadOptions = {}): Promise<SingleUploadAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm<SingleUploadAnswer>('/api/v1/upload-profile_picture/', form, options);
}

/** POST /api/v1/upload-video/ (a video); the video becomes the profile's. */
export function uploadVideo(file: File, options: UploadOptions = {}): Promise<SingleUploadAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadForm<SingleUploadAnswer>('/api/v1/upload-video/', form, options);
}
