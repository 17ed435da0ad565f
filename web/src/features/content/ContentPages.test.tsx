import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';
import { serveFilterOptions } from '../../components/lists/testing';
import { groupFixture } from '../../test/groupFixtures';

describe('content pages', { timeout: 30_000 }, () => {
  it('asks the Resource Hub for approved hub resources with the CareerGPS topic areas, and says when there are none', async () => {
    serveFilterOptions();
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/contents/', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: [], pagination: { count: 0, next: null } });
      }),
    );
    renderApp('/resourcehub?topic_areas=1,2');
    expect(await screen.findByRole('heading', { name: 'Resource Hub' })).toBeVisible();
    expect(await screen.findByText('No resources found')).toBeVisible();
    const query = asked.at(-1);
    expect(query?.get('types')).toBe('resource');
    expect(query?.get('status')).toBe('approved');
    expect(query?.get('publish_to_khub')).toBe('true');
    expect(query?.get('topic_areas')).toBe('1,2');
    expect(query?.get('page_size')).toBe('15');
  });

  it("asks for the site's posts on /posts and for the group's on its Posts tab, 15 a page, and says when there are none", async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/contents/', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: [], pagination: { count: 0, next: null } });
      }),
    );
    signIn();
    const group = groupFixture({ id: 5, membership_status: 'accepted' });
    server.use(http.get('*/api/v1/groups/slug/:slug/', () => HttpResponse.json({ data: group })));
    const { router } = renderApp('/posts?page=2');
    expect(await screen.findByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
    expect(await screen.findByText('No posts found.')).toBeVisible();
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ types: 'post,newsletter', page: '2', page_size: '15' });
    await router.navigate('/circle/ai-foundations/posts');
    expect(await screen.findByRole('button', { name: 'Create post' })).toBeVisible();
    expect(await screen.findByText('No posts found.')).toBeVisible();
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ types: 'post,newsletter', group_id: '5', page: '1', page_size: '15' });
  });

  it('unsubscribes from newsletters with the mail link’s token, without signing in', async () => {
    let token = '';
    server.use(
      http.post('*/api/v1/newsletter/unsubscribe/', async ({ request }) => {
        token = ((await request.json()) as { token: string }).token;
        return HttpResponse.json({ message: 'You have been unsubscribed from newsletters.' });
      }),
    );
    renderApp('/newsletter/unsubscribe?token=7.abc');
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You have been unsubscribed from newsletters.')).toBeVisible();
    expect(token).toBe('7.abc');
  });
});
