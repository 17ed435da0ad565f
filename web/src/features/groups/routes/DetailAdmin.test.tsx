import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { server, signIn } from '../../../test/server';
import { groupFixture, memberFixture } from '../test/fixtures';
import { serveGroups } from '../test/handlers';

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

describe('event admin tab', { timeout: 20_000 }, () => {
  it('lists applicants by status, shows answers and conference fields, and accepts from the details', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    serveGroups({ groups: [event], members: applicants, memberQueries: queries });
    let body: unknown;
    server.use(
      http.post('*/api/v1/groups/:id/respond-join-request/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderApp('/event/ai-foundations/admin');
    const section = await screen.findByRole('region', { name: 'Applicants' });
    expect(await within(section).findByText('Omar Haddad')).toBeInTheDocument();
    expect(within(section).getByRole('tab', { name: 'Accepted (5)' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(section).getByRole('tab', { name: 'Pending (2)' }));
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
    expect(body).toEqual({ users: [201], action: 'accept' });
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
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'People']);
  });
});
