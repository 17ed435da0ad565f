import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/renderApp';
import { identityHandler, server, signIn } from '../../../test/server';
import { identityFixture } from '../../../test/fixtures';

describe('pending page contact form', { timeout: 30_000 }, () => {
  it('lets a pending member write to the administrators', async () => {
    signIn();
    const posts: unknown[] = [];
    server.use(
      identityHandler(identityFixture({ membership_status: 'pending' })),
      http.post('*/api/v1/contact-starleaders/', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json({ data: {}, message: 'Your message has been sent to the administrators.' }, { status: 201 });
      }),
    );
    renderApp('/pending');
    await userEvent.click(await screen.findByRole('button', { name: 'Contact form' }));
    const form = screen.getByRole('form', { name: 'Contact form' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findAllByText('This field is required')).toHaveLength(2);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Subject' }), 'My membership');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Message' }), 'I applied last week.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText('Your message has been sent to the administrators.')).not.toHaveLength(0);
    expect(posts).toEqual([{ subject: 'My membership', message: 'I applied last week.' }]);
  });

  it('says so when the message cannot be sent', async () => {
    signIn();
    server.use(
      identityHandler(identityFixture({ membership_status: 'rejected' })),
      http.post('*/api/v1/contact-starleaders/', () => HttpResponse.json({ detail: 'down' }, { status: 500 })),
    );
    renderApp('/pending');
    await userEvent.click(await screen.findByRole('button', { name: 'Contact form' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Subject' }), 'Please reconsider');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'I am a student.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Could not send contact email.')).toBeInTheDocument();
  });
});
