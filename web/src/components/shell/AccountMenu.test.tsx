import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { identityHandler, server, signIn } from '../../test/server';
import { identityFixture } from '../../test/fixtures';

async function openSettings() {
  await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  return screen.findByRole('menu');
}

describe('signed-in top bar', { timeout: 20_000 }, () => {
  it('lists the settings without Verify OTP for a verified user', async () => {
    signIn();
    renderApp('/terms-and-conditions');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    const menu = await openSettings();
    const items = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Portal Preferences', 'Membership', 'Account', 'Change password', 'Join another service', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Change password' })).toHaveAttribute('href', '/change-password');
  });

  it('offers Verify OTP to an unverified user', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ is_verified: false })));
    renderApp('/terms-and-conditions');
    const menu = await openSettings();
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Verify OTP' })).toBeInTheDocument());
    expect(within(menu).getByRole('menuitem', { name: 'Verify OTP' })).toHaveAttribute(
      'href',
      '/verify-otp?next=%2Fterms-and-conditions',
    );
  });

  it('has no logout icon for a trial user', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ is_trial_user: true })));
    renderApp('/terms-and-conditions');
    await screen.findByRole('button', { name: 'Settings' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('logs out: tells the server, forgets the session and goes to login', async () => {
    signIn('A', 'R');
    let body: unknown;
    server.use(
      http.post('*/api/v1/logout/', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderApp('/terms-and-conditions');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(body).toEqual({ refresh_token: 'R' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });
});
