import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';
import { paged, serveList } from '../../components/lists/testing';
import { groupFixture, lifecycleFixture } from '../../test/groupFixtures';
import type { Group } from '../../lib/groups/types';

const questions = [
  { id: 'text1', label: 'What do you want to learn?', type: 'text' as const, required: true, options: [] },
  { id: 'radio2', label: 'Hours a week', type: 'radio' as const, required: true, options: ['1-2', '3-5'] },
];

/** The circles page with a training circle (id 77) whose membership follows the join calls. */
function serveTraining(overrides: Partial<Group> = {}, joinAnswer?: () => Response) {
  const circle = groupFixture({ id: 77, name: 'AI Training', name_slug: 'ai-training', ...overrides });
  const joins: unknown[] = [];
  serveList('circles/', () => paged([]));
  server.use(
    http.get('*/api/v1/leader-applications/', () => HttpResponse.json({ data: [] })),
    http.get('*/api/v1/groups/default/', () =>
      HttpResponse.json({ data: groupFixture({ id: 1, group_type: 'organization', extra_info: { training_circle: 77 } }) }),
    ),
    http.get('*/api/v1/groups/77/', () => HttpResponse.json({ data: circle })),
    http.post('*/api/v1/groups/77/join/', async ({ request }) => {
      joins.push(await request.json());
      if (joinAnswer) return joinAnswer();
      circle.membership_status = 'pending';
      circle.waitlisted = circle.is_full;
      return HttpResponse.json({
        data: { membership_status: 'pending', role: 'member', waitlisted: circle.is_full },
        message: 'Successfully applied to joined circle',
        warning: circle.is_full
          ? 'Sorry, maximum members limit already reached. You can still apply to join. Your request will be put in a wait list.'
          : null,
      });
    }),
  );
  return joins;
}

describe('apply for training', { timeout: 20_000 }, () => {
  it('asks the circle’s required questions before joining, then reads Requested', async () => {
    signIn();
    const joins = serveTraining({ extra_info: { questions } });
    renderApp('/circles');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for Training' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(2);
    expect(joins).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/What do you want to learn/), 'Prompting');
    await userEvent.click(within(dialog).getByLabelText('3-5'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(joins).toEqual([{ extra_info: { answers: { text1: 'Prompting', radio2: '3-5' } } }]));
    expect(await screen.findByText('Successfully applied to joined circle')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Requested' })).toBeDisabled();
  });

  it('warns that a full circle waitlists, and shows the wait-list warning of the answer', async () => {
    signIn();
    serveTraining({ is_full: true });
    renderApp('/circles');
    expect(await screen.findByText('Sorry, maximum members limit already reached.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply for Training' }));
    expect(
      await screen.findByText(
        'Sorry, maximum members limit already reached. You can still apply to join. Your request will be put in a wait list.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Requested' })).toBeDisabled();
  });

  it("shows the server's refusal", async () => {
    signIn();
    serveTraining({}, () => HttpResponse.json({ non_field_errors: ['This circle is invitation only.'] }, { status: 400 }));
    renderApp('/circles');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for Training' }));
    expect(await screen.findByText('This circle is invitation only.')).toBeInTheDocument();
  });

  it('is disabled with a status line while the circle takes no applications', async () => {
    signIn();
    serveTraining({
      application_open_date: '2099-01-05',
      lifecycle: lifecycleFixture('application_opening_soon'),
    });
    renderApp('/circles');
    expect(await screen.findByText('Applications open Jan 5, 2099')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply for Training' })).toBeDisabled();
  });

  it('shows Accepted for Training for an accepted member', async () => {
    signIn();
    serveTraining({ membership_status: 'accepted', role: 'member' });
    renderApp('/circles');
    expect(await screen.findByRole('button', { name: 'Accepted for Training' })).toBeDisabled();
  });

  it('renders nothing without a training circle', async () => {
    signIn();
    serveTraining();
    server.use(
      http.get('*/api/v1/groups/default/', () =>
        HttpResponse.json({ data: groupFixture({ id: 1, group_type: 'organization', extra_info: {} }) }),
      ),
    );
    renderApp('/circles');
    await screen.findByText('No Circles Available');
    expect(screen.queryByRole('button', { name: /Training/ })).not.toBeInTheDocument();
  });

  // Was flaky (the login page stayed in its Suspense fallback after the redirect): the test
  // harness navigated before the page's code was in, inside userEvent's synchronous act; it now
  // navigates code first, as the app does (test/renderApp.tsx).
  it('sends a guest to sign in with join=true and goes on with the questions once back', async () => {
    serveTraining({ extra_info: { questions } });
    server.use(http.post('*/api/v1/token/', () => HttpResponse.json({ data: { access: 'A', refresh: 'R' } })));
    const { router } = renderApp('/circles');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for Training' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fcircles&join=true');
    await userEvent.type(await screen.findByLabelText('Email'), 'maria@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'waypoint-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: /AI Training/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/circles');
    expect(router.state.location.search).toBe('');
  });
});
