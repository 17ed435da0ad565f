import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';
import { groupFixture, paged, serveFilterOptions, serveList } from '../../components/lists/testing';
import { jobFixture } from './test/fixtures';
import type { Job } from './api/types';

/** The board and favourites backed by one set of bookmarks, as the server keeps them. */
function serveBookmarks(jobs: Job[], initially: number[] = []) {
  const bookmarked = new Set(initially);
  const calls: string[] = [];
  const withFlag = (job: Job) => ({ ...job, is_bookmarked: bookmarked.has(job.id) });
  serveFilterOptions();
  serveList('jobs/', () => paged(jobs.map(withFlag)));
  server.use(
    http.get('*/api/v1/groups/default/', () => HttpResponse.json({ data: groupFixture({ id: 1, group_type: 'organization', name: 'Waypoint Demo' }) })),
    http.get('*/api/v1/jobs/slug/:slug/', ({ params }) => {
      const job = jobs.find((j) => j.slug === params.slug);
      return job ? HttpResponse.json({ data: withFlag(job) }) : HttpResponse.json({ detail: 'Job not found.' }, { status: 404 });
    }),
    http.post('*/api/v1/bookmark/job/:id/', ({ params }) => {
      calls.push(`POST ${params.id}`);
      bookmarked.add(Number(params.id));
      return HttpResponse.json({ data: { is_bookmarked: true }, message: 'Added to favourites' });
    }),
    http.delete('*/api/v1/unbookmark/job/:id/', ({ params }) => {
      calls.push(`DELETE ${params.id}`);
      bookmarked.delete(Number(params.id));
      return HttpResponse.json({ data: { is_bookmarked: false }, message: 'Removed from favourites' });
    }),
    http.get('*/api/v1/bookmark/job/', ({ request }) => {
      calls.push(`GET ${new URL(request.url).searchParams.get('page_size')}`);
      const rows = jobs.filter((job) => bookmarked.has(job.id)).map(withFlag);
      return HttpResponse.json({ data: rows, pagination: { count: rows.length, next: null } });
    }),
  );
  return { calls, bookmarked };
}

const analyst = jobFixture();
const intern = jobFixture({ id: 42, slug: 'ml-intern', title: 'ML Intern' });

describe('job favourites', { timeout: 30_000 }, () => {
  it('sends guests to sign in with next from the bookmark button', async () => {
    serveBookmarks([analyst]);
    const { router } = renderApp('/jobs?q=data');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Data Analyst to favourites' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/jobs?q=data')}`);
  });

  it('bookmarks from a card with the toast, and the favourites table lists it until it is removed', async () => {
    signIn();
    const { calls } = serveBookmarks([analyst, intern]);
    renderApp('/jobs');
    const list = await screen.findByRole('list', { name: 'Jobs' });
    await userEvent.click(within(list).getByRole('button', { name: 'Add ML Intern to favourites' }));
    expect(await screen.findByText('Added to favourites')).toBeInTheDocument();
    const pressed = await within(list).findByRole('button', { name: 'Remove ML Intern from favourites' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(calls).toContain('POST 42');

    await userEvent.click(screen.getByRole('link', { name: 'Favorite Jobs' }));
    const table = await screen.findByRole('table', { name: 'Favorite jobs' });
    expect(within(table).getByRole('link', { name: 'ML Intern' })).toHaveAttribute('href', '/job/ml-intern');
    expect(within(table).queryByRole('link', { name: 'Data Analyst' })).not.toBeInTheDocument();
    expect(calls).toContain('GET 10');

    await userEvent.click(within(table).getByRole('button', { name: 'Remove ML Intern from favourites' }));
    expect(await screen.findByText('Removed from favourites')).toBeInTheDocument();
    expect(await screen.findByText('No favorite jobs found.')).toBeInTheDocument();
    expect(calls).toContain('DELETE 42');
  });

  it('toggles from the job page with the keyboard, and shows the server error or the fallback', async () => {
    signIn();
    serveBookmarks([analyst], [41]);
    renderApp('/job/data-analyst-41');
    const toggle = await screen.findByRole('button', { name: 'Remove Data Analyst from favourites' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Removed from favourites')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add Data Analyst to favourites' })).toBeInTheDocument();

    server.use(http.post('*/api/v1/bookmark/job/:id/', () => HttpResponse.json({ detail: 'Job not found.' }, { status: 404 })));
    await userEvent.click(screen.getByRole('button', { name: 'Add Data Analyst to favourites' }));
    expect(await screen.findByText('Job not found.')).toBeInTheDocument();
    server.use(http.post('*/api/v1/bookmark/job/:id/', () => HttpResponse.error()));
    await userEvent.click(screen.getByRole('button', { name: 'Add Data Analyst to favourites' }));
    expect(await screen.findByText('Could not perform action')).toBeInTheDocument();
  });
});
