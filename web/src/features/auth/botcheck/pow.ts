// The proof-of-work bot-check (docs/auth-api.md): find a decimal nonce so that SHA-256 of
// `challenge:nonce` starts with `difficulty` zero bits. The search runs in slices and gives
// the page back between them, so the form stays responsive.
import { leadingZeroBits, sha256Words } from './sha256';

const encoder = new TextEncoder();

export function meetsDifficulty(challenge: string, nonce: number, difficulty: number): boolean {
  return leadingZeroBits(sha256Words(encoder.encode(`${challenge}:${nonce}`))) >= difficulty;
}

export interface SolveOptions {
  /** Hashes per slice before giving the page back. */
  sliceSize?: number;
  /** Called after each slice with an estimate in [0, 1) of the work done. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function yieldToPage(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function abortError(): Error {
  const error = new Error('The bot-check was cancelled');
  error.name = 'AbortError';
  return error;
}

/** The answer to send as recaptcha_response: `challenge:nonce`. */
export async function solvePow(challenge: string, difficulty: number, options: SolveOptions = {}): Promise<string> {
  const sliceSize = options.sliceSize ?? 5000;
  const expected = 2 ** Math.max(0, difficulty);
  const prefix = encoder.encode(`${challenge}:`);
  for (let nonce = 0; ; ) {
    if (options.signal?.aborted) throw abortError();
    const end = nonce + sliceSize;
    for (; nonce < end; nonce += 1) {
      const digits = encoder.encode(String(nonce));
      const message = new Uint8Array(prefix.length + digits.length);
      message.set(prefix);
      message.set(digits, prefix.length);
      if (leadingZeroBits(sha256Words(message)) >= difficulty) {
        options.onProgress?.(1);
        return `${challenge}:${nonce}`;
      }
    }
    // Chance of having found it by now, so the bar moves steadily and slows near the end.
    options.onProgress?.(1 - Math.exp(-nonce / expected));
    await yieldToPage();
  }
}
