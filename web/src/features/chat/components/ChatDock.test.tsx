import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { roomsHandler, server, signIn, socketLink } from '../../../test/server';
import { closeChatRoom, openChatRoom } from '../../../lib/realtime/chatDock';

const sam = { id: 9, name: 'Sam Lee', type: 'user', slug: 'sam-lee' };
const maria = { id: 7, name: 'Maria Lopez', type: 'user', slug: 'maria-lopez' };
const room = { id: 3, name: 'Sam Lee', type: 'ONE_TO_ONE', users: [maria, sam], last_message: null, unread_count: 0 };

function message(id: number, from: typeof sam, value: string) {
  return { id, room: 3, sender: from, recipient: null, timestamp: '2026-01-01T10:00:00Z', messages: [{ type: 'text', value }] };
}

describe('the docked chat panel', () => {
  it('sends on Enter over the socket, keeps Shift+Enter as a new line and never sends a blank message', async () => {
    signIn();
    const sent: unknown[] = [];
    server.use(
      roomsHandler({ data: [room], pagination: { count: 1, next: null } }),
      http.get('*/api/v1/chats/3/', () =>
        HttpResponse.json({ data: [message(1, sam, 'Hello Maria')], pagination: { count: 1, next: null } }),
      ),
      socketLink.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          const frame = JSON.parse(String(event.data));
          sent.push(frame);
          client.send(JSON.stringify({ type: 'chat_message', room: 3, message: message(2, maria, frame.message.value) }));
        });
      }),
    );
    renderApp('/terms-and-conditions');
    act(() => openChatRoom(3));
    const dock = await screen.findByRole('dialog', { name: 'Chat' });
    expect(await within(dock).findByText('Hello Maria')).toBeInTheDocument();
    await waitFor(() => expect(within(dock).queryByText('No connection established')).not.toBeInTheDocument());
    const input = within(dock).getByRole('textbox', { name: 'Message' });
    await userEvent.type(input, '   {Enter}');
    expect(sent).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, 'Hi Sam{Shift>}{Enter}{/Shift}bye{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ type: 'chat_message', room: 3, message: { type: 'text', value: 'Hi Sam\nbye' } });
    expect(input).toHaveValue('');
    expect(await within(dock).findByText(/Hi Sam/)).toBeInTheDocument();
    act(() => closeChatRoom());
  }, 20_000);

  it('says when there is no connection', async () => {
    signIn();
    server.use(
      roomsHandler({ data: [room], pagination: { count: 1, next: null } }),
      http.get('*/api/v1/chats/3/', () => HttpResponse.json({ data: [], pagination: { count: 0, next: null } })),
      socketLink.addEventListener('connection', ({ client }) => client.close(1011, 'down')),
    );
    renderApp('/terms-and-conditions');
    act(() => openChatRoom(3));
    const dock = await screen.findByRole('dialog', { name: 'Chat' });
    expect(await within(dock).findByText('No connection established')).toBeInTheDocument();
    expect(within(dock).getByText('Say hello!')).toBeInTheDocument();
    act(() => closeChatRoom());
  }, 20_000);
});
