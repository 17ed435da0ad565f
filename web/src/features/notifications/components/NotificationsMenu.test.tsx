import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { identityHandler, notificationsHandler, server, signIn, socketLink } from '../../../test/server';
import { identityFixture } from '../../../test/fixtures';

const follow = {
  id: 41,
  type: 'user_connection',
  notification_type: 'follow',
  message: 'Sam Lee started following you.',
  created_at: '2026-01-01T10:00:00Z',
  is_read: false,
  data: { name_slug: 'sam-lee', name: 'Sam Lee', path: '/target-page' },
};

describe('the notifications menu', { timeout: 20_000 }, () => {
  it('says so when there is nothing to show', async () => {
    signIn();
    renderApp('/terms-and-conditions');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications to show')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('highlights an unread notification, marks it read on click and opens its target', async () => {
    signIn();
    let read = '';
    server.use(
      identityHandler(identityFixture({ unread_notifications_count: 1 })),
      notificationsHandler({ data: [follow], pagination: { count: 1, next: null } }),
      http.post('*/api/v1/notification/:id/:type/', ({ params }) => {
        read = `${String(params.id)}/${String(params.type)}`;
        return HttpResponse.json({ data: { ...follow, is_read: true } });
      }),
    );
    renderApp('/terms-and-conditions', [{ path: 'target-page', element: <h1>A profile</h1> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const item = within(list).getByRole('button', { name: /Sam Lee started following you/ });
    expect(item).toHaveAttribute('data-unread', 'true');
    await userEvent.click(item);
    await waitFor(() => expect(read).toBe('41/user_connection'));
    expect(await screen.findByRole('heading', { name: 'A profile' })).toBeInTheDocument();
  }, 15_000);

  it('refreshes the count when the socket brings a notification', async () => {
    signIn();
    let unread = 0;
    server.use(
      http.get('*/api/v1/identity/', () =>
        HttpResponse.json({ data: identityFixture({ unread_notifications_count: unread }) }),
      ),
      socketLink.addEventListener('connection', ({ client }) => {
        setTimeout(() => {
          unread = 1;
          client.send(JSON.stringify({ type: 'notification', notification: follow }));
        }, 50);
      }),
    );
    renderApp('/terms-and-conditions');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});
