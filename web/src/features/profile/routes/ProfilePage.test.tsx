import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { identityFixture } from '../../../test/fixtures';
import { identityHandler, server, signIn } from '../../../test/server';
import { profilePageFixture } from '../test/fixtures';
import { serveProfiles } from '../test/handlers';

const maria = profilePageFixture();
const sam = profilePageFixture({
  id: 8,
  first_name: 'Sam',
  last_name: 'Okafor',
  profile: { name_slug: 'sam-okafor', title: 'Product Manager', completion_percent: 40 },
});
const guru = profilePageFixture({
  id: 9,
  first_name: 'Grace',
  last_name: 'Hopper',
  is_influencer: true,
  profile: { name_slug: 'grace-hopper', career_advice: '<p>Ship early.</p>' },
});

function signInAs(overrides: Parameters<typeof identityFixture>[0] = {}) {
  signIn();
  server.use(identityHandler(identityFixture({ ...overrides })));
}

async function tabNames() {
  const tabs = await screen.findByRole('tablist', { name: 'Profile sections' });
  return within(tabs)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);
}

// Each file's first test compiles the lazily loaded pages, which is slow on a busy machine.
describe('profile page tabs', { timeout: 15_000 }, () => {
  it('shows a guest the four public tabs, read only, with Follow', async () => {
    serveProfiles({ profiles: [maria] });
    renderApp('/profile/maria-lopez');
    expect(await screen.findByRole('heading', { name: 'Maria Lopez', level: 1 })).toBeInTheDocument();
    expect(await tabNames()).toEqual(['About', 'Career Tree', 'Education and Learning', 'Career Circles']);
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('completion')).not.toBeInTheDocument();
  });

  it('gives the owner Account, the edit and import buttons and the completion in green above 60', async () => {
    signInAs({ profile: { email: 'maria@example.com', name_slug: 'maria-lopez' } });
    serveProfiles({ profiles: [maria] });
    renderApp('/profile/maria-lopez');
    expect(await tabNames()).toEqual(['About', 'Career Tree', 'Education and Learning', 'Career Circles', 'Account']);
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
    expect(screen.getByText('Profile 70% complete')).toBeInTheDocument();
    expect(screen.getByTestId('completion')).toHaveAttribute('data-colour', 'success');
  });

  it('shows the owner an orange completion at 60 or below', async () => {
    signInAs({ id: 8, profile: { email: 'sam@example.com', name_slug: 'sam-okafor' } });
    serveProfiles({ profiles: [sam] });
    renderApp('/profile/sam-okafor');
    expect(await screen.findByText('Profile 40% complete')).toBeInTheDocument();
    expect(screen.getByTestId('completion')).toHaveAttribute('data-colour', 'warning');
  });

  it('shows an influencer About and Learn from {name}, without Follow', async () => {
    signInAs();
    serveProfiles({ profiles: [guru] });
    renderApp('/profile/grace-hopper/career-advice');
    expect(await tabNames()).toEqual(['About', 'Learn from Grace']);
    expect(screen.getByRole('tab', { name: 'Learn from Grace' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Ship early.')).toBeInTheDocument();
    expect(screen.getByText('Influencer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();
  });

  it('keeps everyone but the owner off the Account tab', async () => {
    signInAs();
    serveProfiles({ profiles: [sam] });
    const { router } = renderApp('/profile/sam-okafor/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/sam-okafor'));
  });

  it('lets staff run an agent for the person and import their profile', async () => {
    signInAs({ is_staff: true });
    serveProfiles({ profiles: [sam] });
    const { router } = renderApp('/profile/sam-okafor', [{ path: 'careergps', element: <p>CareerGPS home</p> }]);
    expect(await screen.findByRole('button', { name: 'Import Profile' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Run Agent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/careergps'));
    expect(sessionStorage.getItem('beneficiary_user')).toBe('8');
  });

  it('does not offer Run Agent to members', async () => {
    signInAs();
    serveProfiles({ profiles: [sam] });
    renderApp('/profile/sam-okafor');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run Agent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import Profile' })).not.toBeInTheDocument();
  });

  it('sends /profile to the own slug, and guests to sign in', async () => {
    signInAs({ profile: { email: 'maria@example.com', name_slug: 'maria-lopez' } });
    serveProfiles({ profiles: [maria] });
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/maria-lopez'));
  });

  it('sends a guest at /profile to the login page', async () => {
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fprofile');
  });
});

describe('missing user', { timeout: 15_000 }, () => {
  it('says the user was not found, with a way home', async () => {
    serveProfiles({ profiles: [] });
    renderApp('/profile/nobody-here');
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByText('The user you are looking for does not exist or has not registered yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('offers a retry when the profile cannot load', async () => {
    server.use(http.get('*/api/v1/users/profile/:slug/', () => HttpResponse.json({}, { status: 500 })));
    renderApp('/profile/maria-lopez');
    expect(await screen.findByText('Could not fetch item')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('follow', { timeout: 15_000 }, () => {
  it('follows, then unfollows, with the spec toasts', async () => {
    signInAs();
    serveProfiles({ profiles: [sam] });
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/follow/', async ({ request }) => {
        const body = (await request.json()) as { action: string };
        bodies.push(body);
        return HttpResponse.json({ data: { followed: body.action === 'follow', followers_count: body.action === 'follow' ? 4 : 3 } });
      }),
    );
    renderApp('/profile/sam-okafor');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('You are now following Sam Okafor')).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByText('You have unfollowed Sam Okafor')).toBeInTheDocument();
    expect(bodies).toEqual([
      { id: 8, type: 'user', action: 'follow' },
      { id: 8, type: 'user', action: 'unfollow' },
    ]);
  });

  it('says so when following fails', async () => {
    signInAs();
    serveProfiles({ profiles: [sam] });
    server.use(http.post('*/api/v1/follow/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })));
    renderApp('/profile/sam-okafor');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Could not complete request')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });

  it('sends a guest to sign in first', async () => {
    serveProfiles({ profiles: [sam] });
    const { router } = renderApp('/profile/sam-okafor/experience');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/profile/sam-okafor/experience')}`);
  });
});
