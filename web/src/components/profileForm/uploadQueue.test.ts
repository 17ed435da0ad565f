import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  isReadyToUpload,
  markFailed,
  markProgress,
  markRetry,
  markUploaded,
  markUploading,
  newUploadEntry,
} from './uploadQueue';
import type { UploadedFile } from '../../lib/profile/types';

function fileOfSize(bytes: number, name = 'notes.pdf'): File {
  const file = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

const stored: UploadedFile = {
  id: 31,
  file: '/media/t1/u7/abc.pdf',
  name: 'notes.pdf',
  content_type: 'application/pdf',
  mime_type: 'application/pdf',
  size: 2048,
  kind: 'document',
};

describe('upload items', () => {
  it('start waiting, or in error when over 10 MB', () => {
    const small = newUploadEntry(fileOfSize(10 * 1024 * 1024));
    expect(small).toMatchObject({ status: 'waiting', error: null, id: null });
    expect(isReadyToUpload(small)).toBe(true);

    const big = newUploadEntry(fileOfSize(10 * 1024 * 1024 + 1));
    expect(big).toMatchObject({ status: 'error', error: 'Maximum size exceed (max 10MB allowed)', tooLarge: true });
    expect(isReadyToUpload(big)).toBe(false);
  });

  it('go uploading, then uploaded with the id; only items with no id and no error are sent', () => {
    const entry = markUploading(newUploadEntry(fileOfSize(100)));
    expect(entry.status).toBe('uploading');
    expect(isReadyToUpload(entry)).toBe(false);
    expect(markProgress(entry, 0.4).progress).toBe(0.4);
    expect(markProgress(entry, 3).progress).toBe(1);

    const done = markUploaded(entry, stored);
    expect(done).toMatchObject({ status: 'uploaded', id: 31, progress: 1, error: null });
    expect(isReadyToUpload(done)).toBe(false);
    // Progress reported late changes nothing once uploaded.
    expect(markProgress(done, 0.2)).toBe(done);
  });

  it("keep the server's error, and may be sent again unless too large", () => {
    const failed = markFailed(markUploading(newUploadEntry(fileOfSize(100))), 'The PDF file is damaged or incomplete. Please upload a valid PDF');
    expect(failed).toMatchObject({ status: 'error', error: 'The PDF file is damaged or incomplete. Please upload a valid PDF' });
    expect(isReadyToUpload(failed)).toBe(false);
    const again = markRetry(failed);
    expect(again).toMatchObject({ status: 'waiting', error: null });
    expect(isReadyToUpload(again)).toBe(true);

    const big = newUploadEntry(fileOfSize(11 * 1024 * 1024));
    expect(markRetry(big)).toBe(big);
  });

  it('show sizes readably', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3.5 MB');
  });
});
