import { describe, expect, it } from 'vitest';
import { leadingZeroBits, sha256Hex, sha256Words } from './sha256';
import { meetsDifficulty, solvePow } from './pow';

/** The platform's SHA-256 (the test runner has crypto.subtle; the browser app cannot count on it). */
async function reference(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe('sha256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
  ])('hashes the FIPS 180 vector %j', (input, digest) => {
    expect(sha256Hex(input)).toBe(digest);
  });

  it('hashes a million "a"s', () => {
    expect(sha256Hex('a'.repeat(1_000_000))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('agrees with the platform at every length around the block boundaries, and with UTF-8 text', async () => {
    for (let length = 0; length < 200; length += 1) {
      const text = 'x'.repeat(length);
      expect(sha256Hex(text), `length ${length}`).toBe(hex(await reference(text)));
    }
    const text = 'Grüße, 世界 🌍:42';
    expect(sha256Hex(text)).toBe(hex(await reference(text)));
  });

  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint32Array([0x80000000, 0]))).toBe(0);
    expect(leadingZeroBits(new Uint32Array([0x00ffffff, 0]))).toBe(8);
    expect(leadingZeroBits(new Uint32Array([0, 0x10000000]))).toBe(35);
    expect(leadingZeroBits(sha256Words(new TextEncoder().encode('abc')))).toBe(0);
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
