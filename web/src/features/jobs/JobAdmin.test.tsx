import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';
import { serveFilterOptions } from '../../components/lists/testing';
import { applicantFixture, jobFixture } from './test/fixtures';
import type { ApplicationStatus, JobApplicant } from './api/types';

const question = { id: 'text5', label: 'Years of SQL?', type: 'text' as const, required: true, options: [] };
const adminJob = jobFixture({
  is_administrator: true,
  job_status: 'pending',
  extra_info: { questions: [question] },
  pending_members_count: 2,
  accepted_members_count: 1,
  rejected_members_count: 0,
});

function serveAdmin(applicants: JobApplicant[]) {
  let rows = applicants;
  const reviews: unknown[] = [];
  const patches: unknown[] = [];
  const queries: URLSearchParams[] = [];
  serveFilterOptions();
  server.use(
    http.get('*/api/v1/jobs/slug/:slug/', () => HttpResponse.json({ data: adminJob })),
    http.get('*/api/v1/jobs/:id/applications/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const status = query.get('status') as ApplicationStatus;
      const shown = rows.filter((row) => row.status === status);
      return HttpResponse.json({ data: shown, pagination: { count: shown.length, next: null } });
    }),
    http.post('*/api/v1/jobs/:id/status/', async ({ request }) => {
      const body = (await request.json()) as { user_id?: number; user_ids?: number[]; status: ApplicationStatus };
      reviews.push(body);
      const ids = body.user_ids ?? [body.user_id];
      rows = rows.map((row) => (ids.includes(row.id) ? { ...row, status: body.status } : row));
      return HttpResponse.json({ message: 'Done', status: body.status, users: ids });
    }),
    http.patch('*/api/v1/jobs/:id/', async ({ request }) => {
      patches.push(await request.json());
      return HttpResponse.json({ data: { ...adminJob, job_status: 'approved' } });
    }),
  );
  return { reviews, patches, queries };
}

const sam = applicantFixture({ answers: { text5: 'Four years' } as unknown as JobApplicant['answers'] });
const ada = applicantFixture({ id: 9, name: 'Ada Mensah', name_slug: 'ada-mensah', email: 'ada@example.com' });

