import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../test/renderApp';
import { identityHandler, server, signIn } from '../test/server';
import { identityFixture } from '../test/fixtures';
import { AdminGuard } from './guards';

const where = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

// The first test also loads the layouts' and pages' code (every route is lazy), which is slow on a busy machine.
describe('route guards', { timeout: 15_000 }, () => {
  it('sends a guest to login with next', async () => {
    const { router } = renderApp('/change-password?tab=1');
    await waitFor(() => expect(where(router)).toBe('/login?next=%2Fchange-password%3Ftab%3D1'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('sends a trial user to signup with next', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ is_trial_user: true })));
    const { router } = renderApp('/change-password');
    await waitFor(() => expect(where(router)).toBe('/signup?next=%2Fchange-password'));
  });

  it('sends an unverified user to the OTP screen with next', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ is_verified: false })));
    const { router } = renderApp('/change-password');
    await waitFor(() => expect(where(router)).toBe('/verify-otp?next=%2Fchange-password'));
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
  });

  it('sends a verified user away from the OTP screen to /', async () => {
    signIn();
    const { router } = renderApp('/verify-otp?next=%2Fchange-password');
    await waitFor(() => expect(where(router)).toBe('/'));
  });

  it('lets a verified member in', async () => {
    signIn();
    renderApp('/change-password');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
  });

  it.each(['pending', 'rejected'])('sends a %s member to /pending, which offers Logout', async (status) => {
    signIn();
    server.use(
      identityHandler(identityFixture({ membership_status: status })),
      http.post('*/api/v1/logout/', () => new HttpResponse(null, { status: 204 })),
    );
    const { router } = renderApp('/change-password');
    await waitFor(() => expect(where(router)).toBe('/pending'));
    expect(
      await screen.findByRole('heading', { name: status === 'pending' ? 'Membership pending' : 'Membership not accepted' }),
    ).toBeInTheDocument();
    // The page's own button (the header has a Logout icon too).
    const logout = screen.getAllByRole('button', { name: 'Logout' }).find((button) => button.textContent === 'Logout');
    await userEvent.click(logout!);
    await waitFor(() => expect(where(router)).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('sends an accepted member away from /pending', async () => {
    signIn();
    const { router } = renderApp('/pending');
    await waitFor(() => expect(where(router)).toBe('/'));
  });

  it('sends a signed-in user from login and signup to next', async () => {
    signIn();
    const { router } = renderApp('/signup?next=%2Fterms-and-conditions');
    await waitFor(() => expect(where(router)).toBe('/terms-and-conditions'));
    await router.navigate('/login');
    await waitFor(() => expect(where(router)).toBe('/'));
  });

  it('keeps a trial user on signup', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ is_trial_user: true })));
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  describe('admin guard', () => {
    const adminPage = [{ element: <AdminGuard />, children: [{ path: 'admin-area', element: <h1>Admin area</h1> }] }];

    it('lets in an organization admin with the admin role selected', async () => {
      signIn();
      localStorage.setItem('isAdminRole', 'true');
      server.use(
        identityHandler(
          identityFixture({ organization: { id: 1, name: 'Demo', name_slug: 'demo', domain: 'localhost', membership_role: 'admin' } }),
        ),
      );
      renderApp('/admin-area', adminPage);
      expect(await screen.findByRole('heading', { name: 'Admin area' })).toBeInTheDocument();
    });

    it('sends an admin without the admin role selected to /', async () => {
      signIn();
      server.use(
        identityHandler(
          identityFixture({ organization: { id: 1, name: 'Demo', name_slug: 'demo', domain: 'localhost', membership_role: 'admin' } }),
        ),
      );
      const { router } = renderApp('/admin-area', adminPage);
      await waitFor(() => expect(where(router)).toBe('/'));
    });

    it('sends a member with the flag set to /', async () => {
      signIn();
      localStorage.setItem('isAdminRole', 'true');
      const { router } = renderApp('/admin-area', adminPage);
      await waitFor(() => expect(where(router)).toBe('/'));
    });
  });

  it('goes to login with next when the session cannot be renewed', async () => {
    signIn();
    server.use(
      http.get('*/api/v1/identity/', () => HttpResponse.json({ detail: 'expired' }, { status: 401 })),
      http.post('*/api/v1/token/refresh/', () => HttpResponse.json({ detail: 'Token is invalid or expired' }, { status: 401 })),
    );
    const { router } = renderApp('/change-password');
    await waitFor(() => expect(where(router)).toBe('/login?next=%2Fchange-password'));
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});
