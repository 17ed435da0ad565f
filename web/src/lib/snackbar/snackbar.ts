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
 * `SnackbarStack` once its provider is mounted (or after loading notistack when a provider
 * of its own is already mounted, as in tests that mount notistack's provider themselves).
 */
export function attachSnackbarStack(next: Deliver): void {
  deliver = next;
  const queued = waiting;
  waiting = [];
  for (const [message, options] of queued) next(message, options);
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
    void import('notistack').then((notistack) => {
      // A provider is already mounted (its constructor sets the module's live binding):
      // deliver through it. Otherwise `SnackbarHost` mounts one and attaches.
      if (!deliver && notistack.enqueueSnackbar) {
        attachSnackbarStack((text, opts) => {
          notistack.enqueueSnackbar(text, opts);
        });
      }
    });
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