describe('job administration', { timeout: 30_000 }, () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:applicants');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('gives administrators the tabs, Publish, and the applicants with answers, resume, accept one or many', async () => {
    signIn();
    const { reviews, patches } = serveAdmin([sam, ada, applicantFixture({ id: 10, name: 'Lee Chan', status: 'accepted' })]);
    renderApp('/job/data-analyst-41/people');
    const tabs = await screen.findByRole('tablist', { name: 'Job sections' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Applicants', 'Recommendations']);
    expect(screen.getByText('Draft')).toBeInTheDocument();

    const section = await screen.findByRole('region', { name: 'Applicants' });
    const statusTabs = within(section).getByRole('tablist', { name: 'Applicant status' });
    expect(within(statusTabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Pending (2)', 'Accepted (1)', 'Rejected (0)']);
    await within(section).findByText('Sam Okafor');
    await userEvent.click(within(section).getByRole('button', { name: 'Show answers of Sam Okafor' }));
    expect(within(section).getByText('Years of SQL?')).toBeInTheDocument();
    expect(within(section).getByText('Four years')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Open resume of Sam Okafor' })).toHaveAttribute('href', '/media/resumes/sam.pdf');

    await userEvent.click(within(section).getByRole('button', { name: 'Accept Sam Okafor' }));
    expect(await screen.findByText('Successfully accepted')).toBeInTheDocument();
    expect(reviews).toEqual([{ user_id: 8, status: 'accepted' }]);

    await userEvent.click(await within(section).findByRole('checkbox', { name: 'Select all applicants on this page' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Reject selected' }));
    await waitFor(() => expect(reviews).toHaveLength(2));
    expect(reviews[1]).toEqual({ user_id: 9, status: 'rejected' });

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(patches).toEqual([{ job_status: 'approved' }]));
    expect(await screen.findByText('Job published')).toBeInTheDocument();
  });

  it('accepts several selected applicants in one call and downloads the tab as CSV', async () => {
    signIn();
    const { reviews } = serveAdmin([sam, ada]);
    const exports: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/jobs/:id/export-job-membership/', ({ request }) => {
        exports.push(new URL(request.url).searchParams);
        return new HttpResponse('\uFEFFname,email\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    renderApp('/job/data-analyst-41/people');
    const section = await screen.findByRole('region', { name: 'Applicants' });
    await within(section).findByText('Ada Mensah');
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Select Sam Okafor' }));
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Select Ada Mensah' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Accept selected' }));
    expect(await screen.findByText('Applicants accepted successfully')).toBeInTheDocument();
    expect(reviews).toEqual([{ user_ids: [8, 9], status: 'accepted' }]);

    await userEvent.click(within(section).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0]!.get('status')).toBe('pending');
  });

  it('asks the server for recommended applicants of the job group, then of a picked group with a filter', async () => {
    signIn();
    serveAdmin([]);
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v1/groups/list/', () =>
        HttpResponse.json({ data: [{ id: 5, name: 'Data Circle', name_slug: 'data-circle', group_type: 'circle' }], pagination: { count: 1, next: null } }),
      ),
      http.get('*/api/v1/jobs/:id/recommended-applicants/', ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const fromCircle = query.get('group_from_user_to_be_included') === '5';
        return HttpResponse.json({
          data: [
            {
              id: fromCircle ? 13 : 12,
              name: fromCircle ? 'Ama Boateng' : 'Kofi Mensah',
              first_name: fromCircle ? 'Ama' : 'Kofi',
              last_name: fromCircle ? 'Boateng' : 'Mensah',
              name_slug: fromCircle ? 'ama-boateng' : 'kofi-mensah',
              image: null,
              title: 'Analyst',
              country: 'KE',
              institution_name: 'University of Ghana',
              profile_completion_percent: 80,
              matching_skills: 2,
              same_country: true,
            },
          ],
          pagination: { count: 1, next: null },
        });
      }),
    );
    renderApp('/job/data-analyst-41/recommendation');
    const section = await screen.findByRole('region', { name: 'Recommendations' });
    // The job's own group first.
    expect(await within(section).findByRole('link', { name: 'Kofi Mensah' })).toHaveAttribute('href', '/profile/kofi-mensah');
    expect(within(section).getByText('Analyst · University of Ghana')).toBeInTheDocument();
    expect(within(section).getByText('2 matching skills · Same country')).toBeInTheDocument();
    expect(asked[0]!.get('group_from_user_to_be_included')).toBe('1');
    expect(asked[0]!.get('page_size')).toBe('12');
    expect(asked[0]!.has('extra_info_filter')).toBe(false);

    await userEvent.click(within(section).getByRole('combobox', { name: 'Recommend people from' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Data Circle' }));
    expect(await within(section).findByRole('link', { name: 'Ama Boateng' })).toBeInTheDocument();
    await userEvent.type(within(section).getByRole('textbox', { name: 'Department' }), 'Economics');
    await userEvent.type(within(section).getByRole('textbox', { name: 'Batch' }), '2020');
    await userEvent.click(within(section).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(asked.at(-1)!.get('extra_info_filter')).toBe('{"uni_batch":"2020","department":"Economics"}'));
    expect(asked.at(-1)!.get('group_from_user_to_be_included')).toBe('5');
    // A draft takes no invitations.
    expect(within(section).queryByRole('button', { name: 'Invite Ama Boateng to apply' })).not.toBeInTheDocument();

    server.use(http.get('*/api/v1/jobs/:id/recommended-applicants/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })));
    await userEvent.type(within(section).getByRole('textbox', { name: 'Affiliation' }), 'Alumni');
    await userEvent.click(within(section).getByRole('button', { name: 'Filter' }));
    expect(await within(section).findByText('Could not fetch recommended applicants')).toBeInTheDocument();
  });

  it('invites a recommended person to a published job', async () => {
    signIn();
    serveAdmin([]);
    let invitation: unknown;
    server.use(
      http.get('*/api/v1/jobs/slug/:slug/', () => HttpResponse.json({ data: { ...adminJob, job_status: 'approved' } })),
      http.get('*/api/v1/groups/list/', () =>
        HttpResponse.json({ data: [{ id: 5, name: 'Data Circle', name_slug: 'data-circle', group_type: 'circle' }], pagination: { count: 1, next: null } }),
      ),
      http.get('*/api/v1/jobs/:id/recommended-applicants/', () =>
        HttpResponse.json({
          data: [
            {
              id: 12,
              name: 'Kofi Mensah',
              first_name: 'Kofi',
              last_name: 'Mensah',
              name_slug: 'kofi-mensah',
              image: null,
              title: null,
              country: null,
              institution_name: null,
              profile_completion_percent: 40,
              matching_skills: 0,
              same_country: false,
            },
          ],
          pagination: { count: 1, next: null },
        }),
      ),
      http.post('*/api/v1/invite-users/', async ({ request }) => {
        invitation = await request.json();
        return HttpResponse.json({ message: 'Invitation sent successfully.' });
      }),
    );
    renderApp('/job/data-analyst-41/recommendation');
    const section = await screen.findByRole('region', { name: 'Recommendations' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Invite Kofi Mensah to apply' }));
    expect(await screen.findByText('Invitation sent successfully.')).toBeInTheDocument();
    expect(invitation).toEqual({ object_id: 41, content_type: 'job', users: [12], emails: '' });
    expect(within(section).getByRole('button', { name: 'Invite Kofi Mensah to apply' })).toHaveTextContent('Invited');
  });

  it('gives people who do not administer the job no tabs, and sends them from a tab to the overview', async () => {
    signIn();
    serveFilterOptions();
    server.use(http.get('*/api/v1/jobs/slug/:slug/', () => HttpResponse.json({ data: jobFixture() })));
    const { router } = renderApp('/job/data-analyst-41/people');
    await waitFor(() => expect(router.state.location.pathname).toBe('/job/data-analyst-41'));
    expect(await screen.findByRole('region', { name: 'Description' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist', { name: 'Job sections' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });
});
