import { describe, expect, it } from 'vitest';
import { leadingZeroBits, meetsDifficulty, powDigest, solvePow } from './pow';

/** The platform's SHA-256, to check the digest of what the search hashes. */
async function reference(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

describe('proof-of-work digest', () => {
  it('is SHA-256 of the UTF-8 text challenge:nonce', async () => {
    for (const [challenge, nonce] of [
      ['c0ffee', 0],
      ['c0ffee', 123456],
      ['a'.repeat(60), 7],
      ['Grüße-世界-🌍', 42],
    ] as const) {
      expect(powDigest(challenge, nonce)).toEqual(await reference(`${challenge}:${nonce}`));
    }
  });

  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0x80, 0]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x00, 0xff]))).toBe(8);
    expect(leadingZeroBits(new Uint8Array([0, 0, 0, 0, 0x10]))).toBe(35);
    expect(leadingZeroBits(new Uint8Array([0, 0, 0]))).toBe(24);
    expect(leadingZeroBits(new Uint8Array([0x01]))).toBe(7);
  });
});

describe('proof of work', () => {
  it('finds a nonce whose hash starts with the required zero bits', async () => {
    const progress: number[] = [];
    const answer = await solvePow('c0ffee', 12, { sliceSize: 500, onProgress: (p) => progress.push(p) });
    const [challenge, nonce] = answer.split(':');
    expect(challenge).toBe('c0ffee');
    expect(nonce).toMatch(/^\d+$/);
    const digest = await reference(answer);
    // 12 zero bits: the first byte and the high half of the second.
    expect(digest[0]).toBe(0);
    expect(digest[1]! >> 4).toBe(0);
    expect(meetsDifficulty('c0ffee', Number(nonce), 12)).toBe(true);
    expect(progress.at(-1)).toBe(1);
    // The first nonce that works, not just any.
    for (let n = 0; n < Number(nonce); n += 1) expect(meetsDifficulty('c0ffee', n, 12)).toBe(false);
  });

  it('accepts difficulty 0 at once', async () => {
    expect(await solvePow('abc', 0)).toBe('abc:0');
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const search = solvePow('never', 200, { sliceSize: 100, signal: controller.signal });
    controller.abort();
    await expect(search).rejects.toMatchObject({ name: 'AbortError' });
  });
});
