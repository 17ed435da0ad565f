import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { identityHandler, recordPosts, server, signIn } from '../../test/server';
import { identityFixture } from '../../test/fixtures';
import { chosen, paged, serveFilterOptions, type Seen } from '../../components/lists/testing';
import type { ConnectItem } from '../../lib/discover/types';
import { closeChatRoom } from '../../lib/realtime/chatDock';

const sam: ConnectItem = {
  id: 8,
  type: 'user',
  name: 'Sam Okafor',
  slug: 'sam-okafor',
  description: 'Product Manager',
  institution_name: 'Acme Corp',
  reason: 'Following',
};
const circle: ConnectItem = {
  id: 30,
  type: 'circle',
  name: 'Data Circle',
  slug: 'data-circle',
  description: '<p>Numbers together</p>',
  institution_name: 'Waypoint Demo',
  reason: 'Member',
};

interface World {
  connections?: ConnectItem[];
  search?: ConnectItem[];
  suggestions?: ConnectItem[];
}

/** Connect's calls; returns what GET /connections/ and GET /search/ saw. */
function serveConnect(world: World = {}) {
  const connections: Seen = [];
  const searches: Seen = [];
  serveFilterOptions();
  server.use(
    http.get('*/api/v1/connections/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      connections.push(query);
      const type = query.get('type');
      return HttpResponse.json(paged((world.connections ?? []).filter((item) => !type || item.type === type)));
    }),
    http.get('*/api/v1/search/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      searches.push(query);
      const suggestion = query.get('page_size') === '8';
      return HttpResponse.json(paged(suggestion ? (world.suggestions ?? []) : (world.search ?? [])));
    }),
  );
  return { connections, searches };
}

function signInAs(overrides: Parameters<typeof identityFixture>[0] = {}) {
  signIn();
  server.use(identityHandler(identityFixture(overrides)));
}

