// The People tab's member management for administrators: tabs and their actions, rejecting
// with a reason, the Rejected tab's reasons, answers of pending members, Add member roles,
// and the CSV download following the tab's filters.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { configFixture } from '../../../test/fixtures';
import { server } from '../../../test/server';
import type { Member } from '../../../lib/groups/types';
import { groupFixture, memberFixture, orgFixture, paged } from '../../../test/groupFixtures';
import { serveGroups } from '../test/handlers';
import { capturePosts, chooseBulkAction, ME, openSection, openTab, signInAsMe } from './testing';

const org = orgFixture({
  role: 'admin',
  is_administrator: true,
  extra_info: {
    questions: [
      { id: 'text5', label: 'Why do you want to join?', type: 'text', required: true, options: [] },
      { id: 'file6', label: 'Your CV', type: 'file', required: false, options: [] },
    ],
  },
});

const members: Member[] = [
  memberFixture({ id: ME, name: 'Maria Lopez', membership_role: 'admin' }),
  memberFixture({ id: 101, name: 'Amina Odhiambo' }),
  memberFixture({
    id: 102,
    name: 'Bao Tran',
    membership_status: 'pending',
    extra_info: { answers: { text5: 'To learn about AI', file6: 55 } },
    files: [{ id: 55, file: 'https://files.example.org/bao-cv.pdf', mime_type: 'application/pdf', name: 'bao-cv.pdf' }],
  }),
  memberFixture({ id: 103, name: 'Carlos Diaz', membership_status: 'pending' }),
  memberFixture({ id: 104, name: 'Dana Smith', is_verified: false }),
  memberFixture({ id: 105, name: 'Eve Moreau', membership_status: 'rejected', membership_role: 'facilitator', reason: 'Left the company' }),
  memberFixture({ id: 106, name: 'Femi Ade', membership_status: 'rejected', notes: 'Not a fit this time' }),
];

/** Opens the People tab's Members section. */
function openPeople(path = '/org/waypoint-demo/people') {
  return openSection(path, 'Members');
}

/** As the administrator of `org` and its `members`: what the join-request actions post. */
function manageMembers() {
  signInAsMe();
  serveGroups({ groups: [org], members });
  return capturePosts('groups/:id/respond-join-request/');
}

/** Opens the Members section on `tab` and waits for `name`'s row. */
async function openTabWith(tab: RegExp, name: string) {
  const section = await openPeople();
  await openTab(section, tab);
  await within(section).findByText(name);
  return section;
}

