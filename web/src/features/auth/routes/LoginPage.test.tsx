import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { authConfigHandler, recordPosts, server } from '../../../test/server';
import { authConfigFixture } from '../../../test/fixtures';
import { stubMatchMedia } from '../../../test/mediaQueries';

async function fill(email: string, password: string) {
  const emailField = await screen.findByLabelText('Email');
  if (email) await userEvent.type(emailField, email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('login page', () => {
  it('leaves the hero out on a phone', async () => {
    // Every max-width query matches: as narrow as a phone.
    stubMatchMedia((query) => query.includes('max-width'));
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    // By the time the auth configuration is in, a lazily loaded hero would be there too.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled());
    expect(screen.queryByRole('heading', { name: 'Grow your career in the age of AI' })).not.toBeInTheDocument();
  });

  it('shows the landing hero, the links and the social icons', async () => {
    renderApp('/login?next=%2Fcircles');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    // The hero loads where it is shown (md and up; jsdom has no media queries, so here).
    expect(await screen.findByRole('heading', { name: 'Grow your career in the age of AI' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup?next=%2Fcircles');
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    for (const provider of ['Google', 'Facebook', 'LinkedIn']) {
      expect(await screen.findByRole('button', { name: `Continue with ${provider}` })).toBeDisabled();
    }
  });

  it('marks providers the site has not set up as not available', async () => {
    server.use(
      authConfigHandler(
        authConfigFixture({
          social: { google: { client_id: 'g', authorize_url: 'https://accounts.example/auth' }, facebook: null, linkedin: null },
        }),
      ),
    );
    renderApp('/login');
    const google = await screen.findByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(google).toBeEnabled());
    const facebook = screen.getByLabelText('Facebook: Not available on this site');
    expect(within(facebook).getByRole('button')).toBeDisabled();
    await userEvent.hover(facebook);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Not available on this site');
  });

  it('validates the fields', async () => {
    renderApp('/login');
    await fill('', '');
    expect(await screen.findByText('Please enter an email')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'not an email');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
  });

  it('focuses the first field in error and checks a field again as it changes', async () => {
    renderApp('/login');
    await fill('', 'secret');
    expect(await screen.findByText('Please enter an email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Email'), 'maria@');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'example.com');
    await waitFor(() => expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false');
  });

  it('puts a server field error on its field', async () => {
    server.use(
      http.post('*/api/v1/token/', () =>
        HttpResponse.json({ field_errors: { password: ['This password is too short.'] } }, { status: 400 }),
      ),
    );
    renderApp('/login');
    await fill('maria@example.com', 'x');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This password is too short.');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('signs in, stores the tokens and goes to next', async () => {
    const bodies = recordPosts('token/', { data: { access: 'A', refresh: 'R' } });
    const { router } = renderApp('/login?next=%2Fterms-and-conditions');
    await fill('maria@example.com', 'waypoint-demo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms-and-conditions'));
    expect(bodies).toEqual([{ username: 'maria@example.com', password: 'waypoint-demo' }]);
    expect(localStorage.getItem('accessToken')).toBe('A');
    expect(localStorage.getItem('refreshToken')).toBe('R');
    // Signed in now: the account menu instead of Login.
    expect(await screen.findByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows the server detail when the credentials are wrong', async () => {
    server.use(
      http.post('*/api/v1/token/', () =>
        HttpResponse.json({ detail: 'No active account found with the given credentials' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/login');
    await fill('maria@example.com', 'wrong');
    expect((await screen.findAllByText('No active account found with the given credentials')).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('keeps follow=true (and join=true) when going on to next or to signup', async () => {
    server.use(http.post('*/api/v1/token/', () => HttpResponse.json({ data: { access: 'A', refresh: 'R' } })));
    const { router } = renderApp('/login?next=%2Fterms-and-conditions&follow=true');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup?next=%2Fterms-and-conditions%3Ffollow%3Dtrue',
    );
    await fill('maria@example.com', 'waypoint-demo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms-and-conditions'));
    expect(router.state.location.search).toBe('?follow=true');
  });
});
