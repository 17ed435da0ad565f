import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/errors';
import { uploadFile, MAX_UPLOAD_BYTES, type UploadOptions } from '../../lib/profile/upload';
import type { UploadedFile } from '../../lib/profile/types';
import {
  isReadyToUpload,
  markFailed,
  markProgress,
  markRetry,
  markUploaded,
  markUploading,
  newUploadEntry,
  type UploadEntry,
} from './uploadQueue';

export type UploadFn = (file: File, options: UploadOptions) => Promise<UploadedFile>;

export interface FileUploadsOptions {
  /** Sends one file; POST /file-upload/ by default. */
  upload?: UploadFn;
  maxBytes?: number;
  /** The text for a failure without a server message. */
  fallbackError?: string;
}

export interface FileUploads {
  entries: UploadEntry[];
  /** Adds chosen files; those within the limit start uploading. */
  add: (files: Iterable<File>) => void;
  remove: (key: string) => void;
  retry: (key: string) => void;
  /** The stored files (uploaded entries). */
  uploaded: UploadedFile[];
  busy: boolean;
}

const defaultUpload: UploadFn = (file, options) => uploadFile(file, '', options);

/** A list of files being uploaded one request each, with progress and per-file errors. */
export function useFileUploads({
  upload = defaultUpload,
  maxBytes = MAX_UPLOAD_BYTES,
  fallbackError = 'Could not complete request.',
}: FileUploadsOptions = {}): FileUploads {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  // The latest list, for the upload callbacks that finish later.
  const latest = useRef<UploadEntry[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const uploadRef = useRef(upload);
  useEffect(() => {
    uploadRef.current = upload;
  }, [upload]);

  const commit = useCallback((next: UploadEntry[]) => {
    latest.current = next;
    setEntries(next);
  }, []);

  const update = useCallback(
    (key: string, change: (entry: UploadEntry) => UploadEntry) => {
      commit(latest.current.map((entry) => (entry.key === key ? change(entry) : entry)));
    },
    [commit],
  );

  const send = useCallback(
    async (entry: UploadEntry) => {
      const controller = new AbortController();
      controllers.current.set(entry.key, controller);
      try {
        const stored = await uploadRef.current(entry.file, {
          signal: controller.signal,
          onProgress: (fraction) => update(entry.key, (current) => markProgress(current, fraction)),
        });
        update(entry.key, (current) => markUploaded(current, stored));
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiError && !error.isNetworkError ? error.message : fallbackError;
        update(entry.key, (current) => markFailed(current, message || fallbackError));
      } finally {
        controllers.current.delete(entry.key);
      }
    },
    [update, fallbackError],
  );

  /** Marks every ready entry (no id, no error, not yet sent) as uploading and sends it. */
  const sendReady = useCallback(
    (list: UploadEntry[]) => {
      const ready = list.filter(isReadyToUpload);
      commit(list.map((entry) => (isReadyToUpload(entry) ? markUploading(entry) : entry)));
      for (const entry of ready) void send(markUploading(entry));
    },
    [commit, send],
  );

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const add = useCallback(
    (files: Iterable<File>) => {
      const fresh = Array.from(files, (file) => newUploadEntry(file, maxBytes));
      if (fresh.length) sendReady([...latest.current, ...fresh]);
    },
    [maxBytes, sendReady],
  );

  const remove = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      commit(latest.current.filter((entry) => entry.key !== key));
    },
    [commit],
  );

  const retry = useCallback(
    (key: string) => sendReady(latest.current.map((entry) => (entry.key === key ? markRetry(entry) : entry))),
    [sendReady],
  );

  return {
    entries,
    add,
    remove,
    retry,
    uploaded: entries.flatMap((entry) => (entry.stored ? [entry.stored] : [])),
    busy: entries.some((entry) => entry.status === 'uploading'),
  };
}
