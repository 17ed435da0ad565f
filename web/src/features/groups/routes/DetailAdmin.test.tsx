import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../test/renderApp';
import { signIn } from '../../../test/server';
import { groupFixture, memberFixture } from '../../../test/groupFixtures';
import { serveGroups } from '../test/handlers';
import { stubMatchMedia } from '../../../test/mediaQueries';
import { capturePosts, openSection, openTab } from './testing';

const event = groupFixture({
  group_type: 'event',
  event_type: 'conference',
  is_paid: true,
  price: '20.00',
  is_administrator: true,
  role: 'admin',
  membership_status: 'accepted',
  extra_info: { questions: [{ id: 'text9', label: 'Your university?', type: 'text', required: true, options: [] }] },
});

const applicants = [
  memberFixture({
    id: 201,
    name: 'Ngozi Eze',
    membership_status: 'pending',
    payment_status: 'pending',
    extra_info: { answers: { text9: 'Lagos' }, participant_type: 'presenter', title: 'AI in classrooms', program_type: 'Online Conference' },
  }),
  memberFixture({ id: 202, name: 'Omar Haddad', membership_status: 'accepted', payment_status: 'confirmed' }),
];

/** A window as narrow as a phone (below 640 px): the small-breakpoint queries match. */
function phoneWidth() {
  stubMatchMedia((query) => query.includes('max-width:639.95px'));
}

afterEach(() => vi.unstubAllGlobals());

function openApplicants() {
  return openSection('/event/ai-foundations/admin', 'Applicants');
}

