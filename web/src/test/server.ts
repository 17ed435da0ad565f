import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { authConfigFixture, configFixture, identityFixture } from './fixtures';

export const configHandler = (config = configFixture()) =>
  http.get('*/api/v1/app-config-group/', () => HttpResponse.json({ data: config }));

export const identityHandler = (identity = identityFixture()) =>
  http.get('*/api/v1/identity/', () => HttpResponse.json({ data: identity }));

export const authConfigHandler = (config = authConfigFixture()) =>
  http.get('*/api/v1/auth-config/', () => HttpResponse.json({ data: config }));

export const server = setupServer(configHandler(), identityHandler(), authConfigHandler());

/** A signed-in session as the app stores it. */
export function signIn(access = 'access-1', refresh = 'refresh-1') {
  localStorage.setItem('accessToken', access);
  localStorage.setItem('refreshToken', refresh);
}