async function rowAction(section: HTMLElement, person: string, action: string) {
  await userEvent.click(within(section).getByRole('button', { name: `Actions for ${person}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

describe('member tabs and their actions', { timeout: 30_000 }, () => {
  it('offers bulk accept and reject on the Pending tab only', async () => {
    manageMembers();
    const section = await openPeople();
    await within(section).findByText('Amina Odhiambo');
    expect(within(section).queryByRole('button', { name: 'Manage' })).not.toBeInTheDocument();
    await openTab(section, /^Rejected/);
    await within(section).findByText('Eve Moreau');
    expect(within(section).queryByRole('button', { name: 'Manage' })).not.toBeInTheDocument();
    await openTab(section, /^Pending/);
    await within(section).findByText('Bao Tran');
    await userEvent.click(within(section).getByRole('button', { name: 'Manage' }));
    await userEvent.click(within(section).getByLabelText('Action'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Accept', 'Reject']);
  });

  it('starts a new tab with no selection and no action', async () => {
    const bodies = manageMembers();
    const section = await openTabWith(/^Pending/, 'Bao Tran');
    await chooseBulkAction(section, 'Accept');
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Select Carlos Diaz' }));
    expect(within(section).getByText('Select all (1 selected)')).toBeInTheDocument();
    await openTab(section, /^Unverified/);
    await within(section).findByText('Dana Smith');
    expect(within(section).getByText('Select all (0 selected)')).toBeInTheDocument();
    await openTab(section, /^Pending/);
    await within(section).findByText('Bao Tran');
    expect(within(section).getByText('Select all (0 selected)')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please select an action to perform.')).toBeInTheDocument();
    await openTab(section, /^Accepted/);
    await within(section).findByText('Amina Odhiambo');
    expect(within(section).queryByRole('group', { name: 'Manage members' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('checkbox', { name: 'Select Amina Odhiambo' })).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('adds a rejected person back under a chosen role instead of accepting them', async () => {
    manageMembers();
    const bodies = capturePosts('groups/:id/add-member/', 'Successfully added as member');
    const section = await openTabWith(/^Rejected/, 'Eve Moreau');
    await userEvent.click(within(section).getByRole('button', { name: 'Actions for Eve Moreau' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View details', 'Add back']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Add back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add member' });
    expect(within(dialog).getByRole('combobox', { name: 'Person' })).toHaveValue('Eve Moreau');
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveTextContent('Facilitator');
    expect(role).toHaveFocus();
    await userEvent.click(role);
    await userEvent.click(await screen.findByRole('option', { name: 'Member' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Successfully added as member')).toBeInTheDocument();
    expect(bodies).toEqual([{ user: 105, role: 'member' }]);
  });

  it('shows the removal reason and the rejection notes on the Rejected tab', async () => {
    manageMembers();
    const section = await openPeople();
    await openTab(section, /^Rejected/);
    expect(await within(section).findByText('Reason: Left the company')).toBeInTheDocument();
    expect(within(section).getByText('Notes: Not a fit this time')).toBeInTheDocument();
  });
});

describe('rejecting with a reason', { timeout: 30_000 }, () => {
  it('asks for an optional reason from the row menu: Enter rejects, Escape cancels', async () => {
    const bodies = manageMembers();
    const section = await openTabWith(/^Pending/, 'Carlos Diaz');
    await rowAction(section, 'Carlos Diaz', 'Reject');
    let dialog = await screen.findByRole('dialog', { name: 'Reject member' });
    await waitFor(() => expect(within(dialog).getByLabelText('Reason (optional)')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject member' })).not.toBeInTheDocument());
    expect(bodies).toEqual([]);
    await rowAction(section, 'Carlos Diaz', 'Reject');
    dialog = await screen.findByRole('dialog', { name: 'Reject member' });
    await waitFor(() => expect(within(dialog).getByLabelText('Reason (optional)')).toHaveFocus());
    await userEvent.keyboard('The circle is full{Enter}');
    expect(await screen.findByText('Successfully rejected')).toBeInTheDocument();
    expect(bodies).toEqual([{ users: [103], action: 'reject', notes: 'The circle is full' }]);
  });

  it('rejects without a reason when none is given', async () => {
    const bodies = manageMembers();
    const section = await openTabWith(/^Pending/, 'Carlos Diaz');
    await rowAction(section, 'Carlos Diaz', 'Reject');
    const dialog = await screen.findByRole('dialog', { name: 'Reject member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Successfully rejected')).toBeInTheDocument();
    expect(bodies).toEqual([{ users: [103], action: 'reject' }]);
  });

  it('asks for the reason once for a bulk reject and sends it as notes', async () => {
    const bodies = manageMembers();
    const section = await openTabWith(/^Pending/, 'Bao Tran');
    await chooseBulkAction(section, 'Reject');
    expect(within(section).queryByLabelText('Notes (optional)')).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('checkbox', { name: /Select all/ }));
    await userEvent.click(within(section).getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject members' });
    expect(within(dialog).getByText(/Reject 2 members\?/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'No seats left{Enter}');
    expect(await screen.findByText('Members rejected successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ users: [102, 103], action: 'reject', notes: 'No seats left' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject members' })).not.toBeInTheDocument());
  });
});

describe("a pending member's answers", { timeout: 30_000 }, () => {
  it('shows them with the questions and a link to the file, and rejects from there with a reason', async () => {
    const bodies = manageMembers();
    const section = await openTabWith(/^Pending/, 'Bao Tran');
    await rowAction(section, 'Bao Tran', 'View details');
    const dialog = await screen.findByRole('dialog', { name: 'Bao Tran' });
    expect(within(dialog).getByText('Why do you want to join?')).toBeInTheDocument();
    expect(within(dialog).getByText('To learn about AI')).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: 'bao-cv.pdf (PDF)' });
    expect(link).toHaveAttribute('href', 'https://files.example.org/bao-cv.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject member' });
    await userEvent.type(within(reject).getByLabelText('Reason (optional)'), 'Incomplete answers{Enter}');
    expect(await screen.findByText('Successfully rejected')).toBeInTheDocument();
    expect(bodies).toEqual([{ users: [102], action: 'reject', notes: 'Incomplete answers' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('add member roles', { timeout: 30_000 }, () => {
  it('lets an event get a new administrator', async () => {
    signInAsMe();
    const event = groupFixture({ group_type: 'event', event_type: 'workshop', is_administrator: true, role: 'admin', membership_status: 'accepted' });
    serveGroups({ groups: [event], members });
    server.use(
      http.get('*/api/v1/search/', () => HttpResponse.json(paged([{ id: 301, name: 'Omar Haddad', institution_name: 'Cairo University' }]))),
    );
    const bodies = capturePosts('groups/:id/add-member/', 'Successfully added as admin');
    const section = await openPeople('/event/ai-foundations/people');
    await userEvent.click(await within(section).findByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add member' });
    const person = within(dialog).getByRole('combobox', { name: 'Person' });
    expect(person).toHaveFocus();
    await userEvent.type(person, 'Om');
    await userEvent.click(await screen.findByRole('option', { name: /Omar Haddad/ }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Admin', 'Attendee', 'Presenter', 'Volunteer']);
    await userEvent.click(screen.getByRole('option', { name: 'Admin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Successfully added as admin')).toBeInTheDocument();
    expect(bodies).toEqual([{ user: 301, role: 'admin' }]);
  });
});

describe('members download', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // jsdom has no object URLs and does not follow downloads.
    URL.createObjectURL = vi.fn(() => 'blob:members');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("exports the current tab with its filters (the Unverified tab's unverified members, not the accepted list)", async () => {
    signInAsMe();
    const queries: URLSearchParams[] = [];
    serveGroups({ groups: [org], members, memberQueries: queries });
    const exports: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/options-config/', () =>
        HttpResponse.json({ data: { ...configFixture().options, professional_fields: [{ value: 3, label: 'Engineering' }] } }),
      ),
      http.get('*/api/v1/groups/:id/export-group-membership/', ({ request }) => {
        exports.push(new URL(request.url).searchParams);
        return new HttpResponse('name,email\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const section = await openPeople();
    await openTab(section, /^Unverified/);
    await within(section).findByText('Dana Smith');
    await userEvent.click(within(section).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0]!.get('is_verified')).toBe('false');
    expect(exports[0]!.has('status')).toBe(false);

    await openTab(section, /^Pending/);
    await userEvent.type(within(section).getByLabelText('Search members'), 'ba');
    await userEvent.type(within(section).getByRole('combobox', { name: 'Country' }), 'Keny');
    await userEvent.click(await screen.findByRole('option', { name: 'Kenya' }));
    await userEvent.click(within(section).getByLabelText('Professional field'));
    await userEvent.click(await screen.findByRole('option', { name: 'Engineering' }));
    // The list has searched (after its pause): the download takes the same filters.
    await waitFor(() => expect(queries.some((query) => query.get('search') === 'ba' && query.get('professional_fields') === '3')).toBe(true));
    await userEvent.click(within(section).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(exports).toHaveLength(2));
    expect(Object.fromEntries(exports[1]!)).toMatchObject({ status: 'pending', search: 'ba', country: 'Kenya', professional_fields: '3' });
    expect(exports[1]!.has('is_verified')).toBe(false);
    expect(exports[1]!.has('page')).toBe(false);
  });
});
