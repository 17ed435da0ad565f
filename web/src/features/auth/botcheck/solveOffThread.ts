// The proof-of-work search off the page's main thread (powWorker.ts), or on it where workers
// are missing or cannot start (tests). The search itself (pow.ts, with SHA-256) is loaded only
// for the latter: the sign-up page does without its code, the worker has its own copy.
import { abortError } from './abort';
import type { SolveOptions } from './pow';

/** `solvePow` on the page's thread, its code loaded on demand. */
async function solveHere(challenge: string, difficulty: number, options: SolveOptions): Promise<string> {
  const { solvePow } = await import('./pow');
  return solvePow(challenge, difficulty, options);
}

/**
 * `solvePow` in a worker where the browser has them (off the main thread), here otherwise
 * (tests). Same answer, progress and cancelling.
 */
export function solvePowOffThread(challenge: string, difficulty: number, options: SolveOptions = {}): Promise<string> {
  if (typeof Worker === 'undefined') return solveHere(challenge, difficulty, options);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./powWorker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(abortError());
    };
    options.signal?.addEventListener('abort', stop, { once: true });
    const finish = () => {
      options.signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = ({ data }: MessageEvent<{ progress?: number; answer?: string; error?: string }>) => {
      if (data.answer !== undefined) {
        finish();
        options.onProgress?.(1);
        resolve(data.answer);
      } else if (data.error !== undefined) {
        finish();
        reject(new Error(data.error));
      } else if (data.progress !== undefined) {
        options.onProgress?.(data.progress);
      }
    };
    worker.onerror = () => {
      finish();
      // A worker that cannot start (blocked, unsupported module workers): solve here instead.
      solveHere(challenge, difficulty, options).then(resolve, reject);
    };
    worker.postMessage({ challenge, difficulty });
  });
}
