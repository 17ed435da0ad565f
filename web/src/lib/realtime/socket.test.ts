import { describe, expect, it } from 'vitest';
import { backoff, MAX_BACKOFF_MS, socketUrl } from './socket';

describe('the real-time socket', () => {
  it('is on the same host, secure on https, with the token in the path', () => {
    expect(socketUrl('a.b.c', { protocol: 'https:', host: 'acme.example' })).toBe('wss://acme.example/ws/events/a.b.c/');
    expect(socketUrl('t', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws/events/t/');
  });

  it('reconnects after a pause that doubles from a second up to thirty', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4].map((n) => backoff(n, middle))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(backoff(5, middle)).toBe(MAX_BACKOFF_MS);
    expect(backoff(50, middle)).toBe(MAX_BACKOFF_MS);
    // ±25 % jitter, so that many tabs do not come back at once.
    expect(backoff(0, () => 0)).toBe(750);
    expect(backoff(0, () => 1)).toBe(1250);
  });
});
