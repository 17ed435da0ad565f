import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';

function tip(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    slug: 'network-early',
    content: '<p>Network early and often</p>',
    status: 'approved',
    group: null,
    created_by: { id: 3, image: '/media/ana.png', profile: { first_name: 'Ana', last_name: 'Lima', name_slug: 'ana-lima' } },
    can_edit: false,
    can_moderate: false,
    vote_score: 4,
    user_vote_type: 'neutral',
    created_at: '2026-01-02T10:00:00Z',
    modified_at: '2026-01-02T10:00:00Z',
    ...overrides,
  };
}

const page = (items: unknown[]) => HttpResponse.json({ data: items, pagination: { count: items.length, next: null } });

describe('career tips', { timeout: 30_000 }, () => {
  it('lists approved tips with the author’s picture and profile link and the votes, and says when there are none', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/all-career-tips/', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        return page(params.get('search') === 'zebra' ? [] : [tip()]);
      }),
    );
    renderApp('/career-tips');
    expect(await screen.findByRole('heading', { name: 'Career Tips' })).toBeVisible();
    const card = await screen.findByRole('article', { name: /Network early and often/ });
    expect(within(card).getByRole('link', { name: 'Ana Lima' })).toHaveAttribute('href', '/profile/ana-lima');
    expect(within(card).getByRole('link', { name: "Ana Lima's profile" })).toHaveAttribute('href', '/profile/ana-lima');
    expect(within(card).getByTestId('vote-score')).toHaveTextContent('4');
    expect(within(card).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(asked.at(-1)?.get('page_size')).toBe('15');
    expect(screen.queryByRole('tab', { name: 'My tips' })).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search career tips' }), 'zebra{Enter}');
    expect(await screen.findByText('No career tips found')).toBeVisible();
  });

  it('lets the author delete after confirming, and a moderator approve', async () => {
    signIn();
    let deleted = 0;
    let action = '';
    server.use(
      http.get('*/api/v1/all-career-tips/', () =>
        page([tip({ can_edit: true }), tip({ id: 8, slug: 'ask', content: '<p>Ask for feedback</p>', status: 'pending', can_moderate: true })]),
      ),
      http.delete('*/api/v1/career-tips/7/', () => {
        deleted += 1;
        return HttpResponse.json({ message: 'Deleted successfully' });
      }),
      http.post('*/api/v1/career-tips/8/approve-reject/', async ({ request }) => {
        action = ((await request.json()) as { action: string }).action;
        return HttpResponse.json({ data: tip({ id: 8, status: 'approved' }), message: 'Career tip approved successfully' });
      }),
    );
    renderApp('/career-tips');
    const own = await screen.findByRole('article', { name: /Network early/ });
    await userEvent.click(within(own).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this career tip?' });
    expect(deleted).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Career tip deleted')).toBeVisible();
    expect(deleted).toBe(1);

    const pending = screen.getByRole('article', { name: /Ask for feedback/ });
    expect(within(pending).queryByTestId('vote-score')).toBeNull();
    expect(within(pending).getByText('pending')).toBeVisible();
    await userEvent.click(within(pending).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Career tip approved successfully')).toBeVisible();
    expect(action).toBe('approve');
  });

  it('refuses an empty tip before sending it', async () => {
    signIn();
    let sent: unknown = null;
    server.use(
      http.get('*/api/v1/all-career-tips/', () => page([])),
      http.get('*/api/v1/career-tips/', () => page([])),
      http.post('*/api/v1/career-tips/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: tip({ status: 'pending', can_edit: true }), message: 'Created successfully' }, { status: 201 });
      }),
    );
    renderApp('/career-tips');
    await userEvent.click(await screen.findByRole('button', { name: 'Share a tip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share a career tip' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByText('Required')).toBeVisible();
    expect(sent).toBeNull();
  });

  it('opens its author’s tip in the form and saves it', async () => {
    signIn();
    let sent: unknown = null;
    server.use(
      http.get('*/api/v1/all-career-tips/', () => page([tip({ can_edit: true })])),
      http.patch('*/api/v1/career-tips/7/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: tip({ can_edit: true }), message: 'Updated successfully' });
      }),
    );
    renderApp('/career-tips');
    const own = await screen.findByRole('article', { name: /Network early/ });
    await userEvent.click(within(own).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit career tip' });
    expect(await within(dialog).findByText('Network early and often')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Career tip updated')).toBeVisible();
    expect(sent).toEqual({ content: '<p>Network early and often</p>' });
  });

  it('shows one tip by its slug, whole, without the Open link', async () => {
    server.use(
      http.get('*/api/v1/all-career-tips/slug/network-early/', () => HttpResponse.json({ data: tip() })),
    );
    renderApp('/career-tip/network-early');
    expect(await screen.findByRole('article', { name: /Network early/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Open' })).toBeNull();
  });

  it('says when a tip is not found', async () => {
    server.use(
      http.get('*/api/v1/all-career-tips/slug/gone/', () =>
        HttpResponse.json({ detail: 'Career tip not found.', message: 'Career tip not found.' }, { status: 404 }),
      ),
    );
    renderApp('/career-tip/gone');
    expect(await screen.findByText('Career tip not found.')).toBeVisible();
  });
});
