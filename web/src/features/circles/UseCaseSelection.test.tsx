import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { server } from '../../test/server';
import { groupFixture, paged, serveList } from '../../components/lists/testing';

describe('use case selection', { timeout: 20_000 }, () => {
  it('picks one approved use case and proceeds to its circles', async () => {
    const seen = serveList('use-cases/', () =>
      paged([
        { id: 5, title: 'Summarise meeting notes', description: '<p>Less typing.</p>' },
        { id: 6, title: 'Forecast demand' },
      ]),
    );
    const circles = serveList('circles/', () => paged([groupFixture()]));
    server.use(http.get('*/api/v1/groups/default/', () => HttpResponse.json({ data: groupFixture({ id: 1, extra_info: {} }) })));
    const { router } = renderApp('/usecase-selection');
    await userEvent.click(await screen.findByRole('radio', { name: /Forecast demand/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Summarise meeting notes/ }));
    expect(screen.getByRole('radio', { name: /Summarise meeting notes/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Forecast demand/ })).not.toBeChecked();
    expect(seen.at(-1)?.get('status')).toBe('approved');

    await userEvent.click(screen.getByRole('button', { name: 'Clear Selection' }));
    expect(screen.getByRole('radio', { name: /Summarise meeting notes/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Summarise meeting notes/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Circles' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/circles'));
    expect(router.state.location.search).toBe('?usecase_id=5');
    expect(await screen.findByText('Use case: Summarise meeting notes')).toBeInTheDocument();
    await waitFor(() => expect(circles.at(-1)?.get('use_cases')).toBe('5'));
  });

  it('says there are none yet when the call is missing', async () => {
    server.use(http.get('*/api/v1/use-cases/', () => HttpResponse.json({ detail: 'Not found' }, { status: 404 })));
    renderApp('/usecase-selection');
    expect(await screen.findByText('No use cases available yet.')).toBeInTheDocument();
  });
});
