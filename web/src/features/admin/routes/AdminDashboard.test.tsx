import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { identityHandler, server, signIn } from '../../../test/server';
import { identityFixture } from '../../../test/fixtures';
import { adminIdentity } from '../testing';
import type { AdminMember } from '../api/members';
import { stubMatchMedia } from '../../../test/mediaQueries';

const metrics = {
  total_members: 120,
  total_circles: 8,
  total_events: 2,
  total_jobs: 5,
  total_pending_members: 2,
  total_pending_jobs: 1,
  total_pending_resources: 3,
  total_pending_ai_tools: 4,
  total_pending_use_cases: 0,
};

function member(id: number, name: string, overrides: Partial<AdminMember> = {}): AdminMember {
  return {
    id,
    name,
    name_slug: name.toLowerCase().replace(/\s+/g, '-'),
    membership_type: 'member',
    profile_completion_percent: 50,
    waitlisted: false,
    membership_role: 'member',
    membership_status: 'pending',
    is_verified: true,
    joined_at: '2026-11-01T10:00:00Z',
    notes: null,
    agent_responses: [],
    ...overrides,
  };
}

/** A window of the given width: `(max-width: N)` queries match when the width is below N. */
function windowWidth(width: number) {
  stubMatchMedia((query) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (max ? width <= Number(max[1]) : true) && (min ? width >= Number(min[1]) : true);
  });
}

function asAdmin() {
  signIn();
  localStorage.setItem('isAdminRole', 'true');
  server.use(
    identityHandler(adminIdentity),
    http.get('*/api/v1/groups/metrics/', () => HttpResponse.json({ data: metrics })),
    http.get('*/api/v1/agents/system-agents/', () =>
      HttpResponse.json({
        data: [{ id: 31, name: 'Registration approval', agent_type: 'registration_approval' }],
        pagination: { count: 1, next: null },
      }),
    ),
  );
}

