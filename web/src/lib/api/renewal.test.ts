import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server, signIn } from '../../test/server';
import { api, unwrap } from './client';
import { setSignInRedirect } from './renewal';
import { getAccessToken, getRefreshToken } from '../session';
import { ApiError } from './errors';

/** A protected endpoint that accepts only `valid` as the token. */
function protectedTopicAreas(valid: string, seen: string[] = []) {
  return http.get('*/api/v1/topic-areas/', ({ request }) => {
    const auth = request.headers.get('authorization') ?? '';
    seen.push(auth);
    if (auth !== `Bearer ${valid}`) return HttpResponse.json({ detail: 'Token expired', code: 'token_not_valid' }, { status: 401 });
    return HttpResponse.json({ data: [], pagination: { count: 0, next: null } });
  });
}

describe('token renewal on 401', () => {
  it('renews once for two requests failing at the same time and repeats both', async () => {
    signIn('old-access', 'old-refresh');
    const refreshBodies: unknown[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen: string[] = [];
    server.use(
      protectedTopicAreas('new-access', seen),
      http.post('*/api/v1/token/refresh/', async ({ request }) => {
        refreshBodies.push(await request.json());
        await gate;
        return HttpResponse.json({ data: { access: 'new-access', refresh: 'new-refresh' } });
      }),
    );
    const first = unwrap(api.GET('/api/v1/topic-areas/'));
    const second = unwrap(api.GET('/api/v1/topic-areas/'));
    await vi.waitFor(() => expect(refreshBodies).toHaveLength(1));
    release();
    await expect(first).resolves.toMatchObject({ data: [] });
    await expect(second).resolves.toMatchObject({ data: [] });
    expect(refreshBodies).toEqual([{ refresh: 'old-refresh' }]);
    expect(getAccessToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
    expect(seen.filter((auth) => auth === 'Bearer new-access')).toHaveLength(2);
  });

  it('repeats a POST with its body', async () => {
    signIn('old-access', 'old-refresh');
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/topics/', async ({ request }) => {
        bodies.push(await request.json());
        if (request.headers.get('authorization') !== 'Bearer new-access') return HttpResponse.json({}, { status: 401 });
        return HttpResponse.json({ data: { id: 1 } }, { status: 201 });
      }),
      http.post('*/api/v1/token/refresh/', () => HttpResponse.json({ data: { access: 'new-access', refresh: 'new-refresh' } })),
    );
    await unwrap(api.POST('/api/v1/topics/', { body: { name: 'AI', topic_type: 'general' } }));
    expect(bodies).toEqual([
      { name: 'AI', topic_type: 'general' },
      { name: 'AI', topic_type: 'general' },
    ]);
  });

  it('clears the session and goes to sign in when renewal fails', async () => {
    signIn('old-access', 'old-refresh');
    const redirect = vi.fn();
    setSignInRedirect(redirect);
    server.use(
      protectedTopicAreas('never'),
      http.post('*/api/v1/token/refresh/', () =>
        HttpResponse.json({ detail: 'Token is invalid or expired', code: 'token_not_valid' }, { status: 401 }),
      ),
    );
    await expect(unwrap(api.GET('/api/v1/topic-areas/'))).rejects.toBeInstanceOf(ApiError);
    expect(redirect).toHaveBeenCalledOnce();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });

  it('goes to sign in without trying when there is no refresh token', async () => {
    localStorage.setItem('accessToken', 'old-access');
    const redirect = vi.fn();
    setSignInRedirect(redirect);
    const refresh = vi.fn(() => HttpResponse.json({}));
    server.use(protectedTopicAreas('never'), http.post('*/api/v1/token/refresh/', refresh));
    await expect(unwrap(api.GET('/api/v1/topic-areas/'))).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
    expect(redirect).toHaveBeenCalledOnce();
    expect(getAccessToken()).toBeNull();
  });

  it('never renews for the sign-in calls themselves', async () => {
    signIn('old-access', 'old-refresh');
    const redirect = vi.fn();
    setSignInRedirect(redirect);
    const refresh = vi.fn(() => HttpResponse.json({}));
    server.use(
      http.post('*/api/v1/token/', () =>
        HttpResponse.json({ detail: 'No active account found with the given credentials' }, { status: 401 }),
      ),
      http.post('*/api/v1/token/refresh/', refresh),
    );
    await expect(unwrap(api.POST('/api/v1/token/', { body: { username: 'a@b.co', password: 'x' } }))).rejects.toMatchObject({
      status: 401,
      message: 'No active account found with the given credentials',
    });
    expect(refresh).not.toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe('old-access');
  });
});
