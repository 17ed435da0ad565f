import { expect, test, type Page } from '@playwright/test';

import { apiToken, signedInPage } from './support';

// Community analytics (issue 33) against the real binary on the demo seed (scripts/e2e.sh):
// `waypoint seed` rolls the demo's history up, so the site's administrator opens the analytics
// page from the admin menu (the permanent column on desktop, the drawer at 375 px), reads the
// charts' text summaries, changes the period and downloads the weeks as CSV.

const ADMIN = 'admin@example.com';

async function openFromMenu(page: Page, phone: boolean, label: string) {
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Admin menu' });
  await menu.getByRole('link', { name: label, exact: true }).click();
  if (phone) await expect(menu).toBeHidden();
}

test('an admin reads the analytics and downloads them as CSV', async ({ browser, request }, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'phone';
  // What the page will show, as the API answers it.
  const token = await apiToken(request, ADMIN);
  const answer = await request.get('/api/v1/analytics/?weeks=4', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const report = (await answer.json()).data as { weeks: { members_joined: number }[] };
  const joined = report.weeks.reduce((sum, week) => sum + week.members_joined, 0);
  expect(joined).toBeGreaterThan(0);

  const page = await signedInPage(browser, request, ADMIN, '/', phone);
  await page.getByRole('button', { name: 'Admin view' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await openFromMenu(page, phone, 'Analytics');
  await expect(page).toHaveURL(/\/admin-dashboard\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

  const members = page.getByRole('region', { name: 'Members joining and accepted' });
  await expect(members).toBeVisible();
  await expect(members.getByText(/^Members joined: \d+ over 12 weeks, most in the week of/)).toBeVisible();
  // A chart is drawn (recharts' SVG), hidden from screen readers behind its summary.
  await expect(page.getByTestId('members-chart').locator('svg').first()).toBeVisible();
  for (const name of ['Active members', 'Posts and resources', 'Circles filling up', 'Assistant questions and ratings']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }

  // The period is kept in the address.
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Last 4 weeks' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/analytics\?weeks=4$/);
  await expect(members.getByText(new RegExp(`^Members joined: ${joined} over \\d weeks`))).toBeVisible();

  // Nothing sticks out sideways at 375 px.
  if (phone) {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
  }

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n').filter((line) => line.length > 0);
  expect(lines[0].split(',').slice(0, 3)).toEqual(['week_start', 'members_joined', 'members_accepted']);
  expect(lines.length).toBe(report.weeks.length + 1);
  const csvJoined = lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0);
  expect(csvJoined).toBe(joined);
  await page.context().close();
});
