import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { authConfigHandler, server } from '../../../test/server';
import { authConfigFixture } from '../../../test/fixtures';
import { meetsDifficulty } from '../botcheck/pow';

const SUCCESS = 'Successful registration. We have sent an OTP to your email for verification. Please check your email.';

async function fillForm(overrides: Partial<Record<'first' | 'last' | 'email' | 'password' | 'confirm', string>> = {}) {
  const values = { first: 'Ada', last: 'Lovelace', email: 'ada@example.com', password: 'secret-pass', confirm: 'secret-pass', ...overrides };
  const first = await screen.findByLabelText('First name');
  if (values.first) await userEvent.type(first, values.first);
  if (values.last) await userEvent.type(screen.getByLabelText('Last name'), values.last);
  if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await userEvent.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await userEvent.type(screen.getByLabelText('Confirm password'), values.confirm);
}

const signupButton = () => screen.getByRole('button', { name: 'Signup' });

describe('signup page', () => {
  it('validates every field with the spec messages', async () => {
    renderApp('/signup');
    await fillForm({ first: '', last: '', email: 'nope', password: 'short', confirm: 'other' });
    await waitFor(() => expect(signupButton()).toBeEnabled());
    await userEvent.click(signupButton());
    expect(await screen.findByText('First name must be at least 1 characters')).toBeInTheDocument();
    expect(screen.getByText('Last name must be at least 1 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.click(signupButton());
    expect(await screen.findByText('Please enter an email')).toBeInTheDocument();
  });

  it('keeps the whole query string on the link back to login, and checks the newsletter box', async () => {
    renderApp('/signup?next=%2Fcircles&join=abc');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fcircles&join=abc');
    expect(screen.getByRole('checkbox', { name: 'Send me the newsletter' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  });

  it('toggles the newsletter box from the keyboard and by its label', async () => {
    renderApp('/signup');
    await userEvent.click(await screen.findByLabelText('Confirm password'));
    await userEvent.tab();
    const box = screen.getByRole('checkbox', { name: 'Send me the newsletter' });
    expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByText('Send me the newsletter'));
    expect(box).toBeChecked();
  });

  it('shows the proof of work under way with a labelled progress bar', async () => {
    server.use(
      authConfigHandler(authConfigFixture({ botcheck: { provider: 'pow', site_key: null } })),
      http.get('*/api/v1/botcheck/challenge/', () => delay('infinite')),
    );
    renderApp('/signup');
    expect(await screen.findByText('Checking that you are human…')).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Bot-check progress' })).toBeInTheDocument();
    expect(signupButton()).toBeDisabled();
  });

  it('keeps Signup disabled until the proof of work is solved, then sends the answer', async () => {
    server.use(
      authConfigHandler(authConfigFixture({ botcheck: { provider: 'pow', site_key: null } })),
      http.get('*/api/v1/botcheck/challenge/', () => HttpResponse.json({ data: { challenge: 'abc123', difficulty: 6 } })),
    );
    let body: Record<string, unknown> = {};
    server.use(
      http.post('*/api/v1/register/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: { access: 'A', refresh: 'R' }, message: 'Welcome aboard.', redirect_to_login: false }, { status: 201 });
      }),
      http.get('*/api/v1/identity/', () => HttpResponse.json({ data: null }, { status: 503 })),
    );
    const { router } = renderApp('/signup?next=%2Fcircles');
    await screen.findByLabelText('First name');
    expect(signupButton()).toBeDisabled();
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    await waitFor(() => expect(signupButton()).toBeEnabled());
    await fillForm();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Send me the newsletter' }));
    await userEvent.click(signupButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-otp'));
    expect(router.state.location.search).toBe('?next=%2Fcircles');
    expect(await screen.findByText('Welcome aboard.')).toBeInTheDocument();
    const [challenge, nonce] = String(body.recaptcha_response).split(':');
    expect(challenge).toBe('abc123');
    expect(meetsDifficulty('abc123', Number(nonce), 6)).toBe(true);
    expect(body).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      username: 'ada@example.com',
      password: 'secret-pass',
      confirm_password: 'secret-pass',
      subscribe_to_newsletter: false,
      profile_type: 'individual',
    });
    expect(localStorage.getItem('accessToken')).toBe('A');
  });

  it('logs in with the email and password when the server says redirect_to_login', async () => {
    let loginBody: unknown;
    server.use(
      http.post('*/api/v1/register/', () => HttpResponse.json({ message: '', redirect_to_login: true }, { status: 201 })),
      http.post('*/api/v1/token/', async ({ request }) => {
        loginBody = await request.json();
        return HttpResponse.json({ data: { access: 'LA', refresh: 'LR' } });
      }),
      http.get('*/api/v1/identity/', () => HttpResponse.json({ data: null }, { status: 503 })),
    );
    const { router } = renderApp('/signup');
    await fillForm();
    await waitFor(() => expect(signupButton()).toBeEnabled());
    await userEvent.click(signupButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-otp'));
    expect(loginBody).toEqual({ username: 'ada@example.com', password: 'secret-pass' });
    expect(localStorage.getItem('accessToken')).toBe('LA');
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
  });

  it('puts field errors on their fields with the signup toast', async () => {
    server.use(
      http.post('*/api/v1/register/', () =>
        HttpResponse.json({ field_errors: { email: ['A user with this email already exists.'] } }, { status: 400 }),
      ),
    );
    renderApp('/signup');
    await fillForm();
    await waitFor(() => expect(signupButton()).toBeEnabled());
    await userEvent.click(signupButton());
    expect(await screen.findByText('A user with this email already exists.')).toBeInTheDocument();
    expect(screen.getByText('Could not signup. Please try again later.')).toBeInTheDocument();
  });

  it('shows the first non-field error, and a fallback when there is nothing to show', async () => {
    let answer: Record<string, unknown> = { non_field_errors: ['Please complete the reCAPTCHA', 'second'] };
    server.use(http.post('*/api/v1/register/', () => HttpResponse.json(answer, { status: 400 })));
    renderApp('/signup');
    await fillForm();
    await waitFor(() => expect(signupButton()).toBeEnabled());
    await userEvent.click(signupButton());
    expect(await screen.findByText('Please complete the reCAPTCHA')).toBeInTheDocument();
    expect(screen.queryByText('second')).not.toBeInTheDocument();
    answer = {};
    await waitFor(() => expect(signupButton()).toBeEnabled());
    await userEvent.click(signupButton());
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('keeps join=true through the OTP step, so the group page goes on joining', async () => {
    server.use(
      http.post('*/api/v1/register/', () =>
        HttpResponse.json({ data: { access: 'A', refresh: 'R' }, message: 'Welcome aboard.', redirect_to_login: false }, { status: 201 }),
      ),
      http.get('*/api/v1/identity/', () => HttpResponse.json({ data: null }, { status: 503 })),
    );
    const { router } = renderApp('/signup?next=%2Fcircle%2Fai-foundations&join=true');
    await fillForm();
    await waitFor(() => expect(signupButton()).toBeEnabled());
    await userEvent.click(signupButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-otp'));
    expect(router.state.location.search).toBe('?next=%2Fcircle%2Fai-foundations%3Fjoin%3Dtrue');
  });
});
