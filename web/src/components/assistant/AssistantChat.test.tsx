import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { identityHandler, server, signIn } from '../../test/server';
import { identityFixture } from '../../test/fixtures';
import AssistantChat from './AssistantChat';
import type { AmaChat } from '../../lib/recommendations/types';

const THANKS = 'Thank you for your feedback! Your input is invaluable to us and will help us improve.';

function chat(id: number, question: string): AmaChat {
  const at = '2026-11-26T10:00:00Z';
  return {
    id,
    parent_chat: null,
    question,
    timestamp: at,
    rating: null,
    question_message: { id: `${id}-question`, sender: 'user', timestamp: at, messages: [{ type: 'text', value: question }] },
    answer: {
      id: String(id),
      sender: 'assistant',
      timestamp: at,
      messages: [
        {
          type: 'recommendations',
          value: {
            items: [
              {
                id: 3,
                type: 'circle',
                slug: 'prompt-engineering-practice-circle',
                name: 'Prompt Engineering Practice Circle',
                title: 'Prompt Engineering Practice Circle',
                reason: 'Matches “prompt engineering”.',
                description: '',
                image_path: null,
              },
            ],
          },
        },
        { type: 'text', value: 'Here is what I found on this site.' },
        { type: 'relevant_questions', value: ['How do I find a mentor in my field?'] },
      ],
    },
  };
}

function page() {
  return [{ path: 'ama-test', element: <AssistantChat /> }];
}

function handlers(ask: Parameters<typeof http.post>[1], feedback: unknown[] = []) {
  server.use(
    http.get('/api/v1/ask-me-anything/', () => HttpResponse.json({ data: [], pagination: { count: 0, next: null } })),
    http.post('/api/v1/ask-me-anything/', ask),
    http.post('/api/v1/ama-feedback/', async ({ request }) => {
      feedback.push(await request.json());
      return HttpResponse.json({ data: {}, message: THANKS });
    }),
  );
}

describe('the assistant chat', { timeout: 30_000 }, () => {
  it('answers with the recommended items and follow-up questions, then offers a rating', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ user_subscription: { use_ama: true } as never })));
    const sent: unknown[] = [];
    handlers(async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ data: chat(41, 'Which circles teach prompt engineering?') });
    }, sent);
    const user = userEvent.setup();
    renderApp('/ama-test', page());
    fireEvent.change(await screen.findByLabelText('Ask me anything about your career'), {
      target: { value: 'Which circles teach prompt engineering?' },
    });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const answer = await screen.findByTestId('ama-answer');
    expect(within(answer).getByRole('link', { name: 'Prompt Engineering P…' })).toHaveAttribute(
      'href',
      '/circle/prompt-engineering-practice-circle',
    );
    expect(sent[0]).toEqual({ question: 'Which circles teach prompt engineering?', parent_chat: null });
    await within(answer).findByText('How do I find a mentor in my field?');
    expect(within(answer).getByText('Rate this answer')).toBeInTheDocument();
  });

  it('offers an upgrade instead of sending without use_ama', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ user_subscription: { use_ama: false } as never })));
    let asked = 0;
    handlers(() => {
      asked += 1;
      return HttpResponse.json({ data: chat(1, 'x') });
    });
    const user = userEvent.setup();
    renderApp('/ama-test', page());
    fireEvent.change(await screen.findByLabelText('Ask me anything about your career'), { target: { value: 'jobs in Kenya' } });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade to use the assistant' })).toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('marks a failed question and sends it again', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ user_subscription: { use_ama: true } as never })));
    let calls = 0;
    handlers(() => {
      calls += 1;
      return calls === 1 ? HttpResponse.json({ detail: 'boom' }, { status: 500 }) : HttpResponse.json({ data: chat(2, 'hello') });
    });
    const user = userEvent.setup();
    renderApp('/ama-test', page());
    fireEvent.change(await screen.findByLabelText('Ask me anything about your career'), { target: { value: 'hello' } });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(await screen.findByTestId('ama-answer')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
