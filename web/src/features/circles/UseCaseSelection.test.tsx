import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { groupFixture, paged, serveList } from '../../components/lists/testing';
import type { UseCase } from '../../lib/discover/types';

const useCases: UseCase[] = [
  { id: 5, slug: 'summarise-meeting-notes', title: 'Summarise meeting notes', description: '<p>Less typing.</p>', thumbnail_image: null },
  { id: 6, slug: 'forecast-demand', title: 'Forecast demand', description: null, thumbnail_image: null },
  ...Array.from({ length: 12 }, (_, index) => ({
    id: 100 + index,
    slug: `case-${index}`,
    title: `Case ${index}`,
    description: null,
    thumbnail_image: null,
  })),
];

/** GET /use-cases/ as the contract says: search, ids, page and page_size. */
function serveUseCases() {
  return serveList('use-cases/', (query) => {
    const search = query.get('search')?.toLowerCase();
    const ids = query.get('ids')?.split(',').map(Number);
    const found = useCases.filter(
      (item) => (!search || item.title.toLowerCase().includes(search)) && (!ids || ids.includes(item.id)),
    );
    const size = Number(query.get('page_size') ?? 12);
    const page = Number(query.get('page') ?? 1);
    return paged(found.slice((page - 1) * size, page * size), found.length);
  });
}

function serveCirclesPage() {
  const circles = serveList('circles/', () => paged([groupFixture()]));
  server.use(http.get('*/api/v1/groups/default/', () => HttpResponse.json({ data: groupFixture({ id: 1, extra_info: {} }) })));
  return circles;
}

describe('use case selection', { timeout: 20_000 }, () => {
  it('picks one use case, clears it, and proceeds to its circles, whose chip reads its title', async () => {
    const seen = serveUseCases();
    const circles = serveCirclesPage();
    const { router } = renderApp('/usecase-selection');
    await userEvent.click(await screen.findByRole('radio', { name: /Forecast demand/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Summarise meeting notes/ }));
    expect(screen.getByRole('radio', { name: /Summarise meeting notes/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Forecast demand/ })).not.toBeChecked();
    expect(Object.fromEntries(seen.at(-1)!)).toEqual({ page: '1', page_size: '12' });

    await userEvent.click(screen.getByRole('button', { name: 'Clear Selection' }));
    expect(screen.getByRole('radio', { name: /Summarise meeting notes/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Summarise meeting notes/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Circles' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/circles'));
    expect(router.state.location.search).toBe('?usecase_id=5');
    // The chip's title comes from the server by id, not from this browser's memory.
    sessionStorage.clear();
    expect(await screen.findByText('Use case: Summarise meeting notes')).toBeInTheDocument();
    expect(seen.some((query) => query.get('ids') === '5')).toBe(true);
    await waitFor(() => expect(circles.at(-1)?.get('use_cases')).toBe('5'));
  });

  it('reads the title by id on a fresh visit to /circles?usecase_id=', async () => {
    serveUseCases();
    serveCirclesPage();
    renderApp('/circles?usecase_id=6');
    expect(await screen.findByText('Use case: Forecast demand')).toBeInTheDocument();
  });

  it('searches with 2 or more characters and pages through the rest', async () => {
    const seen = serveUseCases();
    const { router } = renderApp('/usecase-selection?page=2');
    expect(await screen.findByRole('radio', { name: /Case 10/ })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search use cases' }), 'f');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(seen.every((query) => !query.has('search'))).toBe(true);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search use cases' }), 'ore');
    await waitFor(() => expect(router.state.location.search).toBe('?q=fore'));
    await waitFor(() => expect(seen.at(-1)?.get('search')).toBe('fore'));
    const list = await screen.findByRole('radiogroup', { name: 'Use cases' });
    await waitFor(() => expect(within(list).getAllByRole('radio')).toHaveLength(1));
    expect(within(list).getByRole('radio', { name: /Forecast demand/ })).toBeInTheDocument();
  });

  it("says 'No use cases found.' when nothing matches", async () => {
    serveUseCases();
    renderApp('/usecase-selection?q=zzz');
    expect(await screen.findByText('No use cases found.')).toBeInTheDocument();
  });

  it('shows a failed call as an error with Retry, not as an empty list', async () => {
    server.use(http.get('*/api/v1/use-cases/', () => HttpResponse.json({ detail: 'Not found' }, { status: 404 })));
    renderApp('/usecase-selection');
    expect(await screen.findByText(/Could not fetch use cases/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('No use cases found.')).not.toBeInTheDocument();
  });
});
