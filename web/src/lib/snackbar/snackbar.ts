// The app's toasts (notistack) without notistack in the first download: a message queued
// before the stack has loaded waits here until it has, then goes on with the same options.
// docs/decisions.md "Web weight, round 3".
import type { OptionsObject, SnackbarMessage } from 'notistack';

export type SnackbarOptions = OptionsObject;
type Deliver = (message: SnackbarMessage, options: SnackbarOptions) => void;

let deliver: Deliver | null = null;
let waiting: [SnackbarMessage, SnackbarOptions][] = [];
let requested = false;
const listeners = new Set<() => void>();

/**
 * Hands the queued messages, and every later one, to a mounted notistack stack. Called by
 * `SnackbarStack` once its provider is mounted; the returned function detaches it.
 */
export function attachSnackbarStack(next: Deliver): () => void {
  deliver = next;
  const queued = waiting;
  waiting = [];
  for (const [message, options] of queued) next(message, options);
  // Unmounted: later messages wait for the next stack instead of going to this one.
  return () => {
    if (deliver === next) deliver = null;
  };
}

/** Shows a toast; the first one also loads the toast stack (a few kB, once). */
export function enqueueSnackbar(message: SnackbarMessage, options: SnackbarOptions = {}): void {
  if (deliver) {
    deliver(message, options);
    return;
  }
  waiting.push([message, options]);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
    // Fetched alongside the stack's own chunk (SnackbarHost mounts it and it attaches).
    void import('notistack');
  }
}

const api = { enqueueSnackbar };

/** The same call shape as notistack's `useSnackbar` for the app's components. */
export function useSnackbar(): { enqueueSnackbar: typeof enqueueSnackbar } {
  return api;
}

/** For `SnackbarHost`: whether a message has asked for the stack yet. */
export function snackbarRequested(): boolean {
  return requested;
}

export function subscribeSnackbarRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
