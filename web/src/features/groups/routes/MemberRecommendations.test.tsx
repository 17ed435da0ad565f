// The members' Recommendations tab (spec 001 §2, §5, §7): only administrators see it; a group
// is picked by search before anything is asked; the list shows each person's reason and links
// to the profile; Invite sends an invitation; research collaboration needs no group; the
// empty and error states; pages; the site's own organization explains why it has no one.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../test/renderApp';
import { identityFixture } from '../../../test/fixtures';
import { identityHandler, server, signIn } from '../../../test/server';
import type { RecommendedPerson } from '../api/recommendations';
import { groupFixture, memberFixture, orgFixture, paged } from '../../../test/groupFixtures';
import { serveGroups } from '../test/handlers';

const circle = groupFixture({ is_administrator: true, role: 'admin', membership_status: 'accepted' });
const members = [memberFixture({ id: 7, name: 'Maria Lopez', membership_role: 'admin' })];

function person(overrides: Partial<RecommendedPerson>): RecommendedPerson {
  return {
    id: 201,
    name: 'Ada Tester',
    first_name: 'Ada',
    last_name: 'Tester',
    name_slug: 'ada-tester',
    image: null,
    title: 'Data Analyst',
    country: 'Kenya',
    institution_name: 'Nairobi University',
    profile_completion_percent: 80,
    shared_topics: ['Generative AI'],
    same_country: true,
    same_stage: false,
    same_field: false,
    score: 2.5,
    reason: "Shares Generative AI; in the group's country",
    ...overrides,
  };
}

const ada = person({});
const bea = person({ id: 202, name: 'Bea Tester', first_name: 'Bea', name_slug: 'bea-tester', reason: 'Member of Data Club', shared_topics: [], score: 0 });

/** The groups the picker finds: the circle itself (left out) and another one. */
const found = [
  { id: 40, type: 'circle', name: 'AI Foundations', name_slug: 'ai-foundations', is_followed: false, score: 2 },
  { id: 55, type: 'circle', name: 'Data Club', name_slug: 'data-club', is_followed: false, score: 2 },
];

function asAdmin() {
  signIn();
  server.use(identityHandler(identityFixture({ id: 7 })));
}

/** Serves GET /recommendations/ with `answer` and records each query. */
function serveRecommendations(queries: URLSearchParams[], answer: (query: URLSearchParams) => Response) {
  server.use(
    http.get('*/api/v1/search/', ({ request }) => {
      const url = new URL(request.url);
      if (url.searchParams.get('type') !== 'all_group') return HttpResponse.json(paged([]));
      return HttpResponse.json(paged(found));
    }),
    http.get('*/api/v1/recommendations/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return answer(query);
    }),
  );
}

/** The query of the latest GET /recommendations/. */
function lastQuery(queries: URLSearchParams[]): URLSearchParams {
  const query = queries[queries.length - 1];
  if (!query) throw new Error('no recommendations request yet');
  return query;
}

async function openRecommendations() {
  renderApp('/circle/ai-foundations/people');
  const section = await screen.findByRole('region', { name: 'Members' });
  await userEvent.click(await within(section).findByRole('tab', { name: 'Recommendations' }));
  // The tab's panel loads when first opened.
  await within(section).findByRole('region', { name: 'Recommendations' });
  return section;
}

