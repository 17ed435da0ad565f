import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { apiToken, botcheckAnswer, ownAddress, signedInPage, unique } from './support';

// The admin dashboard against the real binary on the demo seed (scripts/e2e.sh), on the
// desktop and the 375 px phone project: the site's administrator clears the to-do list —
// accepts two pending members in bulk, approves a resource, an AI tool and a use case,
// publishes a draft job — and the overview's counts follow. Both projects share one server
// and database, so each run makes its own pending items (unique names) and every count is
// checked against what the overview showed before.

const ADMIN = 'admin@example.com';
// A certified member of the demo site: may contribute resources, AI tools and use cases.
const MEMBER = 'sam@example.com';
const PASSWORD = 'pending-member-1';

type TodoKey =
  | 'pending_members_count'
  | 'total_pending_jobs'
  | 'total_pending_resources'
  | 'total_pending_ai_tools'
  | 'total_pending_use_cases';

/** The overview's to-do cards, by label, with the metrics' field each shows. */
const TODOS: { label: string; key: TodoKey }[] = [
  { label: 'Pending members', key: 'pending_members_count' },
  { label: 'Draft jobs', key: 'total_pending_jobs' },
  { label: 'Pending resources', key: 'total_pending_resources' },
  { label: 'Pending AI tools', key: 'total_pending_ai_tools' },
  { label: 'Pending use cases', key: 'total_pending_use_cases' },
];

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function created(request: APIRequestContext, token: string, path: string, data: Record<string, unknown>) {
  const answer = await request.post(path, { headers: bearer(token), data });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()).data as { id: number; status?: string; job_status?: string };
}

async function metrics(request: APIRequestContext, token: string): Promise<Record<TodoKey, number>> {
  const answer = await request.get('/api/v1/groups/metrics/', { headers: bearer(token) });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data;
}

/**
 * Two people whose membership of the site's organization waits for the administrators: the
 * organization is closed to joining while they sign up (as an administrator would close it),
 * then opened again for everyone else.
 *
 * The server keeps each host's site (with its organization's join mode) for 30 s, and editing
 * the organization does not refresh it. So every request after closing it goes to a host name
 * of this run's own, first read once the organization is closed: that host sees it closed,
 * while the host every other journey uses never does.
 */
