import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { server, signIn } from '../../test/server';
import { chosen, groupFixture, paged, serveFilterOptions, serveList } from '../../components/lists/testing';
import { jobFixture } from './test/fixtures';

const skills = ['SQL', 'Python', 'Statistics', 'Tableau', 'Excel', 'R'].map((name, index) => ({ id: index + 1, name }));

function serveDefaultOrg(overrides: Record<string, unknown> = {}) {
  server.use(
    http.get('*/api/v1/groups/default/', () =>
      HttpResponse.json({ data: groupFixture({ id: 1, group_type: 'organization', name: 'Waypoint Demo', ...overrides }) }),
    ),
  );
}

describe('job board', { timeout: 30_000 }, () => {
  it('shows the card rules: 4 skills then +N more, 2 countries, (Expired) without the date, the close date, the application', async () => {
    serveFilterOptions();
    serveList('jobs/', () =>
      paged([
        jobFixture({ id: 1, slug: 'analyst', skills_detailed: skills, countries: ['Kenya', 'Ghana', 'Spain'], status: 'accepted' }),
        jobFixture({ id: 2, slug: 'old', title: 'Old Role', is_expired: true, application_close_date: '2020-01-31', is_open_for_applications: false }),
      ]),
    );
    renderApp('/jobs');
    expect(await screen.findByRole('heading', { name: 'Job Board', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Jobs' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link')).toHaveAttribute('href', '/job/analyst');
    const shown = within(within(first!).getByLabelText('Skills')).getAllByText(/./).map((chip) => chip.textContent);
    expect(shown).toEqual(['SQL', 'Python', 'Statistics', 'Tableau', '+2 more']);
    expect(within(first!).getByText('Kenya, Ghana +1 more')).toBeInTheDocument();
    expect(within(first!).getByText('Accepted')).toBeInTheDocument();
    expect(within(first!).getByText('Apply by Dec 31, 2099')).toBeInTheDocument();
    expect(within(second!).getByText('(Expired)')).toBeInTheDocument();
    expect(within(second!).queryByText(/Apply by/)).not.toBeInTheDocument();
    // Guests get no Create Job.
    expect(screen.queryByRole('link', { name: 'Create Job' })).not.toBeInTheDocument();
  });

  it('keeps the filters in the address, drops the page, and searches from 2 trimmed characters', async () => {
    serveFilterOptions();
    const seen = serveList('jobs/', () => paged([jobFixture()], 30));
    const { router } = renderApp('/jobs?page=2');
    await screen.findByRole('list', { name: 'Jobs' });
    expect(chosen(seen.at(-1))).toEqual({ page: '2', page_size: '9' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Job type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Internship' }));
    await waitFor(() => expect(router.state.location.search).toBe('?job_type=internship'));
    await waitFor(() => expect(chosen(seen.at(-1))).toEqual({ page: '1', page_size: '9', job_type: 'internship' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Job location' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hybrid' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Topic area' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Artificial Intelligence' }));
    await waitFor(() => expect(router.state.location.search).toBe('?job_type=internship&job_location=hybrid&topic_areas=3'));

    const search = screen.getByRole('searchbox', { name: 'Search jobs' });
    await userEvent.type(search, ' d ');
    // One character once trimmed: no search is sent.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(seen.every((query) => !query.has('search'))).toBe(true);
    await userEvent.type(search, 'a');
    await waitFor(() => expect(seen.at(-1)?.get('search')).toBe('d a'));
    expect(router.state.location.search).toContain('q=d+a');
  });

  it("says No jobs found, and hides Create Job from a member who does not administer the site's organization", async () => {
    signIn();
    serveFilterOptions();
    serveDefaultOrg({ is_administrator: false, role: 'member', membership_status: 'accepted' });
    serveList('jobs/', () => paged([]));
    renderApp('/jobs');
    expect(await screen.findByText('No jobs found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Job' })).not.toBeInTheDocument();
  });

  it("offers Create Job to the organization's administrators", async () => {
    signIn();
    serveFilterOptions();
    serveDefaultOrg({ is_administrator: true, role: 'admin', membership_status: 'accepted' });
    serveList('jobs/', () => paged([]));
    renderApp('/jobs');
    expect(await screen.findByRole('link', { name: 'Create Job' })).toHaveAttribute('href', '/jobs/new');
  });
});
