import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { recordPosts, server, signIn } from '../../../test/server';
import { groupFixture, orgFixture } from '../../../test/groupFixtures';
import { serveGroups } from '../test/handlers';
import type { Group } from '../../../lib/groups/types';
import { expectMissingGroupPage } from './testing';

function captureJoin(answer: Response | (() => Response) = HttpResponse.json({ data: { membership_status: 'pending', role: null, waitlisted: false } })) {
  const calls: unknown[] = [];
  server.use(
    http.post('*/api/v1/groups/:id/join/', async ({ request }) => {
      calls.push(await request.json());
      return typeof answer === 'function' ? answer() : answer.clone();
    }),
  );
  return calls;
}

function captureLeave() {
  const calls: string[] = [];
  server.use(
    http.post('*/api/v1/groups/:id/leave/', ({ params }) => {
      calls.push(String(params.id));
      return HttpResponse.json({ message: 'ok' });
    }),
  );
  return calls;
}

function show(group: Group, path = `/circle/${group.name_slug}`) {
  serveGroups({ groups: [group] });
  return renderApp(path);
}

describe('join control', { timeout: 20_000 }, () => {
  it('sends a guest to login with next and join=true', async () => {
    const { router } = show(groupFixture());
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fcircle%2Fai-foundations&join=true');
  });

  it('joins at once without questions and says so', async () => {
    signIn();
    const calls = captureJoin();
    show(groupFixture());
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Successfully applied to joined circle')).toBeInTheDocument();
    expect(calls).toEqual([{}]);
  });

  it('asks the questions first, requiring the required ones', async () => {
    signIn();
    const calls = captureJoin();
    show(
      groupFixture({
        extra_info: {
          questions: [
            { id: 'text12', label: 'Why do you want to join?', type: 'text', required: true, options: [] },
            { id: 'radio7', label: 'Level', type: 'radio', required: false, options: ['Beginner', 'Expert'] },
          ],
        },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/Why do you want to join/), 'To learn');
    await userEvent.click(within(dialog).getByLabelText('Expert'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls).toEqual([{ extra_info: { answers: { text12: 'To learn', radio7: 'Expert' } } }]));
    expect(await screen.findByText('Successfully applied to joined circle')).toBeInTheDocument();
  });

  it("shows the server's message or 'Could not join {type}' on failure", async () => {
    signIn();
    captureJoin(() => HttpResponse.json({ non_field_errors: ['You are already a member.'] }, { status: 400 }));
    show(groupFixture());
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You are already a member.')).toBeInTheDocument();
  });

  it('says Register on events and shows Registration Submitted with Cancel request while pending', async () => {
    signIn();
    const leaves = captureLeave();
    show(groupFixture({ group_type: 'event', event_type: 'workshop', membership_status: 'pending' }), '/event/ai-foundations');
    await userEvent.click(await screen.findByRole('button', { name: 'Registration Submitted' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cancel request' }));
    expect(await screen.findByText('You successfully canceled a request')).toBeInTheDocument();
    expect(leaves).toEqual(['40']);
  });

  it('shows Applied to join for a pending circle request and Register for a non-member of an event', async () => {
    signIn();
    show(groupFixture({ membership_status: 'pending' }));
    expect(await screen.findByRole('button', { name: 'Applied to join' })).toBeInTheDocument();
  });

  it('shows Register on an event for a non-member', async () => {
    show(groupFixture({ group_type: 'event', event_type: 'talk' }), '/event/ai-foundations');
    expect(await screen.findByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it('shows the role of an accepted member and leaves after confirming', async () => {
    signIn();
    const leaves = captureLeave();
    show(groupFixture({ membership_status: 'accepted', role: 'facilitator' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Facilitator' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave AI Foundations?' });
    expect(leaves).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You successfully left')).toBeInTheDocument();
    expect(leaves).toEqual(['40']);
  });

  it("reads Member when an accepted member's role is not set; a failed leave gives the server's reason", async () => {
    signIn();
    const lastAdmin = 'You are the last administrator of this circle. Make someone else an administrator before leaving.';
    server.use(http.post('*/api/v1/groups/:id/leave/', () => HttpResponse.json({ non_field_errors: [lastAdmin] }, { status: 400 })));
    show(groupFixture({ membership_status: 'accepted', role: null }));
    await userEvent.click(await screen.findByRole('button', { name: 'Member' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Leave' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText(lastAdmin)).toBeInTheDocument();
  });

  it("says 'Could not leave {type}' when the server gives no reason", async () => {
    signIn();
    server.use(http.post('*/api/v1/groups/:id/leave/', () => HttpResponse.json({}, { status: 500 })));
    show(groupFixture({ group_type: 'event', event_type: 'talk', membership_status: 'pending' }), '/event/ai-foundations');
    await userEvent.click(await screen.findByRole('button', { name: 'Registration Submitted' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cancel request' }));
    expect(await screen.findByText('Could not leave event')).toBeInTheDocument();
  });

  it("shows the answer's message and its wait-list warning, then the wait list", async () => {
    signIn();
    const group = groupFixture({ total_members: 20, maximum_size: 20, is_full: true });
    const warning =
      'Sorry, maximum members limit already reached. You can still apply to join. Your request will be put in a wait list.';
    captureJoin(() => {
      Object.assign(group, { membership_status: 'pending', waitlisted: true });
      return HttpResponse.json({
        data: { membership_status: 'pending', role: 'member', waitlisted: true },
        message: 'Successfully applied to joined circle',
        warning,
      });
    });
    show(group);
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText(warning)).toBeInTheDocument();
    expect(await screen.findByText('Wait list')).toBeInTheDocument();
    expect(screen.getByText(/Your request is on the wait list/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Applied to join' })).toBeInTheDocument();
  });

  it('warns when the group is full but still lets people apply', async () => {
    show(groupFixture({ total_members: 20, maximum_size: 20 }));
    expect(await screen.findByText('Sorry, maximum members limit already reached.')).toBeInTheDocument();
    expect(screen.getByText('You can still apply to join. Your request will be put in a wait list.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join' })).toBeInTheDocument();
  });

  it.each([
    ['ended', { lifecycle: { key: 5, status: 'closed', name: 'Closed', label: 'Closed', accepts_applications: false, has_ended: true } }],
    ['paid', { is_paid: true, price: '49.00' }],
    ['not open', { publicity: 'closed' }],
  ] as [string, Partial<Group>][])('hides Join when the group is %s', async (_case, overrides) => {
    show(groupFixture(overrides));
    expect(await screen.findByRole('heading', { name: 'AI Foundations' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'before the window',
      { key: 1, status: 'application_opening_soon', name: 'Application Opening Soon', label: 'Upcoming' },
      'Applications open Jan 5, 2099',
    ],
    ['after the window', { key: 3, status: 'application_closed', name: 'Application Closed', label: 'Registration Closed' }, 'Registration Closed'],
    ['running with the window closed', { key: 4, status: 'running', name: 'Running', label: 'Running' }, 'Registration Closed'],
  ] as const)('shows a status line instead of Join %s', async (_case, lifecycle, line) => {
    signIn();
    show(
      groupFixture({
        application_open_date: '2099-01-05',
        lifecycle: { ...lifecycle, accepts_applications: false, has_ended: false },
      }),
    );
    expect(await screen.findByText(line, { selector: '[role="status"]' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('shows Register on an event still taking registrations while running', async () => {
    const running = { key: 4, status: 'running', name: 'Running', label: 'Running', accepts_applications: true, has_ended: false } as const;
    show(groupFixture({ group_type: 'event', event_type: 'talk', lifecycle: running }), '/event/ai-foundations');
    expect(await screen.findByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it('keeps Cancel request for a pending member once applications have closed', async () => {
    signIn();
    show(
      groupFixture({
        membership_status: 'pending',
        lifecycle: { key: 3, status: 'application_closed', name: 'Application Closed', label: 'Registration Closed', accepts_applications: false, has_ended: false },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Applied to join' }));
    expect(await screen.findByRole('menuitem', { name: 'Cancel request' })).toBeInTheDocument();
  });

  it('says when the circle does not exist', async () => {
    await expectMissingGroupPage('/circle/nope', 'circle');
  });

  it('uses the conference registration form for conferences, with its messages for presenters', async () => {
    signIn();
    const calls = captureJoin();
    show(groupFixture({ group_type: 'event', event_type: 'conference' }), '/event/ai-foundations');
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register for AI Foundations' });
    await userEvent.click(within(dialog).getByLabelText('Presenter'));
    await userEvent.type(within(dialog).getByLabelText(/^Phone number/), '+254700000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    for (const message of [
      'Please select a submission type',
      'Please select a program type',
      'Please enter a title',
      'Please select a publication',
      'Please submit an abstract text above or upload an pdf file here',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByLabelText('Attendee'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          role: 'attendee',
          extra_info: { participant_type: 'attendee', phone_number: '+254700000000', alternative_phone_number: '', dietary: '' },
        },
      ]),
    );
    expect(await screen.findByText('Successfully registered to event')).toBeInTheDocument();
  });
});

describe('join and follow after signing in', { timeout: 20_000 }, () => {
  function serveToken() {
    server.use(http.post('*/api/v1/token/', () => HttpResponse.json({ data: { access: 'A', refresh: 'R' } })));
  }

  async function signInOnPage() {
    await userEvent.type(await screen.findByLabelText('Email'), 'maria@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'waypoint-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  }

  it('opens the questions once a guest who chose Join is back, and drops join=true from the address', async () => {
    serveToken();
    const calls = captureJoin();
    const { router } = show(
      groupFixture({
        extra_info: { questions: [{ id: 'text12', label: 'Why do you want to join?', type: 'text', required: true, options: [] }] },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signInOnPage();
    const dialog = await screen.findByRole('dialog', { name: 'Join AI Foundations' });
    expect(router.state.location.pathname).toBe('/circle/ai-foundations');
    expect(router.state.location.search).toBe('');
    await userEvent.type(within(dialog).getByLabelText(/Why do you want to join/), 'To learn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls).toEqual([{ extra_info: { answers: { text12: 'To learn' } } }]));
  });

  it('joins at once with join=true when there are no questions, only once', async () => {
    signIn();
    const calls = captureJoin();
    const { router } = show(groupFixture(), '/circle/ai-foundations?join=true&tab=x');
    expect(await screen.findByText('Successfully applied to joined circle')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=x'));
    expect(calls).toEqual([{}]);
  });

  it('does not join with join=true when already a member, and still drops it', async () => {
    signIn();
    const calls = captureJoin();
    const { router } = show(groupFixture({ membership_status: 'accepted', role: 'member' }), '/circle/ai-foundations?join=true');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'Member' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('follows once a guest who chose Follow is back', async () => {
    serveToken();
    const follows = recordPosts('follow/', { data: { followed: true, followers_count: 1 } });
    const { router } = show(groupFixture({ group_type: 'event', event_type: 'talk' }), '/event/ai-foundations');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fevent%2Fai-foundations&follow=true');
    await signInOnPage();
    expect(await screen.findByText('Successfully followed event')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/event/ai-foundations');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(follows).toEqual([{ id: 40, type: 'event', action: 'follow' }]);
  });
});

describe('group routes', { timeout: 20_000 }, () => {
  it('sends an event opened at /circle/{slug} to /event/{slug}, keeping the query', async () => {
    const { router } = show(groupFixture({ group_type: 'event', event_type: 'talk' }), '/circle/ai-foundations?join=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/ai-foundations'));
    expect(router.state.location.search).toBe('?join=true');
    expect(await screen.findByRole('button', { name: 'Register' })).toBeInTheDocument();
  });

  it('sends an organization opened at /event/{slug} to /org/{slug}, and a circle at /org/{slug} to /circle/{slug}', async () => {
    serveGroups({ groups: [orgFixture(), groupFixture()] });
    const { router } = renderApp('/event/waypoint-demo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/org/waypoint-demo'));
    await router.navigate('/org/ai-foundations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/circle/ai-foundations'));
    expect(await screen.findByRole('heading', { name: 'AI Foundations' })).toBeInTheDocument();
  });
});
