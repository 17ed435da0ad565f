import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';
import { paged, serveFilterOptions, serveList } from '../../components/lists/testing';
import { aiToolFixture as tool } from '../../test/fixtures';

/** The list and the vote call as the server keeps them; `fail` makes the vote answer 500. */
function serveTools(fail = false) {
  const state = { score: 1499, vote: 'neutral', calls: [] as string[] };
  serveFilterOptions();
  serveList('ai-tools/', () => paged([tool({ vote_score: state.score, user_vote_type: state.vote })]));
  server.use(
    http.post('*/api/v1/vote/', async ({ request }) => {
      const body = (await request.json()) as { vote_type: string };
      state.calls.push(body.vote_type);
      if (fail) return HttpResponse.json({ detail: 'boom' }, { status: 500 });
      const weight = (v: string) => (v === 'upvote' ? 1 : v === 'downvote' ? -1 : 0);
      state.score += weight(body.vote_type) - weight(state.vote);
      state.vote = body.vote_type;
      return HttpResponse.json({ total_score: state.score, user_vote: state.vote });
    }),
  );
  return state;
}

describe('AI tools and the vote button', { timeout: 30_000 }, () => {
  it('lists the tools with 2 categories per card and abbreviated counts', async () => {
    serveTools();
    renderApp('/ai-tools');
    expect(await screen.findByRole('heading', { name: 'AI Tools' })).toBeInTheDocument();
    const card = (await screen.findByText('Draft Writer')).closest('.MuiCard-root') as HTMLElement;
    expect(within(card).getByTestId('vote-score')).toHaveTextContent('1.5k');
    expect(within(card).queryByText('research')).not.toBeInTheDocument();
  });

  it('sends guests who vote to sign in with next', async () => {
    serveTools();
    const { router } = renderApp('/ai-tools');
    await userEvent.click(await screen.findByRole('button', { name: 'Upvote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/ai-tools')}`);
  });

  it('moves the score by one, then by two when switching, and back to neutral', async () => {
    signIn();
    const state = serveTools();
    renderApp('/ai-tools');
    const up = await screen.findByRole('button', { name: 'Upvote' });
    await userEvent.click(up);
    await waitFor(() => expect(screen.getByTestId('vote-score')).toHaveTextContent('1.5k'));
    await waitFor(() => expect(up).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(screen.getByRole('button', { name: 'Downvote' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Downvote' })).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(screen.getByRole('button', { name: 'Downvote' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Downvote' })).toHaveAttribute('aria-pressed', 'false'));
    expect(state.calls).toEqual(['upvote', 'downvote', 'neutral']);
    expect(state.score).toBe(1499);
  });

  it('says Something went wrong and resets to neutral when the vote fails', async () => {
    signIn();
    serveTools(true);
    renderApp('/ai-tools');
    await userEvent.click(await screen.findByRole('button', { name: 'Upvote' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the missing-page text for an unknown tool', async () => {
    serveFilterOptions();
    server.use(http.get('*/api/v1/ai-tools/slug/:slug/', () => HttpResponse.json({ detail: 'Sorry' }, { status: 404 })));
    renderApp('/ai-tool/nothing');
    expect(await screen.findByText('Sorry, the page you are looking for does not exist.')).toBeInTheDocument();
  });
});
