import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { identityHandler, server, signIn } from '../../test/server';
import { identityFixture } from '../../test/fixtures';
import { chosen, groupFixture, paged, pickOption, serveFilterOptions, serveList } from '../../components/lists/testing';

const event = groupFixture({ id: 300, name: 'AI Summit', name_slug: 'ai-summit', group_type: 'event' });

describe('events list', { timeout: 20_000 }, () => {
  it('lists events, keeps the filters in the address and drops the page', async () => {
    serveFilterOptions();
    const seen = serveList('events/', () => paged([event], 12));
    const { router } = renderApp('/events?page=2');
    expect(await screen.findByRole('heading', { name: 'Events', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Events' });
    expect(within(list).getByRole('link', { name: /AI Summit/ })).toHaveAttribute('href', '/event/ai-summit');
    expect(chosen(seen.at(-1))).toEqual({ page: '2', page_size: '9' });

    await pickOption('Professional field', 'Data Science');
    await waitFor(() => expect(router.state.location.search).toBe('?professional_fields=4'));
    await waitFor(() => expect(chosen(seen.at(-1))).toEqual({ page: '1', page_size: '9', professional_fields: '4' }));

    await pickOption('Topic area', 'Artificial Intelligence');
    await waitFor(() => expect(router.state.location.search).toBe('?professional_fields=4&topic_areas=3'));
    expect(screen.queryByRole('link', { name: 'Create Event' })).not.toBeInTheDocument();
  });

  it('says No events found, and offers certified members Create Event', async () => {
    signIn();
    const identity = identityFixture();
    server.use(identityHandler({ ...identity, group_profile: { ...identity.group_profile!, is_certified: true } }));
    serveFilterOptions();
    serveList('events/', () => paged([]));
    renderApp('/events');
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Create Event' })).toHaveAttribute('href', '/groups/new?type=event');
  });
});