function where(router: ReturnType<typeof renderApp>['router']) {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

afterEach(() => vi.unstubAllGlobals());

describe('admin dashboard', { timeout: 20_000 }, () => {
  it('sends a member who turned the admin flag on back to /', async () => {
    signIn();
    localStorage.setItem('isAdminRole', 'true');
    const { router } = renderApp('/admin-dashboard/members');
    await waitFor(() => expect(where(router)).toBe('/'));
  });

  it('sends an administrator without the admin view selected to /', async () => {
    signIn();
    server.use(identityHandler(adminIdentity));
    const { router } = renderApp('/admin-dashboard');
    await waitFor(() => expect(where(router)).toBe('/'));
  });

  it('offers the admin view only to administrators of the organization', async () => {
    signIn();
    server.use(
      identityHandler(adminIdentity),
      http.get('*/api/v1/groups/metrics/', () => HttpResponse.json({ data: metrics })),
    );
    const { router, unmount } = renderApp('/change-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Admin view' }));
    await waitFor(() => expect(where(router)).toBe('/admin-dashboard'));
    expect(localStorage.getItem('isAdminRole')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    unmount();

    localStorage.removeItem('isAdminRole');
    server.use(identityHandler(identityFixture()));
    renderApp('/change-password');
    expect(await screen.findByRole('heading', { name: 'Change password', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Admin view' })).not.toBeInTheDocument();
  });

  it('shows the totals and the to-do cards, each linking to its pending tab', async () => {
    windowWidth(1400);
    asAdmin();
    renderApp('/admin-dashboard');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Total members: 120' })).toHaveAttribute('href', '/admin-dashboard/members');
    expect(screen.getByRole('link', { name: 'Total circles: 8' })).toHaveAttribute('href', '/org/waypoint-demo/circles');
    expect(screen.getByRole('link', { name: 'Total jobs: 5' })).toHaveAttribute('href', '/admin-dashboard/jobs');
    const todo = screen.getByRole('list', { name: 'To do' });
    expect(within(todo).getByRole('link', { name: 'Pending members: 2' })).toHaveAttribute(
      'href',
      '/admin-dashboard/members?status=pending',
    );
    expect(within(todo).getByRole('link', { name: 'Pending AI tools: 4' })).toHaveAttribute(
      'href',
      '/admin-dashboard/ai-tools?status=pending',
    );
    expect(within(todo).getByRole('link', { name: 'Pending use cases: 0' })).toHaveAttribute(
      'href',
      '/admin-dashboard/usecases?status=pending',
    );
    // The admin side menu and the way back to the user view.
    const menu = screen.getByRole('navigation', { name: 'Admin menu' });
    for (const label of ['Overview', 'Members', 'Analytics', 'Jobs', 'Resources', 'AI tools', 'Use cases', 'Todos', 'Feedback']) {
      expect(within(menu).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(await screen.findByRole('button', { name: 'User view' })).toBeInTheDocument();
  });

  it('opens the admin menu in a drawer on a phone', async () => {
    windowWidth(375);
    asAdmin();
    const { router } = renderApp('/admin-dashboard');
    await screen.findByRole('heading', { name: 'Overview' });
    expect(screen.queryByRole('navigation', { name: 'Admin menu' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Admin menu' });
    await userEvent.click(within(menu).getByRole('link', { name: 'Todos' }));
    await waitFor(() => expect(where(router)).toBe('/admin-dashboard/todos'));
    expect(await screen.findByRole('heading', { name: 'Todos' })).toBeInTheDocument();
  });

  it("says 'Failed to fetch metrics' when the counts do not load", async () => {
    asAdmin();
    server.use(http.get('*/api/v1/groups/metrics/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })));
    renderApp('/admin-dashboard/todos');
    expect(await screen.findByText('Failed to fetch metrics')).toBeInTheDocument();
  });

  it('accepts the selected pending members in one request', async () => {
    windowWidth(1400);
    asAdmin();
    const bodies: unknown[] = [];
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/groups/1/members/', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          data: [
            member(11, 'Ada Lovelace', {
              agent_responses: [
                {
                  agent_id: 31,
                  agent_type: 'registration_approval',
                  response: { action: 'accept', reason: 'Complete profile', last_run_at: '2026-11-02T10:00:00Z' },
                },
              ],
            }),
            member(12, 'Bo Chen'),
            member(13, 'Cy Diaz'),
          ],
          pagination: { count: 3, next: null },
        });
      }),
      http.post('*/api/v1/groups/1/respond-join-request/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Members accepted successfully', warning: null });
      }),
    );
    renderApp('/admin-dashboard/members?status=pending');
    const table = await screen.findByRole('table', { name: 'Members' });
    await within(table).findByText('Ada Lovelace');
    expect(queries[0]?.get('status')).toBe('pending');
    expect(queries[0]?.get('page_size')).toBe('50');
    expect(within(table).getByText('Authentic')).toBeInTheDocument();
    expect(within(table).getAllByText('Pending Verification')).toHaveLength(2);
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Ada Lovelace' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Cy Diaz' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept selected (2)' }));
    expect(await screen.findByText('Members accepted successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ users: [11, 13], action: 'accept' }]);
  });

  it("says 'Could not accept members' when a bulk accept fails", async () => {
    asAdmin();
    server.use(
      http.get('*/api/v1/groups/1/members/', () =>
        HttpResponse.json({ data: [member(11, 'Ada Lovelace'), member(12, 'Bo Chen')], pagination: { count: 2, next: null } }),
      ),
      http.post('*/api/v1/groups/1/respond-join-request/', () => HttpResponse.json({ detail: 'x' }, { status: 400 })),
    );
    renderApp('/admin-dashboard/members?status=pending');
    const table = await screen.findByRole('table', { name: 'Members' });
    await userEvent.click(await within(table).findByRole('checkbox', { name: 'Select all members on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept selected (2)' }));
    expect(await screen.findByText('Could not accept members')).toBeInTheDocument();
  });

  it('shows 3 filters at 375 px and 7 on a desktop', async () => {
    const filters = () => within(screen.getByRole('search', { name: 'Member filters' }));
    const count = () => filters().getAllByRole('combobox').length + filters().getAllByRole('searchbox').length;
    server.use(http.get('*/api/v1/groups/1/members/', () => HttpResponse.json({ data: [], pagination: { count: 0, next: null } })));

    windowWidth(375);
    asAdmin();
    const phone = renderApp('/admin-dashboard/members');
    await screen.findByRole('search', { name: 'Member filters' });
    expect(count()).toBe(3);
    await userEvent.click(screen.getByRole('button', { name: 'More filters (4)' }));
    expect(count()).toBe(7);
    phone.unmount();

    windowWidth(1280);
    renderApp('/admin-dashboard/members');
    await screen.findByRole('search', { name: 'Member filters' });
    expect(count()).toBe(7);
    expect(screen.queryByRole('button', { name: /More filters/ })).not.toBeInTheDocument();
  });

  it('sends the agent filters as agent_response JSON and opens a member history', async () => {
    windowWidth(1400);
    asAdmin();
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/groups/1/members/', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          data: [member(11, 'Ada Lovelace', { membership_status: 'accepted' })],
          pagination: { count: 1, next: null },
        });
      }),
      http.get('*/api/v1/audit-log/', ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('entity_type')).toBe('user');
        expect(url.searchParams.get('entity_id')).toBe('11');
        return HttpResponse.json({
          data: [
            {
              id: 1,
              action: 'accept',
              entity_type: 'user',
              entity_id: 11,
              reason: 'Welcome aboard',
              details: {},
              actor_id: 7,
              actor_name: 'Maria Lopez',
              created_at: '2026-11-03T09:00:00Z',
            },
          ],
          pagination: { count: 1, next: null },
        });
      }),
    );
    renderApp('/admin-dashboard/members?system_agent_id=31&agent_action=accept&ai_enthusiasm_level=high');
    const table = await screen.findByRole('table', { name: 'Members' });
    await within(table).findByText('Ada Lovelace');
    const last = queries[queries.length - 1];
    expect(last?.get('system_agent_id')).toBe('31');
    expect(JSON.parse(last?.get('agent_response') ?? '{}')).toEqual({ action: 'accept', ai_enthusiasm_level: 'high' });
    await userEvent.click(within(table).getByRole('button', { name: 'History of Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Ada Lovelace' });
    expect(await within(dialog).findByText('Accepted by Maria Lopez')).toBeInTheDocument();
    expect(within(dialog).getByText('Reason: Welcome aboard')).toBeInTheDocument();
  });

  it("says 'No users selected for follow-up email.' with nobody selected", async () => {
    asAdmin();
    server.use(
      http.get('*/api/v1/groups/1/members/', () =>
        HttpResponse.json({
          data: [member(11, 'Ada Lovelace', { membership_status: 'accepted', is_verified: false })],
          pagination: { count: 1, next: null },
        }),
      ),
    );
    renderApp('/admin-dashboard/members?status=unverified');
    await screen.findByText('Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Send verification follow-up' }));
    expect(await screen.findByText('No users selected for follow-up email.')).toBeInTheDocument();
  });
});
