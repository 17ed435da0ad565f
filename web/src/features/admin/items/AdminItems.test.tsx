import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { renderApp } from '../../../test/renderApp';
import { identityHandler, server, signIn } from '../../../test/server';
import { aiToolFixture, identityFixture } from '../../../test/fixtures';
import { paged as page } from '../../../components/lists/testing';
import AdminAiToolsPage from './AdminAiToolsPage';
import AdminFeedbackPage from './AdminFeedbackPage';
import AdminJobsPage from './AdminJobsPage';
import AdminResourcesPage from './AdminResourcesPage';
import AdminUseCasesPage from './AdminUseCasesPage';
import type { AdminJob, AdminResource, AdminUseCase, ContactItem, FeedbackItem } from './api';
import { catalogueActions, jobStatusLabel, readPageSize, readStatus, resourceActions, splitChips, MODERATION_TABS } from './itemRules';

const admin = identityFixture({
  organization: { id: 1, name: 'Waypoint Demo', name_slug: 'waypoint-demo', domain: 'localhost', membership_role: 'admin' },
});

const pages: RouteObject[] = [
  { path: 't/jobs', element: <AdminJobsPage /> },
  { path: 't/resources', element: <AdminResourcesPage /> },
  { path: 't/ai-tools', element: <AdminAiToolsPage /> },
  { path: 't/usecases', element: <AdminUseCasesPage /> },
  { path: 't/feedback', element: <AdminFeedbackPage /> },
];

function useCase(overrides: Partial<AdminUseCase> = {}): AdminUseCase {
  return {
    id: 8,
    slug: 'summaries',
    title: 'Summarise reports',
    group: 1,
    topics_detailed: [
      { id: 1, name: 'Data' },
      { id: 2, name: 'Writing' },
      { id: 3, name: 'Finance' },
    ],
    status: 'pending',
    created_at: '2026-11-21T10:00:00Z',
    can_edit: false,
    ...overrides,
  } as AdminUseCase;
}

function resource(overrides: Partial<AdminResource> = {}): AdminResource {
  return {
    id: 3,
    title: 'Pandas guide',
    slug: 'pandas-guide',
    topics_detailed: [{ id: 1, name: 'Data' }],
    status: 'pending',
    can_moderate: true,
    can_edit: false,
    created_by: { id: 9, image: null, profile: { first_name: 'Ana', last_name: 'Diaz', name_slug: 'ana-diaz' } },
    created_at: '2026-11-22T10:00:00Z',
    ...overrides,
  } as AdminResource;
}

function job(overrides: Partial<AdminJob> = {}): AdminJob {
  return {
    id: 41,
    slug: 'data-analyst-41',
    title: 'Data Analyst',
    group: { id: 1, name: 'Waypoint Demo', name_slug: 'waypoint-demo', group_type: 'organization', image: null },
    skills_detailed: [],
    job_status: 'pending',
    is_expired: false,
    is_administrator: true,
    created_at: '2026-11-23T10:00:00Z',
    ...overrides,
  } as AdminJob;
}

