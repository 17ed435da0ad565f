import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';
import { summaryFixture } from './testing';
import type { ReportSummary } from './api';

function serveReports(all: ReportSummary[]) {
  const pages: string[] = [];
  const shared: string[] = [];
  server.use(
    http.get('*/api/v1/agents/reports/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page') ?? '1');
      const size = Number(query.get('page_size') ?? '10');
      pages.push(`${page}/${size}`);
      return HttpResponse.json({
        data: all.slice((page - 1) * size, page * size),
        pagination: { count: all.length, next: page * size < all.length ? 'next' : null },
      });
    }),
    http.post('*/api/v1/agents/report/slug/:slug/share/', ({ params }) => {
      shared.push(String(params.slug));
      return HttpResponse.json({ data: { slug: params.slug, is_public: true } });
    }),
  );
  return { pages, shared };
}

describe('the reports list', { timeout: 20_000 }, () => {
  it('asks guests to sign in', async () => {
    renderApp('/careergps-reports');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/careergps-reports')}`,
    );
  });

  it('lists the own reports 10 a page, with Share on each', async () => {
    signIn();
    const user = userEvent.setup();
    const seen = serveReports(Array.from({ length: 12 }, (_, i) => summaryFixture(i + 1)));
    renderApp('/careergps-reports');
    expect(await screen.findByRole('heading', { name: 'AI Readiness Assessment Report 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Share AI Readiness/ })).toHaveLength(10);
    expect(screen.getByRole('link', { name: 'View AI Readiness Assessment Report 1' })).toHaveAttribute('href', '/careergps-report/aira-1');
    expect(seen.pages).toEqual(['1/10']);

    await user.click(screen.getByRole('button', { name: 'Share AI Readiness Assessment Report 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share report' });
    expect(within(dialog).getByRole('textbox', { name: 'Public URL' })).toHaveValue(`${window.location.origin}/careergps-report/aira-2`);
    expect(seen.shared).toEqual(['aira-2']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByRole('heading', { name: 'AI Readiness Assessment Report 12' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'AI Readiness Assessment Report 1' })).not.toBeInTheDocument();
    expect(seen.pages).toContain('2/10');
  });

  it('says there are no reports yet', async () => {
    signIn();
    serveReports([]);
    renderApp('/careergps-reports');
    expect(await screen.findByText('No reports found. Take CareerGPS to view report.')).toBeInTheDocument();
  });
});
