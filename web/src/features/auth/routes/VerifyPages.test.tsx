import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { identityHandler, recordPosts, server, signIn } from '../../../test/server';
import { identityFixture } from '../../../test/fixtures';

const boxes = () => screen.getAllByRole('textbox', { name: /^OTP character/ });

function unverified() {
  signIn();
  server.use(identityHandler(identityFixture({ is_verified: false })));
}

describe('OTP screen', () => {
  it('moves on as characters are typed and back on Backspace; Verify waits for six', async () => {
    unverified();
    renderApp('/verify-otp');
    await screen.findByRole('heading', { name: 'Verify your email' });
    expect(boxes()).toHaveLength(6);
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await userEvent.click(boxes()[0]!);
    await userEvent.keyboard('12345');
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '']);
    expect(boxes()[5]).toHaveFocus();
    expect(verify).toBeDisabled();
    await userEvent.keyboard('{Backspace}');
    expect(boxes()[4]).toHaveFocus();
    expect((boxes()[4] as HTMLInputElement).value).toBe('');
    await userEvent.keyboard('56');
    expect(verify).toBeEnabled();
  });

  it('spreads a pasted code over the boxes, verifies and goes to next', async () => {
    unverified();
    const bodies = recordPosts('verify-otp/', { message: 'OTP verified successfully' });
    const { router } = renderApp('/verify-otp?next=%2Fchange-password');
    await screen.findByRole('heading', { name: 'Verify your email' });
    await userEvent.click(boxes()[0]!);
    await userEvent.paste('48 21 9a');
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['4', '8', '2', '1', '9', 'a']);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'));
    expect(await screen.findByText('OTP verified successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ otp: '48219a', type: 'registration' }]);
  });

  it('shows a wrong code on the boxes', async () => {
    unverified();
    server.use(
      http.post('*/api/v1/verify-otp/', () => HttpResponse.json({ field_errors: { otp: ['Invalid OTP.'] } }, { status: 400 })),
    );
    renderApp('/verify-otp');
    await screen.findByRole('heading', { name: 'Verify your email' });
    await userEvent.click(boxes()[0]!);
    await userEvent.paste('000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid OTP.')).toBeInTheDocument();
  });

  it('resends the code, and shows why when it cannot', async () => {
    unverified();
    let fail = false;
    server.use(
      http.post('*/api/v1/resend-otp/', () =>
        fail
          ? HttpResponse.json({ non_field_errors: ['Please wait a minute before asking again.'] }, { status: 400 })
          : HttpResponse.json({ message: 'OTP resent successfully. Please check your email.' }),
      ),
    );
    renderApp('/verify-otp');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('OTP resent successfully. Please check your email.')).toBeInTheDocument();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Please wait a minute before asking again.')).toBeInTheDocument();
  });

  it('falls back to "Something went wrong" when a resend fails without a reason', async () => {
    unverified();
    server.use(http.post('*/api/v1/resend-otp/', () => HttpResponse.json({}, { status: 400 })));
    renderApp('/verify-otp');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('email verification page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies, starts the session and goes home after two seconds', async () => {
    const bodies = recordPosts('users/verify-email/', { data: { access_token: 'VA', refresh_token: 'VR' }, message: 'Verified.' });
    const { router } = renderApp('/verify-email/key-1');
    expect(await screen.findByRole('heading', { name: 'Verifying…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Verified' })).toBeInTheDocument();
    expect(bodies).toEqual([{ verification_key: 'key-1' }]);
    expect(localStorage.getItem('accessToken')).toBe('VA');
    expect(localStorage.getItem('refreshToken')).toBe('VR');
    expect(router.state.location.pathname).toBe('/verify-email/key-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 4000 });
  });

  it('says when verification failed', async () => {
    server.use(http.post('*/api/v1/users/verify-email/', () => HttpResponse.json({ detail: 'Invalid key.' }, { status: 400 })));
    renderApp('/verify-email/bad');
    expect(await screen.findByText('There was an error verifying your email. Please try again.')).toBeInTheDocument();
  });

  it('asks for a token when there is none', async () => {
    renderApp('/verify-email');
    expect(await screen.findByRole('heading', { name: 'Invalid Request' })).toBeInTheDocument();
    expect(screen.getByText('Please provide a valid verification token.')).toBeInTheDocument();
  });
});

describe('social sign-in return', () => {
  it('signs in with the Google token from the fragment and goes to the saved next', async () => {
    sessionStorage.setItem('socialSignIn', JSON.stringify({ provider: 'google', state: 's1', next: '/terms-and-conditions' }));
    const bodies = recordPosts('google/login/', { data: { access: 'GA', refresh: 'GR' } });
    const { router } = renderApp('/social/google#access_token=tok&state=s1&token_type=Bearer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms-and-conditions'));
    expect(bodies).toEqual([{ access_token: 'tok' }]);
    expect(localStorage.getItem('accessToken')).toBe('GA');
  });

  it('sends the LinkedIn code with the redirect address', async () => {
    sessionStorage.setItem('socialSignIn', JSON.stringify({ provider: 'linkedin', state: 's2', next: '/' }));
    const bodies = recordPosts('linkedin/login/', { data: { access: 'LA', refresh: 'LR' } });
    const { router } = renderApp('/linkedin?code=c0de&state=s2');
    await waitFor(() => expect(localStorage.getItem('accessToken')).toBe('LA'));
    expect(bodies).toEqual([{ code: 'c0de', redirect_uri: `${window.location.origin}/linkedin` }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('refuses a state it did not send', async () => {
    sessionStorage.setItem('socialSignIn', JSON.stringify({ provider: 'linkedin', state: 'mine', next: '/' }));
    renderApp('/linkedin?code=c0de&state=forged');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows the provider message', async () => {
    sessionStorage.setItem('socialSignIn', JSON.stringify({ provider: 'facebook', state: 's3', next: '/' }));
    server.use(http.post('*/api/v1/facebook/login/', () => HttpResponse.json({ detail: 'Facebook says no.' }, { status: 400 })));
    renderApp('/social/facebook#access_token=t&state=s3');
    expect(await screen.findByText('Facebook says no.')).toBeInTheDocument();
  });
});

