import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';

describe('feedback page', { timeout: 30_000 }, () => {
  it('needs both fields, sends them and thanks the member', async () => {
    signIn();
    const posts: unknown[] = [];
    server.use(
      http.post('*/api/v1/feedback/', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json({ data: {}, message: 'Thank you for your feedback.' }, { status: 201 });
      }),
    );
    renderApp('/feedback');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.type(title, 'Love it');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('Please fill up both title and description')).not.toHaveLength(0);
    expect(posts).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), '  More circles please ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(posts).toEqual([{ title: 'Love it', content: 'More circles please' }]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue(''));
  });

  it('says so when the feedback cannot be sent, with the server field errors on the fields', async () => {
    signIn();
    server.use(
      http.post('*/api/v1/feedback/', () =>
        HttpResponse.json({ field_errors: { title: ['Ensure this field has no more than 200 characters.'] } }, { status: 400 }),
      ),
    );
    renderApp('/feedback');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'A title');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Text');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Could not submit feedback.')).toBeInTheDocument();
    expect(screen.getByText('Ensure this field has no more than 200 characters.')).toBeInTheDocument();
  });
});