describe('admin item rules', () => {
  it('reads the tab and page size from the address and decides the actions', () => {
    expect(readStatus(new URLSearchParams('status=rejected'), MODERATION_TABS)).toBe('rejected');
    expect(readStatus(new URLSearchParams('status=bogus'), MODERATION_TABS)).toBe('pending');
    expect(readPageSize(new URLSearchParams('page_size=500'))).toBe(500);
    expect(readPageSize(new URLSearchParams('page_size=7'))).toBe(10);
    expect(splitChips(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(catalogueActions('pending', 1, 1)).toEqual(['approve', 'reject']);
    expect(catalogueActions('rejected', 1, 1)).toEqual(['approve']);
    expect(catalogueActions('approved', 1, 1)).toEqual([]);
    expect(catalogueActions('pending', 2, 1)).toEqual([]);
    expect(resourceActions('rejected', true)).toEqual(['approve', 'reject']);
    expect(resourceActions('approved', true)).toEqual([]);
    expect(resourceActions('pending', false)).toEqual([]);
    expect(jobStatusLabel('approved', true)).toBe('Published (Expired)');
    expect(jobStatusLabel('pending', false)).toBe('Draft');
  });
});

describe('admin item tables', { timeout: 30_000 }, () => {
  it('opens the tab the address names, asks for that status newest first, and approves', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    const posts: unknown[] = [];
    server.use(
      identityHandler(admin),
      http.get('*/api/v1/ai-tools/', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        return HttpResponse.json(page(query.get('status') === 'rejected' ? [aiToolFixture({ status: 'rejected' })] : []));
      }),
      http.post('*/api/v1/ai-tools/:id/approve-reject/', async ({ request, params }) => {
        posts.push({ id: params.id, ...((await request.json()) as object) });
        return HttpResponse.json({ status: 'approved', message: 'ok' });
      }),
    );
    renderApp('/t/ai-tools?status=rejected', pages);
    const tabs = await screen.findByRole('tablist', { name: 'AI Tools by status' });
    expect(within(tabs).getByRole('tab', { name: 'Rejected' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('Draft Writer');
    const asked = queries.at(-1)!;
    expect(Object.fromEntries(asked)).toMatchObject({
      status: 'rejected',
      group_id: '1',
      sort_by: 'recent',
      sort_order: 'desc',
      page: '1',
      page_size: '10',
    });
    // Chips: 2, then +N.
    expect(screen.getByText('writing')).toBeInTheDocument();
    expect(screen.getByText('+1')).toBeInTheDocument();
    expect(screen.queryByText('research')).not.toBeInTheDocument();
    // A rejected tool may be approved, not rejected again.
    expect(screen.queryByRole('button', { name: 'Reject Draft Writer' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'History of Draft Writer' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Draft Writer' }));
    expect(await screen.findByText('Successfully approved AI tool')).toBeInTheDocument();
    expect(posts).toEqual([{ id: '7', action: 'approve' }]);

    // Another tab asks for its status.
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Pending' }));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('pending'));
    expect(await screen.findByText('No ai tools found.')).toBeInTheDocument();
  });

  it('asks before rejecting a use case, and a failure says so', async () => {
    signIn();
    const posts: unknown[] = [];
    let fail = false;
    server.use(
      identityHandler(admin),
      http.get('*/api/v1/use-cases/', () =>
        HttpResponse.json(
          page([
            useCase({
              agent_responses: [
                {
                  agent_id: 3,
                  agent_type: 'usecase_curation',
                  response: {
                    action: 'reject',
                    reason: 'The description is too short to judge.',
                    quality_level: 'reject',
                    last_run_at: '2026-11-21T10:05:00Z',
                  },
                },
              ],
            }),
          ]),
        ),
      ),
      http.post('*/api/v1/use-cases/:id/approve-reject/', async ({ request }) => {
        posts.push(await request.json());
        return fail ? HttpResponse.json({ detail: 'no' }, { status: 500 }) : HttpResponse.json({ status: 'rejected', message: 'ok' });
      }),
    );
    renderApp('/t/usecases', pages);
    await screen.findByText('Summarise reports');
    expect(screen.getByText('+1')).toBeInTheDocument();
    expect(screen.getByText('Curation agent: Reject. The description is too short to judge.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject Summarise reports' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject use case?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Reject Summarise reports' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Successfully rejected use case')).toBeInTheDocument();
    expect(posts).toEqual([{ action: 'reject' }]);

    fail = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Summarise reports' }));
    expect(await screen.findByText('Failed to approve use case')).toBeInTheDocument();
  });

  it('moderates resources and shows the empty state of a tab', async () => {
    signIn();
    const queries: URLSearchParams[] = [];
    server.use(
      identityHandler(admin),
      http.get('*/api/v1/contents/', ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        return HttpResponse.json(page(query.get('status') === 'pending' ? [resource()] : []));
      }),
      http.post('*/api/v1/contents/:id/approve-reject/', () => HttpResponse.json({ message: 'ok' })),
    );
    renderApp('/t/resources?status=pending', pages);
    await screen.findByText('Pandas guide');
    expect(screen.getByText('By Ana Diaz')).toBeInTheDocument();
    expect(queries.at(-1)?.get('types')).toBe('resource');
    await userEvent.click(screen.getByRole('button', { name: 'Approve Pandas guide' }));
    expect(await screen.findByText('Resource approved successfully')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Approved' }));
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('publishes a draft job and asks before deleting one', async () => {
    signIn();
    const patches: unknown[] = [];
    const deletes: string[] = [];
    const queries: URLSearchParams[] = [];
    server.use(
      identityHandler(admin),
      http.get('*/api/v1/jobs/', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(page([job()]));
      }),
      http.patch('*/api/v1/jobs/:id/', async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json({ data: job({ job_status: 'approved' }), message: 'ok' });
      }),
      http.delete('*/api/v1/jobs/:id/', ({ params }) => {
        deletes.push(String(params.id));
        return HttpResponse.json({ message: 'Job deleted.' });
      }),
    );
    renderApp('/t/jobs?status=pending&page_size=25', pages);
    await screen.findByText('Data Analyst');
    expect(screen.getByRole('tab', { name: 'Draft' })).toHaveAttribute('aria-selected', 'true');
    expect(Object.fromEntries(queries.at(-1)!)).toMatchObject({ view_all: 'true', job_status: 'pending', page_size: '25' });
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/jobs/41/edit');
    await userEvent.click(screen.getByRole('button', { name: 'Publish Data Analyst' }));
    expect(await screen.findByText('Job published successfully')).toBeInTheDocument();
    expect(patches).toEqual([{ job_status: 'approved' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Data Analyst' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete job?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Job deleted successfully')).toBeInTheDocument();
    expect(deletes).toEqual(['41']);
  });

  it('shows an error with a retry when a table cannot load', async () => {
    signIn();
    server.use(identityHandler(admin), http.get('*/api/v1/jobs/', () => HttpResponse.json({ detail: 'down' }, { status: 500 })));
    renderApp('/t/jobs', pages);
    expect(await screen.findByText('Could not fetch jobs.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('lists feedback and contact messages in two tabs', async () => {
    signIn();
    const feedback: FeedbackItem = {
      id: 1,
      title: 'Love the circles',
      content: 'More events please',
      user: { id: 9, name: 'Ana Diaz', email: 'ana@example.com' },
      created_at: '2026-11-24T10:00:00Z',
    };
    const contact: ContactItem = {
      id: 2,
      subject: 'My membership',
      message: 'I applied last week.',
      name: 'Sam Okafor',
      email: 'sam@example.com',
      membership_status: 'pending',
      user_id: 10,
      created_at: '2026-11-25T10:00:00Z',
    };
    server.use(
      identityHandler(admin),
      http.get('*/api/v1/feedback/', () => HttpResponse.json(page([feedback]))),
      http.get('*/api/v1/contact-starleaders/', () => HttpResponse.json(page([contact]))),
    );
    renderApp('/t/feedback', pages);
    expect(await screen.findByText('Love the circles')).toBeInTheDocument();
    expect(screen.getByText('More events please')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Contact' }));
    expect(await screen.findByText('My membership')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sam@example.com' })).toHaveAttribute('href', 'mailto:sam@example.com');
    expect(screen.getByText(/Membership: pending/)).toBeInTheDocument();
  });
});
