import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

// Member management screens against the real binary on the demo seed (scripts/e2e.sh), on
// the desktop and the 375 px phone project: the tabs' actions, the reject and details
// dialogs by keyboard, the applicants table's filters, and the Invite People dialog. Nothing
// is changed (every dialog is cancelled), so both projects see the same seed: maria's pending
// request to the open circle, and the conference.

const DEMO_PASSWORD = 'waypoint-demo';
const ADMIN = 'admin@example.com';
const OPEN_CIRCLE = '/circle/generative-ai-for-career-changers';
const CONFERENCE = '/event/future-of-work-conference';

let tokens: { access: string; refresh: string } | null = null;

async function adminPage(browser: Browser, request: APIRequestContext, path: string): Promise<Page> {
  if (!tokens) {
    const answer = await request.post('/api/v1/token/', { data: { username: ADMIN, password: DEMO_PASSWORD } });
    expect(answer.ok(), await answer.text()).toBe(true);
    tokens = ((await answer.json()) as { data: { access: string; refresh: string } }).data;
  }
  const context = await browser.newContext();
  await context.addInitScript(
    ([access, refresh]) => {
      if (!window.localStorage.getItem('accessToken')) {
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
      }
    },
    [tokens.access, tokens.refresh],
  );
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** Nothing sticks out sideways (the 375 px layout). */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

test('the members list offers each tab its own actions, and reject asks for a reason by keyboard', async ({ browser, request }) => {
  const page = await adminPage(browser, request, `${OPEN_CIRCLE}/people`);
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('tab', { name: /^Accepted/ })).toBeVisible();
  await expect(members.getByRole('button', { name: 'Add member' })).toBeVisible();
  await expect(members.getByRole('button', { name: 'Manage' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  await members.getByRole('tab', { name: /^Pending/ }).click();
  await expect(members.getByText('Maria Lopez')).toBeVisible();
  await expect(members.getByRole('button', { name: 'Manage' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The row menu by keyboard: Enter opens it, the arrows move, Enter picks Reject.
  await members.getByRole('button', { name: 'Actions for Maria Lopez' }).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['View details', 'Accept', 'Reject']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Reject' })).toBeFocused();
  await page.keyboard.press('Enter');
  const reject = page.getByRole('dialog', { name: 'Reject member' });
  await expect(reject.getByLabel('Reason (optional)')).toBeFocused();
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(reject).toHaveCount(0);

  // The answers: the same details dialog as the applicants table.
  await members.getByRole('button', { name: 'Actions for Maria Lopez' }).click();
  await page.getByRole('menuitem', { name: 'View details' }).click();
  const details = page.getByRole('dialog', { name: 'Maria Lopez' });
  await expect(details.getByText('Status:')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expect(members.getByText('Maria Lopez')).toBeVisible();

  // Manage: accept or reject only, and nothing chosen after a tab change.
  await members.getByRole('button', { name: 'Manage' }).click();
  await members.getByLabel('Action').click();
  await expect(page.getByRole('option')).toHaveText(['Accept', 'Reject']);
  await page.getByRole('option', { name: 'Accept' }).click();
  await members.getByRole('tab', { name: /^Unverified/ }).click();
  await members.getByRole('tab', { name: /^Pending/ }).click();
  await members.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Please select an action to perform.')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the applicants table searches and filters by role; Invite People starts in its search box', async ({ browser, request }) => {
  const page = await adminPage(browser, request, `${CONFERENCE}/admin`);
  const applicants = page.getByRole('region', { name: 'Applicants' });
  await expect(applicants.getByRole('tab', { name: /^Accepted/ })).toBeVisible();
  await expect(applicants.getByRole('combobox', { name: 'Role' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await applicants.getByRole('searchbox', { name: 'Search applicants' }).fill('zzqx');
  await expect(applicants.getByText('No applicants match these filters.')).toBeVisible();
  await applicants.getByRole('combobox', { name: 'Role' }).click();
  await expect(page.getByRole('option')).toHaveText(['All roles', 'Attendee', 'Presenter']);
  await page.keyboard.press('Escape');
  await expectNoSidewaysScroll(page);

  await page.goto('/org/waypoint-demo');
  await page.getByRole('button', { name: 'Invite People' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite People' });
  await expect(invite.getByRole('combobox', { name: 'Search people' })).toBeFocused();
  await invite.getByLabel('Email address').fill('someone@example');
  await invite.getByRole('button', { name: 'Send' }).click();
  await expect(invite.getByText('Please enter a valid email address')).toBeVisible();
  await expect(invite.getByText('Please add at least one email address or select a user')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(invite).toHaveCount(0);
});