describe('connect', { timeout: 20_000 }, () => {
  it('lists active connections of the chosen type, 12 per page', async () => {
    signInAs();
    const seen = serveConnect({ connections: [sam, circle] });
    const { router } = renderApp('/connect');
    expect(await screen.findByRole('heading', { name: 'Connect All', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Active connections' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Active connections' });
    expect(within(list).getByRole('link', { name: 'Sam Okafor' })).toHaveAttribute('href', '/profile/sam-okafor');
    expect(within(list).getByRole('link', { name: 'Data Circle' })).toHaveAttribute('href', '/circle/data-circle');
    expect(within(list).getByRole('button', { name: 'Followed Sam Okafor' })).toBeDisabled();
    expect(chosen(seen.connections.at(-1))).toEqual({ page: '1', page_size: '12' });

    await userEvent.click(screen.getByRole('tab', { name: 'People' }));
    await waitFor(() => expect(router.state.location.search).toBe('?connection=user'));
    expect(await screen.findByRole('heading', { name: 'Connect People', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(chosen(seen.connections.at(-1))).toEqual({ type: 'user', page: '1', page_size: '12' }));
    expect(screen.getByRole('button', { name: 'Invite Others' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Influential People' })).toHaveAttribute('href', '/influencers');
    expect(screen.getByRole('link', { name: 'View Influential Organizations' })).toHaveAttribute('href', '/influential-orgs');
  });

  it('shows the role or request of a group membership, Followed only for follows (spec 002 §4)', async () => {
    signInAs();
    const group = (id: number, name: string, type: string, extra: Partial<ConnectItem>): ConnectItem => ({
      id,
      type,
      name,
      slug: name.toLowerCase().replace(/ /g, '-'),
      reason: 'Member',
      ...extra,
    });
    serveConnect({
      connections: [
        group(31, 'Led Circle', 'circle', { membership_type: 'member', membership_status: 'accepted', membership_role: 'leader' }),
        group(32, 'Asked Event', 'event', { membership_type: 'member', membership_status: 'pending', membership_role: 'attendee' }),
        group(33, 'Watched Circle', 'circle', { reason: 'Following', membership_type: 'follower', membership_status: 'accepted' }),
        group(34, 'Turned Down Circle', 'circle', { membership_type: 'member', membership_status: 'rejected', is_followed: false }),
        group(35, 'Old Answer Circle', 'circle', {}),
        group(36, 'Old Follow Event', 'event', { reason: 'Following' }),
        { ...sam, is_followed: true },
        { id: 9, type: 'user', name: 'Ana Diaz', slug: 'ana-diaz', reason: null, is_followed: false },
      ],
    });
    renderApp('/connect');
    const list = await screen.findByRole('list', { name: 'Active connections' });
    const card = (name: string) => within(list).getByRole('link', { name }).closest('article') as HTMLElement;
    expect(within(card('Led Circle')).getByRole('button', { name: 'Leader' })).toBeDisabled();
    expect(within(card('Asked Event')).getByRole('button', { name: 'Pending' })).toBeDisabled();
    expect(within(card('Watched Circle')).getByRole('button', { name: 'Followed Watched Circle' })).toBeDisabled();
    expect(within(card('Turned Down Circle')).getByRole('button', { name: 'Follow Turned Down Circle' })).toBeEnabled();
    expect(within(card('Old Answer Circle')).getByRole('button', { name: 'Member' })).toBeDisabled();
    expect(within(card('Old Follow Event')).getByRole('button', { name: 'Followed Old Follow Event' })).toBeDisabled();
    expect(within(card('Sam Okafor')).getByRole('button', { name: 'Followed Sam Okafor' })).toBeDisabled();
    expect(within(card('Ana Diaz')).getByRole('button', { name: 'Follow Ana Diaz' })).toBeEnabled();
    for (const name of ['Led Circle', 'Asked Event', 'Old Answer Circle']) {
      expect(within(card(name)).queryByRole('button', { name: /^Followed/ })).not.toBeInTheDocument();
    }
  });

  it("starts a chat from a person's card, and says so when the tier does not allow it (issue 16)", async () => {
    signInAs();
    serveConnect({ connections: [sam, circle] });
    const rooms: unknown[] = [];
    const opened: string[] = [];
    let allowed = true;
    server.use(
      http.get('*/api/v1/chats/:id/', ({ params }) => {
        opened.push(String(params.id));
        return HttpResponse.json(paged([]));
      }),
      http.post('*/api/v1/room/', async ({ request }) => {
        rooms.push(await request.json());
        return allowed
          ? HttpResponse.json({ data: { id: 41 } })
          : HttpResponse.json({ message: 'You cannot currently initiate a chat.' }, { status: 403 });
      }),
    );
    renderApp('/connect');
    const list = await screen.findByRole('list', { name: 'Active connections' });
    const card = (name: string) => within(list).getByRole('link', { name }).closest('article') as HTMLElement;
    expect(within(card('Data Circle')).queryByRole('button', { name: /^Message/ })).not.toBeInTheDocument();
    await userEvent.click(within(card('Sam Okafor')).getByRole('button', { name: 'Message Sam Okafor' }));
    await waitFor(() => expect(rooms).toEqual([{ type: 'ONE_TO_ONE', user_ids: [8] }]));
    // The room opens in the docked chat panel.
    await waitFor(() => expect(opened).toContain('41'));
    act(() => closeChatRoom());
    allowed = false;
    await userEvent.click(within(card('Sam Okafor')).getByRole('button', { name: 'Message Sam Okafor' }));
    expect(await screen.findByText('You cannot currently initiate a chat.')).toBeInTheDocument();
  });

  it('searches with at least 2 characters and shows Search Results', async () => {
    signInAs();
    const seen = serveConnect({ search: [{ ...sam, reason: null, is_followed: false }] });
    const { router } = renderApp('/connect?connection=user&page=2');
    await screen.findByRole('heading', { name: 'Active connections' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), 'sam');
    await waitFor(() => expect(router.state.location.search).toBe('?connection=user&q=sam'));
    expect(await screen.findByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Search Results' });
    expect(chosen(seen.searches.at(-1))).toEqual({ type: 'user', search: 'sam', page: '1', page_size: '12' });
  });

  it('says when a search finds nothing', async () => {
    signInAs();
    serveConnect();
    renderApp('/connect?connection=circle&q=zz');
    expect(await screen.findByText('Sorry, no circles found')).toBeInTheDocument();
  });

  it('shows You May Know when there are no connections yet', async () => {
    signInAs({ profile: { email: 'maria@example.com', country: 'Kenya' } });
    const seen = serveConnect({
      suggestions: [
        { id: 7, type: 'user', name: 'Maria Lopez', slug: 'maria-lopez' },
        { id: 9, type: 'user', name: 'Ana Diaz', slug: 'ana-diaz', is_followed: false },
      ],
    });
    renderApp('/connect?connection=user');
    expect(await screen.findByText('You do not have any people yet!')).toBeInTheDocument();
    const block = await screen.findByRole('list', { name: 'You May Know' });
    expect(within(block).queryByText('Maria Lopez')).not.toBeInTheDocument();
    expect(chosen(seen.searches.at(-1))).toEqual({ type: 'user', page_size: '8', country: 'Kenya,us' });

    const follows = recordPosts('follow/', { data: { followed: true, followers_count: 1 } });
    await userEvent.click(within(block).getByRole('button', { name: 'Follow Ana Diaz' }));
    expect(await within(block).findByRole('button', { name: 'Followed Ana Diaz' })).toBeDisabled();
    expect(follows).toEqual([{ id: 9, type: 'user', action: 'follow' }]);
    expect(await screen.findByText('Successfully followed user')).toBeInTheDocument();
  });

  it('lets organization members search the whole hierarchy', async () => {
    signInAs();
    const seen = serveConnect();
    const { router } = renderApp('/connect?q=data');
    await screen.findByRole('heading', { name: 'Search Results' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Search the entire organization hierarchy and partners' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=data&limited_search=false'));
    await waitFor(() =>
      expect(chosen(seen.searches.at(-1))).toEqual({
        type: 'all',
        search: 'data',
        page: '1',
        page_size: '12',
        global_search: 'true',
      }),
    );
  });

  it('does not offer the hierarchy search without an accepted membership', async () => {
    signInAs({ membership_status: null });
    serveConnect();
    renderApp('/connect');
    await screen.findByRole('heading', { name: 'Active connections' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('invite others', { timeout: 20_000 }, () => {
  it('checks the addresses and sends them to the organization', async () => {
    signInAs();
    serveConnect({ connections: [sam] });
    const bodies = recordPosts('invite-users/', { data: { message: 'ok' } });
    renderApp('/connect?connection=user');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite Others' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Others' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(within(dialog).getByText('Please add at least one email address or select a user')).toBeInTheDocument();
    const box = within(dialog).getByRole('textbox', { name: 'Email address' });
    await userEvent.type(box, 'not-an-email{Enter}');
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'ana@example.com{Enter}');
    await userEvent.type(box, 'ANA@example.com{Enter}');
    expect(within(dialog).getByText('Email already added')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'li@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent successfully.')).toBeInTheDocument();
    expect(bodies).toEqual([{ object_id: 1, content_type: 'group', users: [], emails: 'ana@example.com,li@example.org' }]);
  });
});
