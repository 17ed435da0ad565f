import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { server, signIn } from '../../../test/server';
import { groupFixture, memberFixture, orgFixture } from '../../../test/groupFixtures';
import { serveGroups } from '../test/handlers';
import { capturePosts, chooseBulkAction, expectMissingGroupPage, ME, openSection, openTab, signInAsMe } from './testing';

const members = [
  memberFixture({ id: ME, name: 'Maria Lopez', membership_role: 'admin' }),
  memberFixture({ id: 101, name: 'Amina Odhiambo' }),
  memberFixture({ id: 102, name: 'Bao Tran', membership_status: 'pending' }),
  memberFixture({ id: 103, name: 'Carlos Diaz', membership_status: 'pending' }),
  memberFixture({ id: 104, name: 'Dana Smith', membership_status: 'accepted', is_verified: false }),
];

describe('organization page', { timeout: 20_000 }, () => {
  it('shows the header, counts, About and the tabs to a member', async () => {
    signIn();
    serveGroups({ groups: [orgFixture()] });
    renderApp('/org/waypoint-demo');
    expect(await screen.findByRole('heading', { name: 'Waypoint Demo' })).toBeInTheDocument();
    expect(screen.getByText(/members ·/)).toHaveTextContent('120 members · 8 circles');
    expect(screen.getByText('A community of learners.')).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Organization sections' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'People', 'Circles', 'Events', 'Resources', 'Posts', 'Job Board']);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('shows no tabs to a guest, and an influencer only Overview and AI Impact', async () => {
    serveGroups({ groups: [orgFixture(), orgFixture({ id: 2, name_slug: 'star', name: 'Star', is_influencer: true, impact: '<p>Trained 500 people.</p>' })] });
    const { router } = renderApp('/org/waypoint-demo');
    expect(await screen.findByRole('heading', { name: 'Waypoint Demo' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await router.navigate('/org/star/impact');
    expect(await screen.findByText('Trained 500 people.')).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Organization sections' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'AI Impact']);
    expect(screen.queryByText(/members ·/)).not.toBeInTheDocument();
  });

  it('says when the organization does not exist', async () => {
    await expectMissingGroupPage('/org/nope', 'organization');
  });

  it('lists events with an Event Details link, and says when there are none', async () => {
    signIn();
    const event = groupFixture({ id: 60, name: 'AI Summit', name_slug: 'ai-summit', group_type: 'event', event_type: 'conference' });
    serveGroups({ groups: [orgFixture(), event] });
    const { router } = renderApp('/org/waypoint-demo/events');
    const card = await screen.findByRole('article', { name: 'AI Summit' });
    expect(within(card).getByRole('link', { name: 'Event Details' })).toHaveAttribute('href', '/event/ai-summit');
    await router.navigate('/org/waypoint-demo/circles');
    expect(await screen.findByText('No circles found')).toBeInTheDocument();
  });
});

/** As the organization's administrator: its People tab's Members section. */
function openPeopleAsAdmin() {
  signInAsMe();
  serveGroups({ groups: [orgFixture({ role: 'admin', is_administrator: true })], members });
  return openSection('/org/waypoint-demo/people', 'Members');
}

/** As a member: the Invite People dialog of the organization's page. */
async function openInviteDialog() {
  signIn();
  serveGroups({ groups: [orgFixture()] });
  renderApp('/org/waypoint-demo');
  await userEvent.click(await screen.findByRole('button', { name: 'Invite People' }));
  return screen.findByRole('dialog', { name: 'Invite People' });
}

describe('members manage mode', { timeout: 20_000 }, () => {
  it('checks the action and the selection, then accepts the chosen members with notes', async () => {
    const bodies = capturePosts('groups/:id/respond-join-request/');
    const section = await openPeopleAsAdmin();
    await openTab(section, 'Pending (2)');
    expect(await within(section).findByText('Bao Tran')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Manage' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please select an action to perform.')).toBeInTheDocument();
    await userEvent.click(within(section).getByLabelText('Action'));
    await userEvent.click(await screen.findByRole('option', { name: 'Accept' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please select at least one member to proceed.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Select Carlos Diaz' }));
    await userEvent.type(within(section).getByLabelText('Notes (optional)'), 'Welcome');
    await userEvent.click(within(section).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Members accepted successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ users: [103], action: 'accept', notes: 'Welcome' }]);
  });

  it("says 'Could not {action} members' when a bulk action fails", async () => {
    server.use(http.post('*/api/v1/groups/:id/respond-join-request/', () => HttpResponse.json({ detail: 'x' }, { status: 400 })));
    const section = await openPeopleAsAdmin();
    await openTab(section, 'Pending (2)');
    await within(section).findByText('Bao Tran');
    await chooseBulkAction(section, 'Reject');
    await userEvent.click(within(section).getByRole('checkbox', { name: /Select all/ }));
    await userEvent.click(within(section).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject members' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Could not reject members')).toBeInTheDocument();
  });

  it('removes a member only with a reason, and never offers to remove oneself', async () => {
    const bodies = capturePosts('groups/:id/remove-member/');
    const section = await openPeopleAsAdmin();
    await within(section).findByText('Amina Odhiambo');
    await userEvent.click(within(section).getByRole('button', { name: 'Actions for Maria Lopez' }));
    expect(await screen.findByRole('menuitem', { name: 'View details' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Remove member' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await userEvent.click(within(section).getByRole('button', { name: 'Actions for Amina Odhiambo' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Remove member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Left the company');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member removed successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ user: 101, reason: 'Left the company' }]);
  });

  it('sends the verification follow-up only to selected unverified members', async () => {
    const bodies = capturePosts('groups/:id/followup-email-unverified/');
    const section = await openPeopleAsAdmin();
    await openTab(section, 'Unverified (1)');
    await within(section).findByText('Dana Smith');
    await userEvent.click(within(section).getByRole('button', { name: 'Manage' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Send follow-up email' }));
    expect(await screen.findByText('No users selected for follow-up email.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Select Dana Smith' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Send follow-up email' }));
    expect(await screen.findByText('Verification follow-up email sent successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ user_ids: [104] }]);
  });

  it('shows members only the accepted list, without managing', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    serveGroups({ groups: [orgFixture()], members, memberQueries: queries });
    const section = await openSection('/org/waypoint-demo/people', 'Members');
    expect(await within(section).findByText('Amina Odhiambo')).toBeInTheDocument();
    expect(within(section).queryByRole('tab')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Manage' })).not.toBeInTheDocument();
    await userEvent.type(within(section).getByLabelText('Search members'), 'a');
    await userEvent.type(within(section).getByLabelText('Search members'), 'm');
    await waitFor(() => expect(queries.some((query) => query.get('search') === 'am')).toBe(true));
    expect(queries.some((query) => query.get('search') === 'a')).toBe(false);
    expect(queries.every((query) => query.get('page_size') === '15' || query.get('role'))).toBe(true);
  });
});

describe('invite people', { timeout: 20_000 }, () => {
  it('checks e-mail addresses and sends the invitation', async () => {
    const bodies = capturePosts('invite-users/');
    const dialog = await openInviteDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please add at least one email address or select a user')).toBeInTheDocument();
    const email = within(dialog).getByLabelText('Email address');
    await userEvent.type(email, 'not-an-email{Enter}');
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'li@example.com{Enter}');
    await userEvent.type(email, 'LI@example.com{Enter}');
    expect(await within(dialog).findByText('Email already added')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'jo@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Invitation sent successfully.')).toBeInTheDocument();
    expect(bodies).toEqual([{ object_id: 1, content_type: 'group', users: [], emails: 'li@example.com,jo@example.com' }]);
  });

  it('adds the address still in the box on Send, and refuses it there when it is not valid', async () => {
    const bodies = capturePosts('invite-users/');
    const dialog = await openInviteDialog();
    expect(within(dialog).getByRole('combobox', { name: 'Search people' })).toHaveFocus();
    const email = within(dialog).getByLabelText('Email address');
    await userEvent.type(email, 'li@example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please add at least one email address or select a user')).not.toBeInTheDocument();
    await userEvent.type(email, '.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Invitation sent successfully.')).toBeInTheDocument();
    expect(bodies).toEqual([{ object_id: 1, content_type: 'group', users: [], emails: 'li@example.com' }]);
  });

  it('searches people after more than 1 character, once typing pauses, 100 a page', async () => {
    const searches: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/search/', ({ request }) => {
        searches.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: [{ id: 301, name: 'Lina Park' }], pagination: { count: 1, next: null } });
      }),
    );
    const bodies = capturePosts('invite-users/');
    const dialog = await openInviteDialog();
    const search = within(dialog).getByRole('combobox', { name: 'Search people' });
    await userEvent.type(search, 'l');
    expect(await screen.findByText('Type at least 2 characters to search')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches).toHaveLength(0);
    await userEvent.type(search, 'in');
    await userEvent.click(await screen.findByRole('option', { name: /Lina Park/ }));
    expect(searches.map((query) => [query.get('search'), query.get('type'), query.get('page_size')])).toEqual([['lin', 'user', '100']]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Invitation sent successfully.')).toBeInTheDocument();
    expect(bodies).toEqual([{ object_id: 1, content_type: 'group', users: [301], emails: '' }]);
  });
});
