import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { identityHandler, server, signIn } from '../../test/server';
import { identityFixture } from '../../test/fixtures';
import { paged } from '../../components/lists/testing';

const maria = { id: 2, type: 'user', name: 'Maria Lopez' };
const reports = [
  { id: 71, title: 'AI Readiness Assessment Report', created_at: '2026-11-20T10:00:00Z' },
  { id: 72, title: 'Interest Explorer Report', created_at: '2026-11-21T10:00:00Z' },
];

function serve() {
  const sent: unknown[] = [];
  const reportQueries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/search/', () => HttpResponse.json(paged([maria]))),
    http.get('*/api/v1/agents/reports/', ({ request }) => {
      reportQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(paged(reports));
    }),
    http.post('*/api/v1/recommendation-package/:id/', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ message: 'Email sent successfully' });
    }),
  );
  return { sent, reportQueries };
}

describe('recommendation package', { timeout: 20_000 }, () => {
  it('tells non-staff they may not use it', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ is_staff: false })));
    renderApp('/recommendation-package');
    expect(await screen.findByText('Sorry, You do not have access to use this feature')).toBeInTheDocument();
  });

  it("mails the member's own agent reports with the package", async () => {
    signIn();
    server.use(identityHandler(identityFixture({ is_staff: true })));
    const seen = serve();
    renderApp('/recommendation-package');
    await userEvent.type(await screen.findByLabelText('Search a member'), 'ma');
    await userEvent.click(await screen.findByRole('button', { name: /Maria Lopez/ }));
    await userEvent.click(screen.getByRole('tab', { name: 'Agent reports (0)' }));
    const list = await screen.findByRole('list', { name: 'Agent reports' });
    expect(seen.reportQueries.at(-1)?.get('user_id')).toBe('2');
    await userEvent.click(within(list).getByRole('button', { name: /AI Readiness Assessment Report/ }));
    expect(screen.getByRole('tab', { name: 'Agent reports (1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send Email' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(seen.sent).toHaveLength(1));
    expect(seen.sent[0]).toMatchObject({ agent_reports: [71], users: [], groups: [], internal_resources: [] });
  });

  it('fetches mentors from a chosen group and adds them to the people', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ is_staff: true })));
    const seen = serve();
    const peopleQueries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/search/', ({ request }) => {
        const type = new URL(request.url).searchParams.get('type');
        return HttpResponse.json(paged(type === 'user' ? [maria] : [{ id: 9, type: 'circle', name: 'Data Circle' }]));
      }),
      http.get('*/api/v1/recommendation-package/people/', ({ request }) => {
        peopleQueries.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          paged([{ id: 31, name: 'Ada Senior', type: 'mentor', reason: 'Could mentor: Advanced (over 15 years); shares Python' }]),
        );
      }),
    );
    renderApp('/recommendation-package');
    await userEvent.type(await screen.findByLabelText('Search a member'), 'ma');
    await userEvent.click(await screen.findByRole('button', { name: /Maria Lopez/ }));
    await userEvent.click(screen.getByRole('tab', { name: 'Mentors and mentees' }));
    expect(screen.getByText('Recommendation types mentor, mentee and cross_group require choosing a group first')).toBeInTheDocument();
    expect(peopleQueries).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Choose a group'), 'da');
    await userEvent.click(await screen.findByRole('button', { name: /Data Circle/ }));
    const list = await screen.findByRole('list', { name: 'Mentors results' });
    expect(peopleQueries.at(-1)?.get('entity_type')).toBe('mentor');
    expect(peopleQueries.at(-1)?.get('group_from_user_to_be_included')).toBe('9');
    expect(peopleQueries.at(-1)?.get('user_id')).toBe('2');
    expect(within(list).getByText(/Could mentor: Advanced/)).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /Ada Senior/ }));
    expect(screen.getByRole('tab', { name: 'People (1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send Email' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(seen.sent).toHaveLength(1));
    expect(seen.sent[0]).toMatchObject({ users: [31] });
  });
});