async function twoPendingPeople(request: APIRequestContext, adminToken: string, orgId: number, surname: string): Promise<string[]> {
  const host = { Host: `${surname.toLowerCase()}.localhost` };
  const publicity = async (value: 'open' | 'closed', headers: Record<string, string> = {}) => {
    const answer = await request.patch(`/api/v1/groups/${orgId}/`, {
      headers: { ...headers, ...bearer(adminToken) },
      data: { publicity: value },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  const people = [
    { first: 'Ada', check: await botcheckAnswer(request) },
    { first: 'Bo', check: await botcheckAnswer(request) },
  ];
  await publicity('closed');
  try {
    for (const { first, check } of people) {
      const email = `${first.toLowerCase()}-${surname.toLowerCase()}@example.com`;
      const registered = await request.post('/api/v1/register/', {
        headers: { ...host, 'X-Forwarded-For': ownAddress() },
        data: {
          first_name: first,
          last_name: surname,
          email,
          username: email,
          password: PASSWORD,
          confirm_password: PASSWORD,
          subscribe_to_newsletter: false,
          profile_type: 'individual',
          recaptcha_response: check,
        },
      });
      expect(registered.status(), await registered.text()).toBe(201);
    }
  } finally {
    await publicity('open', host);
  }
  return people.map(({ first }) => `${first} ${surname}`);
}

/** The side menu's link: the permanent column on desktop, the drawer from the top bar on the phone. */
async function openFromMenu(page: Page, phone: boolean, label: string) {
  // On the phone a toast covers the top bar for its 5 seconds; the click waits for it to go.
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await menu.getByRole('link', { name: label, exact: true }).click();
  if (phone) await expect(menu).toBeHidden();
}

/** Nothing sticks out sideways (the 375 px layout). */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

function todoCard(page: Page, label: string, count?: number) {
  const name = count === undefined ? new RegExp(`^${label}: \\d+$`) : `${label}: ${count}`;
  return page.getByRole('list', { name: 'To do' }).getByRole('link', { name, exact: true });
}

async function expectTodoCounts(page: Page, counts: Record<TodoKey, number>) {
  for (const todo of TODOS) await expect(todoCard(page, todo.label, counts[todo.key])).toBeVisible();
}

/** Searches an admin table for `title` and approves (or publishes) its row. */
async function approveRow(page: Page, table: string, title: string, action: 'Approve' | 'Publish', toast: string) {
  await expect(page.getByRole('heading', { name: table, level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: action === 'Publish' ? 'Draft' : 'Pending' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('searchbox', { name: `Search ${table.toLowerCase()}` }).fill(title);
  const rows = page.getByRole('table', { name: table });
  await expect(rows.getByText(title, { exact: true })).toBeVisible();
  await rows.getByRole('button', { name: `${action} ${title}`, exact: true }).click();
  await expect(page.getByText(toast)).toBeVisible();
  // Off the pending (draft) tab once done.
  await expect(rows.getByText(title, { exact: true })).toHaveCount(0);
}

test('an admin clears the to-do list and the overview counts follow', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  const admin = await apiToken(request, ADMIN);
  const member = await apiToken(request, MEMBER);
  const identity = await request.get('/api/v1/identity/', { headers: bearer(admin) });
  const orgId = ((await identity.json()).data as { organization: { id: number } }).organization.id;

  // What waits: two people, a resource, an AI tool and a use case from a member, a draft job.
  const tag = unique('Queue', '');
  const people = await twoPendingPeople(request, admin, orgId, tag);
  const topicsAnswer = await request.get('/api/v1/topics/', { headers: bearer(member) });
  const topics = (await topicsAnswer.json()).data as { id: number; topic_area: number }[];
  const resource = `${tag} resource`;
  const tool = `${tag} tool`;
  const useCase = `${tag} use case`;
  const job = `${tag} job`;
  expect(
    (
      await created(request, member, '/api/v1/contents/', {
        type: 'resource',
        contribute: true,
        title: resource,
        content: '<p>A guide to reading the job market.</p>',
        group: orgId,
        topics: [topics[0].id],
        topic_area: topics[0].topic_area,
        career_stages: ['early_career'],
      })
    ).status,
  ).toBe('pending');
  expect(
    (
      await created(request, member, '/api/v1/ai-tools/', {
        name: tool,
        description: '<p>Drafts letters for you.</p>',
        group: orgId,
        categories: ['writing'],
      })
    ).status,
  ).toBe('pending');
  expect(
    (
      await created(request, member, '/api/v1/use-cases/', {
        title: useCase,
        description: '<p>Summarise weekly reports.</p>',
        group: orgId,
        business_value: 'high',
        complexity: 'low',
        innovation_category: 'incremental',
      })
    ).status,
  ).toBe('pending');
  expect(
    (
      await created(request, admin, '/api/v1/jobs/', {
        group: orgId,
        title: job,
        description: '<p>Help us run the learning circles.</p>',
        job_location: 'remote',
        job_type: 'full_time',
        countries: ['Kenya'],
        career_stages: ['early_career'],
      })
    ).job_status,
  ).toBe('pending');
  const before = await metrics(request, admin);

  // The admin view, chosen from the top bar as an administrator does.
  const page = await signedInPage(browser, request, ADMIN, '/', phone);
  await page.getByRole('button', { name: 'Admin view' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expectTodoCounts(page, before);
  if (phone) await expectNoSidewaysScroll(page);

  // Members: the card opens the pending tab; both new people accepted in one go.
  await todoCard(page, 'Pending members', before.pending_members_count).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/members\?status=pending$/);
  await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(tag);
  // The search settles into the address after a pause, and a new filter clears the selection:
  // select once it is there, not while the unfiltered page still shows the same people.
  await expect(page).toHaveURL(/[?&]q=/);
  const members = page.getByRole('table', { name: 'Members' });
  for (const name of people) await expect(members.getByText(name, { exact: true })).toBeVisible();
  for (const name of people) await members.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('button', { name: 'Accept selected (2)' }).click();
  await expect(page.getByText('Members accepted successfully')).toBeVisible();
  await expect(members.getByText('No members found.')).toBeVisible();
  if (phone) await expectNoSidewaysScroll(page);

  // The resource, the AI tool, the use case and the job, each from its to-do card: back to the
  // overview by the side menu (the drawer on the phone), where the counts so far have followed.
  const now = { ...before, pending_members_count: before.pending_members_count - 2 };
  const items: { card: string; path: string; table: string; title: string; action: 'Approve' | 'Publish'; toast: string; key: TodoKey }[] =
    [
      {
        card: 'Pending resources',
        path: 'resources',
        table: 'Resources',
        title: resource,
        action: 'Approve',
        toast: 'Resource approved successfully',
        key: 'total_pending_resources',
      },
      {
        card: 'Pending AI tools',
        path: 'ai-tools',
        table: 'AI Tools',
        title: tool,
        action: 'Approve',
        toast: 'Successfully approved AI tool',
        key: 'total_pending_ai_tools',
      },
      {
        card: 'Pending use cases',
        path: 'usecases',
        table: 'Use Cases',
        title: useCase,
        action: 'Approve',
        toast: 'Successfully approved use case',
        key: 'total_pending_use_cases',
      },
      {
        card: 'Draft jobs',
        path: 'jobs',
        table: 'Jobs',
        title: job,
        action: 'Publish',
        toast: 'Job published successfully',
        key: 'total_pending_jobs',
      },
    ];
  for (const item of items) {
    await openFromMenu(page, phone, 'Overview');
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expectTodoCounts(page, now);
    await todoCard(page, item.card, now[item.key]).click();
    await expect(page).toHaveURL(new RegExp(`/admin-dashboard/${item.path}\\?status=pending$`));
    await approveRow(page, item.table, item.title, item.action, item.toast);
    now[item.key] -= 1;
  }

  // Back on the overview, every count is lower by what was cleared.
  await openFromMenu(page, phone, 'Overview');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expectTodoCounts(page, {
    pending_members_count: before.pending_members_count - 2,
    total_pending_jobs: before.total_pending_jobs - 1,
    total_pending_resources: before.total_pending_resources - 1,
    total_pending_ai_tools: before.total_pending_ai_tools - 1,
    total_pending_use_cases: before.total_pending_use_cases - 1,
  });
  if (phone) await expectNoSidewaysScroll(page);
  await page.context().close();
});
