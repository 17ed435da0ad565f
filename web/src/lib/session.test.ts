import { describe, expect, it } from 'vitest';
import { clearSession, getAccessToken, getRefreshToken, isAdminRole, sessionVersion, setAdminRole, setTokens, takeTokensFromUrl } from './session';

describe('session storage', () => {
  it('takes tokens out of the address', () => {
    const cleaned = takeTokensFromUrl('http://localhost/circles?accessToken=a1&refreshToken=r1&status=open#top');
    expect(cleaned).toBe('http://localhost/circles?status=open#top');
    expect(getAccessToken()).toBe('a1');
    expect(getRefreshToken()).toBe('r1');
  });

  it('leaves an address without tokens alone', () => {
    expect(takeTokensFromUrl('http://localhost/circles?status=open')).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it('counts sign-ins and sign-outs, and clears everything', () => {
    const before = sessionVersion();
    setTokens('a', 'r');
    setAdminRole(true);
    expect(isAdminRole()).toBe(true);
    expect(sessionVersion()).toBeGreaterThan(before);
    const signedIn = sessionVersion();
    clearSession();
    expect(sessionVersion()).toBeGreaterThan(signedIn);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(isAdminRole()).toBe(false);
  });
});
