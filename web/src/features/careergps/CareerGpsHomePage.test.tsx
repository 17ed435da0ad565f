import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { configHandler, server, signIn } from '../../test/server';
import { configFixture } from '../../test/fixtures';
import { homeTabs, resourceHubPath } from './home';
import { agentFixture } from './testing';

const TITLE = 'Unlock Your Career Potential with AI';

function withFocus(primary_focus: 'learn_ai_skills' | 'career_development' | 'both') {
  server.use(configHandler(configFixture({ ui: { primary_focus } })));
}

function tabNames(): string[] {
  return within(screen.getByRole('tablist', { name: 'CareerGPS paths' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent ?? '');
}

describe('homeTabs', () => {
  it('puts the stored focus area first, else the site primary focus, else AI skills', () => {
    expect(homeTabs('both', null)).toEqual(['learn_ai_skills', 'career_development']);
    expect(homeTabs('career_development', null)).toEqual(['career_development', 'learn_ai_skills']);
    expect(homeTabs('learn_ai_skills', 'career_development')).toEqual(['career_development', 'learn_ai_skills']);
    expect(homeTabs('career_development', 'both')).toEqual(['career_development', 'learn_ai_skills']);
    expect(homeTabs(undefined, 'nonsense')).toEqual(['learn_ai_skills', 'career_development']);
    expect(resourceHubPath([4, 2])).toBe('/resourcehub?topic_areas=4,2');
  });
});

describe('the CareerGPS home', { timeout: 20_000 }, () => {
  it('shows the four AI skills steps first by default, each with its link', async () => {
    withFocus('both');
    renderApp('/careergps');
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Learn AI Skills', 'Career Development']);
    expect(screen.getByRole('tab', { name: 'Learn AI Skills' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    const steps = within(panel).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    // One level under the page's h1, so that the headings descend in order (issue 30).
    const first = within(steps[0]!).getByRole('heading', { level: 2, name: /Take the AI Readiness Assessment/ });
    expect(first).toHaveTextContent('Step 1');
    expect(within(steps[3]!).getByRole('heading', { name: /Advance your career/ })).toHaveTextContent('Step 4');
    expect(within(panel).getByRole('link', { name: 'Start AIRA' })).toHaveAttribute('href', '/careergps/aira');
    expect(within(panel).getByRole('link', { name: 'Explore use cases' })).toHaveAttribute('href', '/usecases');
    expect(within(panel).getByRole('link', { name: 'Browse circles' })).toHaveAttribute('href', '/circles');
    expect(within(panel).getByRole('link', { name: 'Advance your career' })).toHaveAttribute(
      'href',
      '/careergps?agent_type=career_assistant',
    );
  });

  it('orders the tabs by ui.primary_focus and switches with the keyboard', async () => {
    withFocus('career_development');
    const user = userEvent.setup();
    renderApp('/agent');
    await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(tabNames()).toEqual(['Career Development', 'Learn AI Skills']);
    const career = screen.getByRole('tab', { name: 'Career Development' });
    expect(career).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Start Interest Explorer' })).toHaveAttribute('href', '/careergps/interest-explorer');

    career.focus();
    await user.keyboard('{ArrowRight}');
    const ai = screen.getByRole('tab', { name: 'Learn AI Skills' });
    expect(ai).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(ai).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Start AIRA' })).toBeInTheDocument();
  });

  it('a member stored focus area wins over the site setting', async () => {
    withFocus('learn_ai_skills');
    signIn();
    localStorage.setItem('portal', 'career_development');
    renderApp('/careergps');
    await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(tabNames()).toEqual(['Career Development', 'Learn AI Skills']);
    localStorage.removeItem('portal');
  });

  it('the focus areas dialog lists topic areas by name and opens the resource hub for the chosen ones', async () => {
    withFocus('career_development');
    server.use(
      http.get('*/api/v1/topic-areas/', () =>
        HttpResponse.json({
          data: [
            { id: 9, name: 'Software' },
            { id: 4, name: 'Data Science' },
            { id: 2, name: 'AI Ethics' },
          ],
          pagination: { count: 3, next: null },
        }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/careergps');
    await user.click(await screen.findByRole('button', { name: 'Choose focus areas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select your career focus areas' });
    await within(dialog).findByRole('checkbox', { name: 'Software' });
    const names = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(names).toEqual(['AI Ethics', 'Data Science', 'Software']);
    const next = within(dialog).getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Software' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Data Science' }));
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/resourcehub'));
    expect(router.state.location.search).toBe('?topic_areas=9,4');
  });

  it('Back closes the focus areas dialog', async () => {
    withFocus('career_development');
    server.use(http.get('*/api/v1/topic-areas/', () => HttpResponse.json({ data: [], pagination: { count: 0, next: null } })));
    const user = userEvent.setup();
    renderApp('/careergps');
    await user.click(await screen.findByRole('button', { name: 'Choose focus areas' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists the agents of the chosen type, and a member votes on one', async () => {
    signIn();
    const votes: unknown[] = [];
    server.use(
      http.get('*/api/v1/agents/', () =>
        HttpResponse.json({
          data: [agentFixture({ id: 7, name: 'Career Coach', agent_type: 'career_assistant', vote_score: 4, user_vote_type: 'neutral' })],
          pagination: { count: 1, next: null },
        }),
      ),
      http.post('*/api/v1/vote/', async ({ request }) => {
        votes.push(await request.json());
        return HttpResponse.json({ total_score: 5, user_vote: 'upvote' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/careergps?agent_type=career_assistant');
    expect(await screen.findByRole('heading', { level: 2, name: 'Advance your career with the career assistant' })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { level: 3, name: 'Career Coach' })).closest('.MuiCard-root') as HTMLElement;
    const votesFor = within(card).getByRole('group', { name: 'Votes for Career Coach' });
    expect(within(votesFor).getByTestId('vote-score')).toHaveTextContent('4');
    await user.click(within(votesFor).getByRole('button', { name: 'Upvote' }));
    await waitFor(() => expect(votes).toEqual([{ content_type: 'agentbuilder', object_id: 7, vote_type: 'upvote' }]));
    expect(within(votesFor).getByTestId('vote-score')).toHaveTextContent('5');
    expect(within(votesFor).getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('is the home under the landing hero for guests', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grow your career in the age of AI' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: TITLE })).toBeInTheDocument();
    // The steps sit one level under the home's h2.
    const steps = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(steps).toEqual([1, 2, 3, 4].map((n) => expect.stringMatching(new RegExp(`^Step ${n}: `))));
    expect(screen.queryByRole('button', { name: 'Open AMA chat' })).not.toBeInTheDocument();
  });
});
