import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../../test/renderApp';
import { server, signIn } from '../../../../test/server';
import EmailSettings from './EmailSettings';

function serveCalls(answers: { verify?: Response; resend?: Response; primary?: Response }) {
  const calls: string[] = [];
  server.use(
    http.post('*/api/v1/verify-otp/', () => {
      calls.push('verify');
      return answers.verify ?? HttpResponse.json({ message: '' });
    }),
    http.post('*/api/v1/resend-otp/', () => {
      calls.push('resend');
      return answers.resend ?? HttpResponse.json({ message: '' });
    }),
    http.post('*/api/v1/switch-email/', () => {
      calls.push('primary');
      return answers.primary ?? HttpResponse.json({ message: '' });
    }),
  );
  return calls;
}

function renderSettings(verified: boolean) {
  signIn();
  renderApp('/t/email', [
    { path: 't/email', element: <EmailSettings email="maria@example.com" alternateEmail="maria@work.example" verified={verified} /> },
  ]);
}

describe('alternate email', { timeout: 20_000 }, () => {
  it('verifies the code, and shows the code field error the server gives', async () => {
    const calls = serveCalls({
      verify: HttpResponse.json({ field_errors: { otp: ['Invalid OTP.'] } }, { status: 400 }),
    });
    renderSettings(false);
    const form = await screen.findByRole('form', { name: 'Verify alternate email' });
    await userEvent.type(within(form).getByLabelText('Verification code'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await within(form).findByText('Invalid OTP.')).toBeInTheDocument();

    serveCalls({});
    await userEvent.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Successfully verified OTP.')).toBeInTheDocument();
    expect(calls).toEqual(['verify']);
  });

  it('resends the code, with the fallback message when the call fails', async () => {
    serveCalls({ resend: HttpResponse.json({ message: 'Code sent again.' }) });
    renderSettings(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Code sent again.')).toBeInTheDocument();

    serveCalls({ resend: HttpResponse.json({ detail: 'boom' }, { status: 500 }) });
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Could not resend OTP. Please try again later.')).toBeInTheDocument();
  });

  it('makes a verified address the primary one after asking', async () => {
    const calls = serveCalls({});
    renderSettings(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Make primary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this your primary email?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make primary' }));
    expect(await screen.findByText('Successfully set as primary email')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual(['primary']);
  });
});
