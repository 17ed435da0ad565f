import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { identityFixture } from '../../test/fixtures';
import { identityHandler, server, signIn } from '../../test/server';
import { groupFixture, paged, serveList } from '../../components/lists/testing';

const empty = paged([]);

describe('circle favourites, the overviews and the influencer pages', { timeout: 30_000 }, () => {
  it('favourites a circle from its card and says so', async () => {
    signIn();
    let bookmarked = false;
    const calls: string[] = [];
    serveList('circles/', () => paged([groupFixture({ is_bookmarked: bookmarked })]));
    server.use(
      http.post('*/api/v1/bookmark/group/101/', () => {
        calls.push('post');
        bookmarked = true;
        return HttpResponse.json({ data: { is_bookmarked: true }, message: 'Added to favourites' });
      }),
    );
    renderApp('/circles');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Prompt Engineering Circle to favourites' }));
    expect(await screen.findByText('Added to favourites')).toBeInTheDocument();
    expect(calls).toEqual(['post']);
    expect(await screen.findByRole('button', { name: 'Remove Prompt Engineering Circle from favourites' })).toBeInTheDocument();
  });

  it('shows Favorites from one overview call, with the circles and events sections', async () => {
    signIn();
    const circles = [1, 2, 3].map((id) => groupFixture({ id, name: `Circle ${id}`, name_slug: `circle-${id}` }));
    let calls = 0;
    server.use(
      http.get('*/api/v1/my-favourites/', () => {
        calls += 1;
        return HttpResponse.json({
          data: { use_cases: empty, circles: paged(circles, 5), events: empty, resources: empty, ai_tools: empty, jobs: empty },
        });
      }),
    );
    renderApp('/favorites');
    const section = await screen.findByRole('region', { name: 'Circles' });
    expect(await within(section).findByRole('link', { name: 'Circle 1' })).toHaveAttribute('href', '/circle/circle-1');
    expect(within(section).getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/favorites/circles');
    expect(within(screen.getByRole('region', { name: 'Events' })).getByText('No favorite events found.')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('lists My Circles from /circles/me/ with the page in the address', async () => {
    signIn();
    const seen = serveList('circles/me/', (query) =>
      paged([groupFixture({ name: query.get('page') === '2' ? 'Second Page Circle' : 'First Page Circle' })], 12),
    );
    renderApp('/my/circles?page=2');
    expect(await screen.findByRole('link', { name: 'Second Page Circle' })).toBeInTheDocument();
    expect(seen.at(-1)?.get('page_size')).toBe('10');
  });

  it('says so when the member has no circles', async () => {
    signIn();
    serveList('circles/me/', () => empty);
    renderApp('/my/circles');
    expect(await screen.findByText('You have not created or applied to any circles yet.')).toBeInTheDocument();
  });

  it('shows guests the influential people, 16 a page', async () => {
    const seen = serveList('influencers/', () =>
      paged([{ id: 5, name: 'Lena Fischer', institution_name: 'TU Berlin', image: null, name_slug: 'lena-fischer' }], 17),
    );
    renderApp('/influencers');
    expect(await screen.findByRole('heading', { name: 'Highly Influential People' })).toBeInTheDocument();
    expect(await screen.findByText('Lena Fischer')).toBeInTheDocument();
    expect(screen.getByText('TU Berlin')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Lena Fischer/ })).toHaveAttribute('href', '/profile/lena-fischer');
    expect(seen.at(-1)?.get('page_size')).toBe('16');
  });

  it('says No influential organization found. when there is none', async () => {
    const seen = serveList('groups/', () => empty);
    renderApp('/influential-orgs');
    expect(await screen.findByText('No influential organization found.')).toBeInTheDocument();
    expect(seen.at(-1)?.get('is_influencer')).toBe('true');
    expect(seen.at(-1)?.get('group_type')).toBe('organization');
  });

  it('shows the staff-only use-case fields to staff only', async () => {
    signIn();
    server.use(http.get('*/api/v1/topic-areas/', () => HttpResponse.json(paged([{ id: 3, name: 'AI and Data' }]))));
    const { unmount } = renderApp('/usecases/new');
    expect(await screen.findByRole('heading', { name: 'Submit Use Case' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Topic area')).not.toBeInTheDocument();
    unmount();

    server.use(identityHandler(identityFixture({ is_staff: true })));
    renderApp('/usecases/new');
    await waitFor(() => expect(screen.getByLabelText('Topic area')).toBeInTheDocument());
    expect(screen.getByLabelText('Topics')).toBeInTheDocument();
    expect(screen.getByLabelText('Career stages')).toBeInTheDocument();
    expect(screen.getByLabelText('Professional fields')).toBeInTheDocument();
  });

  it("fills the AI tool form from the tool on its edit page, and offers a new one's when there is no such tool", async () => {
    signIn();
    const tool = { id: 7, slug: 'chatgpt', name: 'ChatGPT', description: '<p>A chat assistant.</p>', group: 1, categories: [], website: '', roles: [], logo: '/media/logo.png' };
    server.use(
      http.get('*/api/v1/ai-tools/:id/', ({ params }) =>
        params.id === '7' ? HttpResponse.json({ data: tool }) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    const { unmount } = renderApp('/ai-tools/7/edit');
    expect(await screen.findByRole('heading', { name: 'Edit AI Tool' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('ChatGPT');
    expect(screen.getByText('Current logo')).toBeInTheDocument();
    unmount();

    renderApp('/ai-tools/8/edit');
    expect(await screen.findByRole('heading', { name: 'Submit AI Tool' })).toBeInTheDocument();
  });
});
