import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../test/renderApp';
import { configHandler, server } from '../test/server';
import { configFixture } from '../test/fixtures';

const BANNER = 'The Future Belongs to Those Who Embrace AI — Will You?';

/** jsdom has no media queries, so the shell is in its narrow layout: the menu is a drawer. */
async function openMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
  return screen.findByRole('navigation', { name: 'Main menu' });
}

const sectionTitles = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('guest top bar and banner', () => {
  it('gives guests Login and Signup buttons that carry next', async () => {
    renderApp('/terms-and-conditions?from=menu');
    const login = await screen.findByRole('link', { name: 'Login' });
    expect(login).toHaveAttribute('href', '/login?next=%2Fterms-and-conditions%3Ffrom%3Dmenu');
    expect(screen.getByRole('link', { name: 'Signup' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fterms-and-conditions%3Ffrom%3Dmenu',
    );
  });

  it('updates next as the guest moves around', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?next=%2F');
    await router.navigate('/circles?status=open');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?next=%2Fcircles%3Fstatus%3Dopen'),
    );
  });

  it('shows the guest banner with Sign Up Now', async () => {
    renderApp('/terms-and-conditions');
    const banner = await screen.findByRole('complementary', { name: 'Sign up' });
    expect(within(banner).getByText(BANNER)).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fterms-and-conditions',
    );
  });

  it('hides the guest banner and buttons for a signed-in user', async () => {
    localStorage.setItem('accessToken', 'token');
    renderApp('/terms-and-conditions');
    await screen.findByRole('heading', { name: 'Terms and Conditions' });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it('titles the page with the organization name and links its logo home', async () => {
    server.use(configHandler(configFixture({ organization: { name: 'Acme Careers', logo: '/logo.png' } })));
    renderApp('/terms-and-conditions');
    const logo = await screen.findByRole('img', { name: 'Acme Careers' });
    expect(logo).toHaveAttribute('src', '/logo.png');
    expect(logo.closest('a')).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Acme Careers'));
  });

  it('shows the name when there is no logo', async () => {
    renderApp('/terms-and-conditions');
    const home = await screen.findByRole('link', { name: 'Waypoint Demo home' });
    expect(home).toHaveTextContent('Waypoint Demo');
    expect(within(home).queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('side menu', () => {
  it('has every section when connect and job menus are on', async () => {
    renderApp('/terms-and-conditions');
    const nav = await openMenu();
    expect(sectionTitles(nav)).toEqual(['Navigation', 'Community', 'Resources & Jobs', 'My Collections']);
    expect(within(nav).getByRole('link', { name: 'Event' })).toHaveAttribute('href', '/events');
    expect(within(nav).getByRole('link', { name: 'Job Board' })).toHaveAttribute('href', '/jobs');
    expect(within(nav).getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/connect');
    expect(within(nav).getByRole('link', { name: "What's happening" })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Waypoint' })).toHaveAttribute('href', 'https://waypoint.app');
  });

  it('follows the tenant flags', async () => {
    server.use(
      configHandler(
        configFixture({ ui: { show_connect_menu: false, show_job_menu: false, host_variant: 'star', show_powered_by: false } }),
      ),
    );
    renderApp('/terms-and-conditions');
    const nav = await openMenu();
    expect(sectionTitles(nav)).toEqual(['Navigation', 'Resources', 'My Collections']);
    expect(within(nav).queryByRole('link', { name: 'Connect' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Job Board' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Event' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'AI Tools' })).toHaveAttribute('href', '/ai-tools');
    expect(screen.queryByText(/Powered by/)).not.toBeInTheDocument();
  });

  it('closes the drawer after choosing a page', async () => {
    renderApp('/terms-and-conditions');
    const nav = await openMenu();
    // The modal drawer hides the rest of the page from assistive technology, the menu button too.
    expect(screen.getByRole('button', { name: 'Open menu', hidden: true })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(nav).getByRole('link', { name: 'Resource Hub' }));
    expect(await screen.findByRole('heading', { name: 'Resource Hub' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
  });
});

describe('missing pages and failures', () => {
  it('shows the 404 page for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oops! 404 - Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');
  });

  it('goes home from the 404 page', async () => {
    const { router } = renderApp('/no/such/page');
    await userEvent.click(await screen.findByRole('link', { name: 'Go to Home Page' }));
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the error fallback when the configuration cannot load', async () => {
    server.use(http.get('*/api/v1/app-config-group/', () => HttpResponse.json({ detail: 'down' }, { status: 500 })));
    renderApp('/');
    expect(await screen.findByText('Something went wrong!', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Please be patient, we are currently fixing the issue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');
    // Nothing toasted on top of the page: the configuration query is silent.
    expect(screen.queryByText('A server error occurred. Please try again later.')).not.toBeInTheDocument();
  });

  it('shows the error fallback, titled with the organization, when a page fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(configHandler(configFixture({ organization: { name: 'Acme Careers' } })));
    document.title = 'before';
    function Broken(): never {
      throw new Error('broken page');
    }
    renderApp('/broken', [{ path: 'broken', Component: Broken }]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    expect(screen.getByText('Please be patient, we are currently fixing the issue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home Page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Acme Careers'));
    consoleError.mockRestore();
  });

  it('reloads on Refresh', async () => {
    server.use(http.get('*/api/v1/app-config-group/', () => HttpResponse.json({}, { status: 500 })));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }, { timeout: 4000 }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});

describe('terms and conditions', () => {
  it('names the host and the organization', async () => {
    renderApp('/terms-and-conditions');
    expect(
      await screen.findByText(`The terms of use of ${window.location.host}, the community of Waypoint Demo.`),
    ).toBeInTheDocument();
    expect(screen.getAllByText(new RegExp(window.location.host.replace('.', '\\.'))).length).toBeGreaterThan(3);
  });
});
