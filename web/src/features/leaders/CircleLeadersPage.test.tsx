import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { chosen, paged, pickOption, serveFilterOptions, serveList } from '../../components/lists/testing';
import type { CircleLeader } from '../../lib/discover/types';

const leader: CircleLeader = {
  id: 8,
  name: 'Sam Okafor',
  name_slug: 'sam-okafor',
  image: null,
  title: 'Product Manager',
  short_bio: `<p>${'a'.repeat(600)}</p>`,
  certification_level: 2,
  topic_area_detailed: { id: 3, name: 'Artificial Intelligence' },
  no_of_circles_led: 3,
};

describe('circle leaders', { timeout: 20_000 }, () => {
  it('lists certified leaders linking to their profile and connections', async () => {
    serveFilterOptions();
    const seen = serveList('circle-leaders/', () => paged([leader]));
    const { router } = renderApp('/circle-leaders');
    expect(await screen.findByRole('heading', { name: 'Circle Leaders', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Circle leaders' });
    expect(within(list).getByRole('link', { name: 'Sam Okafor' })).toHaveAttribute('href', '/profile/sam-okafor');
    expect(within(list).getByRole('link', { name: 'View connections' })).toHaveAttribute('href', '/profile/sam-okafor/connections');
    expect(within(list).getByText('Certified Leader')).toBeInTheDocument();
    expect(within(list).getByText('Intermediate')).toBeInTheDocument();
    expect(within(list).getByText('3 circles led')).toBeInTheDocument();
    expect(within(list).getByText(`${'a'.repeat(500)}…`)).toBeInTheDocument();
    expect(chosen(seen.at(-1))).toEqual({ page: '1', page_size: '9' });

    await pickOption('Job function', 'Engineering');
    await waitFor(() => expect(router.state.location.search).toBe('?job_functions=2'));
    await waitFor(() => expect(chosen(seen.at(-1))).toEqual({ page: '1', page_size: '9', job_function: '2' }));
  });

  it('says No circle leaders found', async () => {
    serveFilterOptions();
    serveList('circle-leaders/', () => paged([]));
    renderApp('/circle-leaders?q=zz');
    expect(await screen.findByText('No circle leaders found')).toBeInTheDocument();
  });
});
