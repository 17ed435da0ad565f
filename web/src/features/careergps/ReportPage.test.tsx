import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';
import { reportFixture } from './testing';
import type { ReportView } from './api';

const THANKS = 'Thank you for your feedback! Your input is invaluable to us and will help us improve.';

function serveReport(report: ReportView | null) {
  const shared: unknown[] = [];
  const feedback: unknown[] = [];
  server.use(
    http.get('*/api/v1/agents/report/slug/:slug/', () =>
      report ? HttpResponse.json({ data: report }) : HttpResponse.json({ detail: 'No report found' }, { status: 404 }),
    ),
    http.post('*/api/v1/agents/report/slug/:slug/share/', async ({ request, params }) => {
      shared.push(await request.json());
      return HttpResponse.json({ data: { slug: params.slug, is_public: true } });
    }),
    http.post('*/api/v1/agents/feedback/', async ({ request }) => {
      const body = (await request.json()) as { rating: number; feedback: string; response_id: number };
      feedback.push(body);
      return HttpResponse.json({ data: { ...body }, message: THANKS });
    }),
  );
  return { shared, feedback };
}

describe('the report page', { timeout: 20_000 }, () => {
  it("shows the owner's report with its sections, share dialog and feedback", async () => {
    signIn();
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const seen = serveReport(reportFixture());
    renderApp('/careergps-report/interest-explorer-1a2b3c');

    expect(await screen.findByRole('heading', { name: 'Interest Explorer Report', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Created Nov 20, 2026')).toBeInTheDocument();
    expect(screen.getByText('You enjoy working with data in a team.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Career directions' })).toBeInTheDocument();
    expect(screen.getByText('Try a SQL course')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Data Circle' })).toHaveAttribute('href', '/circle/data-circle');

    await user.click(screen.getByRole('button', { name: 'Share report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share report' });
    expect(seen.shared).toEqual([{ is_public: true }]);
    const url = `${window.location.origin}/careergps-report/interest-explorer-1a2b3c`;
    expect(screen.getByRole('textbox', { name: 'Public URL' })).toHaveValue(url);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    // Stars open the comment box; Submit sends; the server's thanks shows.
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
    // MUI's star inputs are visually hidden: a plain click picks a star as a pointer would.
    fireEvent.click(screen.getByRole('radio', { name: '4 Stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Useful');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(THANKS)).toBeInTheDocument();
    expect(seen.feedback).toEqual([{ response_id: 41, rating: 4, feedback: 'Useful' }]);
  });

  it('downloads the PDF with the session token for the owner', async () => {
    signIn();
    const user = userEvent.setup();
    serveReport(reportFixture());
    const asked: { auth: string | null; accept: string | null }[] = [];
    server.use(
      http.get('*/api/v1/agents/report/slug/:slug/pdf/', ({ request }) => {
        asked.push({ auth: request.headers.get('Authorization'), accept: request.headers.get('Accept') });
        return new HttpResponse('%PDF-1.5', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:report');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/careergps-report/interest-explorer-1a2b3c');
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(asked).toHaveLength(1);
    expect(asked[0]?.auth).toMatch(/^Bearer /);
    expect(asked[0]?.accept).toBe('application/pdf');
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:report');
    click.mockRestore();
  });

  it('shows a shared report to others without share or feedback', async () => {
    signIn();
    serveReport(reportFixture({ is_owner: false, is_public: true }));
    renderApp('/careergps-report/interest-explorer-1a2b3c');
    expect(await screen.findByRole('heading', { name: 'Interest Explorer Report', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Data analysis fits you.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(screen.queryByText('How useful was this report?')).not.toBeInTheDocument();
  });

  it('invites guests to try CareerGPS under a shared report', async () => {
    serveReport(reportFixture({ is_owner: false, is_public: true }));
    renderApp('/careergps-report/interest-explorer-1a2b3c');
    expect(await screen.findByRole('heading', { name: 'Discover Your Career Path' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try CareerGPS' })).toHaveAttribute('href', '/careergps/aira');
  });

  it('says No report found on 404', async () => {
    serveReport(null);
    renderApp('/careergps-report/missing');
    expect(await screen.findByText('No report found')).toBeInTheDocument();
  });
});
