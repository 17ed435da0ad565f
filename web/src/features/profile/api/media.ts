// The owner's resume and video: POST /api/v1/upload-resume/ (update_profile=false: stored and
// linked, not parsed) and POST /api/v1/upload-video/, through the shared progress uploads.
import { uploadForm, uploadVideo, type SingleUploadAnswer, type UploadOptions } from '../../../lib/profile/upload';
import type { UploadedFile } from '../../../lib/profile/types';

export async function uploadResumeFile(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('update_profile', 'false');
  return (await uploadForm<SingleUploadAnswer>('/api/v1/upload-resume/', form, options)).data;
}

export async function uploadVideoFile(file: File, options: UploadOptions = {}): Promise<UploadedFile> {
  return (await uploadVideo(file, options)).data;
}
