// The proof-of-work bot-check (docs/auth-api.md): find a decimal nonce so that SHA-256 of
// `challenge:nonce` starts with `difficulty` zero bits. The search runs in slices and gives
// the page back between them, so the form stays responsive.
//
// SHA-256 is the audited @noble/hashes: it works on plain-http hosts (crypto.subtle exists
// only in secure contexts) and, being synchronous, hashes several times faster than
// awaiting crypto.subtle once per nonce. The sign-up page runs it through solveOffThread.ts.
import { sha256 } from '@noble/hashes/sha2.js';
import { abortError } from './abort';

const encoder = new TextEncoder();

/** How many zero bits the digest starts with. */
export function leadingZeroBits(digest: Uint8Array): number {
  let count = 0;
  for (const byte of digest) {
    if (byte !== 0) return count + Math.clz32(byte) - 24;
    count += 8;
  }
  return count;
}

export function powDigest(challenge: string, nonce: number): Uint8Array {
  return sha256(encoder.encode(`${challenge}:${nonce}`));
}

export function meetsDifficulty(challenge: string, nonce: number, difficulty: number): boolean {
  return leadingZeroBits(powDigest(challenge, nonce)) >= difficulty;
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
      if (leadingZeroBits(sha256(message)) >= difficulty) {
        options.onProgress?.(1);
        return `${challenge}:${nonce}`;
      }
    }
    // Chance of having found it by now, so the bar moves steadily and slows near the end.
    options.onProgress?.(1 - Math.exp(-nonce / expected));
    await yieldToPage();
  }
}
