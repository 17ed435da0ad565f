import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { identityHandler, server, signIn } from '../../test/server';
import { identityFixture } from '../../test/fixtures';
import { planFixture, subscriptionFixture } from './testing';
import { groupFixture } from '../../test/groupFixtures';
import { paged, serveList } from '../../components/lists/testing';

const organization = () =>
  http.get('*/api/v1/groups/default/', () => HttpResponse.json({ data: groupFixture({ id: 1, group_type: 'organization' }) }));

const FREE = subscriptionFixture({ payment_status: null });

// The banner is loaded on demand by the app layout (app/layouts/AppLayout.tsx).
describe('membership banner', () => {
  it('tells a free member their tier with Upgrade Membership, and can be dismissed', async () => {
    signIn();
    server.use(
      identityHandler(identityFixture({ user_subscription: FREE })),
      organization(),
      http.get('*/api/v1/subscription-plans/', () => HttpResponse.json({ data: [planFixture(0), planFixture(2)] })),
    );
    renderApp('/notifications');
    const banner = await screen.findByRole('complementary', { name: 'Membership' });
    expect(within(banner).getByText('You are currently on Free membership.')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Upgrade Membership' })).toHaveAttribute('href', '/membership');
    // After the page, sticky at the screen's bottom: arriving late, it moves nothing (issue 30).
    expect(screen.getByRole('main').lastElementChild).toBe(banner);
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss membership notice' }));
    expect(screen.queryByRole('complementary', { name: 'Membership' })).not.toBeInTheDocument();
  });

  it('is not shown to guests', async () => {
    serveList('circles/', () => paged([]));
    server.use(
      organization(),
      http.get('*/api/v1/subscription-plans/', () => HttpResponse.json({ data: [planFixture(0), planFixture(2)] })),
    );
    renderApp('/circles');
    await screen.findByRole('heading', { name: 'Career Circle' });
    expect(screen.queryByRole('complementary', { name: 'Membership' })).not.toBeInTheDocument();
  });
});
