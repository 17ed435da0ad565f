import { http, HttpResponse, ws, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { authConfigFixture, configFixture, identityFixture } from './fixtures';

export const configHandler = (config = configFixture()) =>
  http.get('*/api/v1/app-config-group/', () => HttpResponse.json({ data: config }));

export const identityHandler = (identity = identityFixture()) =>
  http.get('*/api/v1/identity/', () => HttpResponse.json({ data: identity }));

export const authConfigHandler = (config = authConfigFixture()) =>
  http.get('*/api/v1/auth-config/', () => HttpResponse.json({ data: config }));

/** The chat rooms and notifications the top bar's menus read: none by default. */
const emptyPage = { data: [], pagination: { count: 0, next: null } };
export const roomsHandler = (page: Record<string, unknown> = emptyPage) => http.get('*/api/v1/room/', () => HttpResponse.json(page));
export const notificationsHandler = (page: Record<string, unknown> = emptyPage) =>
  http.get('*/api/v1/notification/', () => HttpResponse.json(page));

/** The real-time socket (lib/realtime): accepted, silent by default. */
export const socketLink = ws.link('*/ws/events/*');
export const socketHandler = () => socketLink.addEventListener('connection', () => {});

export const server = setupServer(
  socketHandler(),
  configHandler(),
  identityHandler(),
  authConfigHandler(),
  roomsHandler(),
  notificationsHandler(),
);

/** A signed-in session as the app stores it. */
export function signIn(access = 'access-1', refresh = 'refresh-1') {
  localStorage.setItem('accessToken', access);
  localStorage.setItem('refreshToken', refresh);
}

/** Answers POST /api/v1/`path` with the JSON `answer` and records every JSON body it is sent, in order. */
export function recordPosts(path: string, answer: JsonBodyType = { message: 'ok' }): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post(`*/api/v1/${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(answer);
    }),
  );
  return bodies;
}
