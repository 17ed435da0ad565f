import { expect, test, type Page } from '@playwright/test';
import { signedInPage } from './support';

// The members' Recommendations tab against the real binary on the demo seed (scripts/e2e.sh),
// at desktop size and on the 375 px phone: the organization's administrator picks a group to
// recommend people from and sees who fits the Generative AI circle and why. Nothing is changed.

const ADMIN = 'admin@example.com';
const OPEN_CIRCLE = '/circle/generative-ai-for-career-changers';

/** Nothing sticks out sideways (the 375 px layout). */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

test('an administrator picks a group and sees who to invite, best fit first', async ({ browser, request }, testInfo) => {
  const page = await signedInPage(browser, request, ADMIN, `${OPEN_CIRCLE}/people`, testInfo.project.name === 'phone');
  const members = page.getByRole('region', { name: 'Members' });
  await members.getByRole('tab', { name: 'Recommendations' }).click();
  await expect(members.getByText('Pick a group to recommend people from.')).toBeVisible();
  await expectNoSidewaysScroll(page);

  await members.getByRole('combobox', { name: 'Recommend people from' }).fill('Waypoint');
  await page.getByRole('option', { name: /Waypoint Demo/ }).click();
  const list = members.getByRole('list', { name: 'Recommended people' });
  // Sam's registration answers match the circle's career stage (other journeys may add people
  // who fit better); Maria asked to join already, so she is not recommended.
  await expect(list.getByRole('listitem').filter({ hasText: 'Sam Okafor' })).toContainText("At the group's career stage");
  await expect(list.getByRole('button', { name: 'Invite Sam Okafor' })).toBeVisible();
  await expect(list.getByText('Maria Lopez')).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  // Research collaboration looks across the whole site (the matching engine ranks its members
  // by what they share with the circle): no group to pick, and still no one who asked to join.
  await members.getByRole('radio', { name: 'Research collaboration (whole site)' }).check();
  await expect(members.getByRole('combobox', { name: 'Recommend people from' })).toHaveCount(0);
  await expect(list.or(members.getByText('No one to recommend yet.'))).toBeVisible();
  await expect(members.getByText('Maria Lopez')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.context().close();
});
