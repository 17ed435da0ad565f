import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { identityHandler, server, signIn } from '../../../test/server';
import { adminIdentity } from '../testing';
import { week } from './testing';
import type { AnalyticsReport, AnalyticsWeek } from './analyticsRules';

function report(weeks: AnalyticsWeek[], extra: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    from: weeks[0]?.week_start ?? '2026-11-09',
    to: '2026-11-29',
    site: 1,
    rolled_up_at: '2026-11-29T10:00:00Z',
    weeks,
    jobs: [],
    circles: [],
    ratings: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: 0 })),
    ...extra,
  };
}

const busy = report(
  [
    week('2026-11-09', { members_joined: 3, members_accepted: 2, posts: 4, active_members: 10, applications: 2 }),
    week('2026-11-16', { members_joined: 9, members_accepted: 5, resources: 1, active_members: 12, applications: 1, applications_accepted: 1 }),
  ],
  {
    jobs: [{ job_id: 7, title: 'Data Analyst', applications: 3, accepted: 1, rejected: 0 }],
    circles: [{ group_id: 4, name: 'Prompt Circle', members: 9, maximum_size: 10 }],
  },
);

function asAdmin(answer: () => Response) {
  signIn();
  localStorage.setItem('isAdminRole', 'true');
  const seen: string[] = [];
  server.use(
    identityHandler(adminIdentity),
    http.get('*/api/v1/analytics/', ({ request }) => {
      seen.push(new URL(request.url).searchParams.get('weeks') ?? '');
      return answer();
    }),
  );
  return seen;
}

afterEach(() => vi.unstubAllGlobals());

describe('analytics page', { timeout: 20_000 }, () => {
  it('shows each chart with its text summary, the jobs and the fullest circles', async () => {
    const seen = asAdmin(() => HttpResponse.json({ data: busy }));
    renderApp('/admin-dashboard/analytics');
    expect(await screen.findByRole('heading', { name: 'Analytics', level: 1 })).toBeInTheDocument();
    const members = await screen.findByRole('region', { name: 'Members joining and accepted' });
    expect(within(members).getByText('Members joined: 12 over 2 weeks, most in the week of 16 Nov 2026 (9).')).toBeInTheDocument();
    expect(within(members).getByText('Members accepted: 7 over 2 weeks, most in the week of 16 Nov 2026 (5).')).toBeInTheDocument();
    const active = screen.getByRole('region', { name: 'Active members' });
    expect(within(active).getByText(/12 at the end of the period, up from 10/)).toBeInTheDocument();
    for (const name of ['Posts and resources', 'Job applications and outcomes', 'AI readiness (AIRA) scores and levels', 'Circles filling up', 'Assistant questions and ratings']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    const jobs = screen.getByRole('table', { name: 'Applications per job' });
    expect(within(jobs).getByRole('rowheader', { name: 'Data Analyst' })).toBeInTheDocument();
    const circles = screen.getByRole('list', { name: 'Fullest circles' });
    expect(within(circles).getByText('Prompt Circle: 9 of 10 seats')).toBeInTheDocument();
    // The drawings are hidden from screen readers, who read the summaries.
    expect(screen.getByTestId('members-chart')).toHaveAttribute('aria-hidden', 'true');
    expect(seen).toEqual(['12']);
  });

  it('keeps the chosen period in the address and asks for it', async () => {
    const seen = asAdmin(() => HttpResponse.json({ data: busy }));
    const { router } = renderApp('/admin-dashboard/analytics');
    await screen.findByRole('region', { name: 'Members joining and accepted' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 26 weeks' }));
    await waitFor(() => expect(router.state.location.search).toBe('?weeks=26'));
    await waitFor(() => expect(seen).toContain('26'));
  });

  it('says when nothing happened in the period', async () => {
    asAdmin(() => HttpResponse.json({ data: report([week('2026-11-09'), week('2026-11-16')]) }));
    renderApp('/admin-dashboard/analytics?weeks=4');
    expect(await screen.findByText('Nothing happened on the site in this period yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Members joining and accepted' })).not.toBeInTheDocument();
  });

  it('offers a retry when the analytics cannot be fetched', async () => {
    asAdmin(() => HttpResponse.json({ detail: 'boom' }, { status: 500 }));
    renderApp('/admin-dashboard/analytics');
    expect(await screen.findByText('Failed to fetch analytics')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('downloads the CSV of the chosen period with the session token', async () => {
    asAdmin(() => HttpResponse.json({ data: busy }));
    let asked: { weeks: string | null; auth: string | null } | null = null;
    server.use(
      http.get('*/api/v1/analytics/export/', ({ request }) => {
        asked = { weeks: new URL(request.url).searchParams.get('weeks'), auth: request.headers.get('Authorization') };
        return new HttpResponse('week_start\r\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const created = vi.fn(() => 'blob:analytics');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/admin-dashboard/analytics?weeks=4');
    await screen.findByRole('region', { name: 'Members joining and accepted' });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(asked).toEqual({ weeks: '4', auth: 'Bearer access-1' });
    click.mockRestore();
  });
});