describe('event admin tab', { timeout: 20_000 }, () => {
  it('lists applicants by status, shows answers and conference fields, and accepts from the details', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    serveGroups({ groups: [event], members: applicants, memberQueries: queries });
    const bodies = capturePosts('groups/:id/respond-join-request/');
    const section = await openApplicants();
    expect(await within(section).findByText('Omar Haddad')).toBeInTheDocument();
    expect(within(section).getByRole('tab', { name: 'Accepted (5)' })).toHaveAttribute('aria-selected', 'true');
    await openTab(section, 'Pending (2)');
    const row = (await within(section).findByText('Ngozi Eze')).closest('tr') as HTMLElement;
    expect(within(row).getByText('submitted')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Show answers of Ngozi Eze' }));
    expect(within(section).getByText('Your university?')).toBeInTheDocument();
    expect(within(section).getByText('Lagos')).toBeInTheDocument();
    expect(within(section).getByText('AI in classrooms')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ngozi Eze' });
    expect(within(dialog).getByText('Online Conference')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Successfully accepted')).toBeInTheDocument();
    expect(bodies).toEqual([{ users: [201], action: 'accept' }]);
    await waitFor(() => expect(queries.some((query) => query.get('page_size') === '15' && query.get('status') === 'pending')).toBe(true));
  });

  it('hides the tab bar and the join control of an external event, showing its link', async () => {
    signIn();
    serveGroups({
      groups: [groupFixture({ group_type: 'event', event_type: 'talk', extra_info: { is_external: true, external_link: 'https://talks.example.org/ai' } })],
    });
    renderApp('/event/ai-foundations');
    expect(await screen.findByRole('link', { name: 'https://talks.example.org/ai' })).toHaveAttribute('href', 'https://talks.example.org/ai');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('sends a non-administrator away from the Admin tab', async () => {
    signIn();
    serveGroups({ groups: [groupFixture({ membership_status: 'accepted', role: 'member' })] });
    const { router } = renderApp('/circle/ai-foundations/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/circle/ai-foundations'));
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'People', 'Resources', 'Posts']);
  });
});

describe('event applicants', { timeout: 30_000 }, () => {
  const people = [
    ...applicants,
    memberFixture({ id: 203, name: 'Priya Nair', membership_status: 'accepted', membership_role: 'presenter', payment_status: 'pending' }),
    memberFixture({
      id: 204,
      name: 'Lena Vogel',
      membership_status: 'pending',
      extra_info: { participant_type: 'presenter', abstract_file: 77, answers: { text9: 'Berlin' } },
      files: [{ id: 77, file: '/media/uploads/abstract.pdf', mime_type: 'application/pdf', name: 'abstract.pdf' }],
    }),
    memberFixture({ id: 205, name: 'Tomas Ruiz', membership_status: 'pending', extra_info: { abstract_file: 78 } }),
  ];

  it('searches from 2 characters after a pause and filters by role, 15 a page', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    serveGroups({ groups: [event], members: people, memberQueries: queries });
    const section = await openApplicants();
    await within(section).findByText('Omar Haddad');
    await userEvent.type(within(section).getByRole('searchbox', { name: 'Search applicants' }), 'p');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(queries.some((query) => query.has('search'))).toBe(false);
    await userEvent.type(within(section).getByRole('searchbox', { name: 'Search applicants' }), 'ri');
    await waitFor(() => expect(within(section).queryByText('Omar Haddad')).not.toBeInTheDocument());
    expect(within(section).getByText('Priya Nair')).toBeInTheDocument();
    expect(queries.filter((query) => query.has('search')).map((query) => query.get('search'))).toEqual(['pri']);
    await userEvent.clear(within(section).getByRole('searchbox', { name: 'Search applicants' }));
    await userEvent.click(within(section).getByRole('combobox', { name: 'Role' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['All roles', 'Attendee', 'Presenter']);
    await userEvent.click(screen.getByRole('option', { name: 'Presenter' }));
    await waitFor(() => expect(queries.some((query) => query.get('role') === 'presenter' && !query.has('search'))).toBe(true));
    expect(queries.every((query) => query.get('page_size') === '15')).toBe(true);
    await waitFor(() => expect(within(section).queryByText('Omar Haddad')).not.toBeInTheDocument());
    expect(within(section).getByText('Priya Nair')).toBeInTheDocument();
  });

  it('marks an accepted applicant of a paid event as paid or unpaid until the payment is confirmed', async () => {
    signIn();
    serveGroups({ groups: [event], members: people });
    const bodies = capturePosts('groups/:id/payment-confirmation/');
    const section = await openApplicants();
    const row = (await within(section).findByText('Priya Nair')).closest('tr') as HTMLElement;
    expect(within(row).getByText('submitted')).toBeInTheDocument();
    const confirmed = within(section).getByText('Omar Haddad').closest('tr') as HTMLElement;
    expect(within(confirmed).queryByRole('button', { name: 'Actions for Omar Haddad' })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Priya Nair' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark as paid' }));
    expect(await screen.findByText('Marked as paid')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Priya Nair' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark unpaid' }));
    expect(await screen.findByText('Marked as unpaid')).toBeInTheDocument();
    expect(bodies).toEqual([
      { user: 203, action: 'accept' },
      { user: 203, action: 'reject' },
    ]);
  });

  it('links the abstract file, or names it by id when the server lists no files', async () => {
    signIn();
    serveGroups({ groups: [event], members: people });
    const section = await openApplicants();
    await openTab(section, 'Pending (2)');
    const lena = (await within(section).findByText('Lena Vogel')).closest('tr') as HTMLElement;
    await userEvent.click(within(lena).getByRole('button', { name: 'Show answers of Lena Vogel' }));
    const link = within(section).getByRole('link', { name: 'abstract.pdf (PDF)' });
    expect(link).toHaveAttribute('href', '/media/uploads/abstract.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const tomas = within(section).getByText('Tomas Ruiz').closest('tr') as HTMLElement;
    await userEvent.click(within(tomas).getByRole('button', { name: 'Show answers of Tomas Ruiz' }));
    expect(within(section).getByText('File #78')).toBeInTheDocument();
  });

  it('rejects from the details with an optional reason, full screen on a phone', async () => {
    phoneWidth();
    signIn();
    serveGroups({ groups: [event], members: people });
    const bodies = capturePosts('groups/:id/respond-join-request/');
    const section = await openApplicants();
    await openTab(section, 'Pending (2)');
    const row = (await within(section).findByText('Ngozi Eze')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ngozi Eze' });
    expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject member' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject member' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Ngozi Eze' })).toBeInTheDocument();
    expect(reject).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await userEvent.type(await screen.findByLabelText('Reason (optional)'), 'Abstract out of scope{Enter}');
    expect(await screen.findByText('Successfully rejected')).toBeInTheDocument();
    expect(bodies).toEqual([{ users: [201], action: 'reject', notes: 'Abstract out of scope' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('rejects from the row menu with a reason', async () => {
    signIn();
    serveGroups({ groups: [event], members: people });
    const bodies = capturePosts('groups/:id/respond-join-request/');
    const section = await openApplicants();
    await openTab(section, 'Pending (2)');
    await userEvent.click(await within(section).findByRole('button', { name: 'Actions for Tomas Ruiz' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject member' });
    await waitFor(() => expect(within(reject).getByLabelText('Reason (optional)')).toHaveFocus());
    await userEvent.keyboard('Late{Enter}');
    expect(await screen.findByText('Successfully rejected')).toBeInTheDocument();
    expect(bodies).toEqual([{ users: [205], action: 'reject', notes: 'Late' }]);
  });
});
