import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { recordPosts, server, signIn } from '../../../test/server';

describe('forgot password', () => {
  it('checks the address, sends it, and confirms', async () => {
    const bodies = recordPosts('forgot-password/', { message: 'Please check your email for recovery instructions' });
    renderApp('/forgot-password');
    expect(await screen.findByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    await userEvent.type(screen.getByLabelText('Email'), 'bad@address');
    await userEvent.click(screen.getByRole('button', { name: 'Send recovery email' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'maria@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send recovery email' }));
    expect(await screen.findByText('Please check your email for recovery instructions')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'maria@example.com' }]);
  });

  it('says so when recovery fails', async () => {
    server.use(http.post('*/api/v1/forgot-password/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })));
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), 'maria@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send recovery email' }));
    expect(await screen.findByText('Could not perform password recovery. Please try again later.')).toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('validates, changes the password and goes to login', async () => {
    const bodies = recordPosts('reset-password/', { message: 'Your password has been successfully changed.' });
    const { router } = renderApp('/reset-password/tok-123');
    await userEvent.type(await screen.findByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'different');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your password has been successfully changed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ token: 'tok-123', password: 'new-secret-1', confirm_password: 'new-secret-1' }]);
  });

  it('explains a bad link and offers a new one', async () => {
    server.use(
      http.post('*/api/v1/reset-password/', () =>
        HttpResponse.json({ field_errors: { token: ['This link is invalid or has expired.'] } }, { status: 400 }),
      ),
    );
    renderApp('/reset-password/old');
    await userEvent.type(await screen.findByLabelText('New password'), 'new-secret-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/This link is invalid or has expired\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('change password', () => {
  it('requires every field and a matching confirmation', async () => {
    signIn();
    renderApp('/change-password');
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    await userEvent.type(screen.getByLabelText('Current password'), 'old');
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret-2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('changes the password and keeps the session with the new tokens', async () => {
    signIn();
    const bodies = recordPosts('change-password/', { data: { access: 'NA', refresh: 'NR' }, message: 'Your password has been successfully changed.' });
    renderApp('/change-password');
    await userEvent.type(await screen.findByLabelText('Current password'), 'old-secret');
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been successfully changed.')).toBeInTheDocument();
    expect(bodies).toEqual([{ current_password: 'old-secret', new_password: 'new-secret-1' }]);
    expect(localStorage.getItem('accessToken')).toBe('NA');
    expect(localStorage.getItem('refreshToken')).toBe('NR');
  });

  it('shows the server field errors on their fields', async () => {
    signIn();
    server.use(
      http.post('*/api/v1/change-password/', () =>
        HttpResponse.json({ field_errors: { current_password: ['Your current password is incorrect.'] } }, { status: 400 }),
      ),
    );
    renderApp('/change-password');
    await userEvent.type(await screen.findByLabelText('Current password'), 'wrong');
    await userEvent.type(screen.getByLabelText('New password'), 'new-secret-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });
});