async function pickGroup(section: HTMLElement, name: string) {
  const picker = within(section).getByRole('combobox', { name: 'Recommend people from' });
  await userEvent.type(picker, 'Da');
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

describe('the Recommendations tab', { timeout: 30_000 }, () => {
  it('recommends the members of a picked group with their reasons, and invites them', async () => {
    asAdmin();
    serveGroups({ groups: [circle], members });
    const queries: URLSearchParams[] = [];
    serveRecommendations(queries, () => HttpResponse.json(paged([ada, bea])));
    let invite: unknown;
    server.use(
      http.post('*/api/v1/invite-users/', async ({ request }) => {
        invite = await request.json();
        return HttpResponse.json({ message: 'Invitation sent successfully.' });
      }),
    );
    const section = await openRecommendations();
    expect(within(section).getByText('Pick a group to recommend people from.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(queries).toHaveLength(0);

    // The circle itself is not offered.
    const picker = within(section).getByRole('combobox', { name: 'Recommend people from' });
    await userEvent.type(picker, 'Da');
    await screen.findByRole('option', { name: /Data Club/ });
    expect(screen.queryByRole('option', { name: /AI Foundations/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: /Data Club/ }));

    const list = await within(section).findByRole('list', { name: 'Recommended people' });
    expect(within(list).getByRole('link', { name: 'Ada Tester' })).toHaveAttribute('href', '/profile/ada-tester');
    expect(within(list).getByText("Shares Generative AI; in the group's country")).toBeInTheDocument();
    expect(within(list).getAllByText('Data Analyst · Nairobi University')).toHaveLength(2);
    expect(within(list).getByText('Member of Data Club')).toBeInTheDocument();
    const last = lastQuery(queries);
    expect(last.get('group_id')).toBe('40');
    expect(last.get('entity_type')).toBe('cross_group');
    expect(last.get('group_from_user_to_be_included')).toBe('55');
    expect(last.get('page')).toBe('1');

    await userEvent.click(within(list).getByRole('button', { name: 'Invite Ada Tester' }));
    expect(await screen.findByText('Invitation sent successfully.')).toBeInTheDocument();
    expect(invite).toEqual({ object_id: 40, content_type: 'group', users: [201], emails: '' });
    expect(within(list).getByRole('button', { name: 'Invite Ada Tester' })).toHaveTextContent('Invited');
    expect(within(list).getByRole('button', { name: 'Invite Ada Tester' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Invite Bea Tester' })).toBeEnabled();
  });

  it('asks the whole site for research collaboration and says when no one fits', async () => {
    asAdmin();
    serveGroups({ groups: [circle], members });
    const queries: URLSearchParams[] = [];
    serveRecommendations(queries, () => HttpResponse.json(paged([])));
    const section = await openRecommendations();
    await userEvent.click(within(section).getByRole('radio', { name: 'Research collaboration (whole site)' }));
    expect(await within(section).findByText('No one to recommend yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('combobox', { name: 'Recommend people from' })).not.toBeInTheDocument();
    const last = lastQuery(queries);
    expect(last.get('entity_type')).toBe('research_collaboration');
    expect(last.has('group_from_user_to_be_included')).toBe(false);
  });

  it('shows the error with a retry, and pages', async () => {
    asAdmin();
    serveGroups({ groups: [circle], members });
    const queries: URLSearchParams[] = [];
    let fail = true;
    serveRecommendations(queries, (query) => {
      if (fail) return HttpResponse.json({ detail: 'Boom' }, { status: 500 });
      const page = Number(query.get('page'));
      return HttpResponse.json(paged([page === 2 ? bea : ada], 20));
    });
    const section = await openRecommendations();
    await pickGroup(section, 'Data Club');
    expect(await within(section).findByText('Could not fetch recommendations')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    await within(section).findByRole('link', { name: 'Ada Tester' });
    const pages = within(section).getByRole('navigation', { name: 'Recommendation pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Go to page 2' }));
    await within(section).findByRole('link', { name: 'Bea Tester' });
    await waitFor(() => expect(lastQuery(queries).get('page')).toBe('2'));
    expect(lastQuery(queries).get('page_size')).toBe('15');
  });

  it("explains that the site's own organization has everyone already", async () => {
    asAdmin();
    const org = orgFixture({ is_tenant_root: true, is_administrator: true, role: 'admin' });
    serveGroups({ groups: [org], members });
    const queries: URLSearchParams[] = [];
    serveRecommendations(queries, () => HttpResponse.json(paged([ada])));
    renderApp('/org/waypoint-demo/people');
    const section = await screen.findByRole('region', { name: 'Members' });
    await userEvent.click(await within(section).findByRole('tab', { name: 'Recommendations' }));
    expect(within(section).getByText(/Everyone on this site is already a member of Waypoint Demo/)).toBeInTheDocument();
    expect(within(section).queryByRole('combobox', { name: 'Recommend people from' })).not.toBeInTheDocument();
    expect(queries).toHaveLength(0);
  });

  it('is not offered to members who do not run the group', async () => {
    signIn();
    server.use(identityHandler(identityFixture({ id: 8 })));
    serveGroups({ groups: [groupFixture({ membership_status: 'accepted', role: 'member' })], members });
    renderApp('/circle/ai-foundations/people');
    const section = await screen.findByRole('region', { name: 'Members' });
    await within(section).findByText('Maria Lopez');
    expect(within(section).queryByRole('tab', { name: 'Recommendations' })).not.toBeInTheDocument();
  });
});
