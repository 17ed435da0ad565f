import { expect, test } from '@playwright/test';

import { signedInPage } from './support';

// Circle favourites and the influencer pages against the real binary on the demo seed
// (scripts/e2e.sh): a member favourites a circle from the circles list and finds it in
// Favorites (desktop as Sam, the 375 px phone as Maria); a guest opens /influencers and
// /influential-orgs and sees the demo influencers.


test('a member favourites a circle and finds it in Favorites', async ({ browser, request }, testInfo) => {
  test.setTimeout(60_000);
  const phone = testInfo.project.name === 'phone';
  const member = phone ? 'maria@example.com' : 'sam@example.com';
  const page = await signedInPage(browser, request, member, '/circles', phone);
  await expect(page.getByRole('heading', { name: 'Career Circle' })).toBeVisible();

  const add = page.getByRole('button', { name: /^Add .+ to favourites$/ }).first();
  await expect(add).toBeVisible();
  const label = (await add.getAttribute('aria-label')) ?? '';
  const circle = label.replace(/^Add /, '').replace(/ to favourites$/, '');
  await add.click();
  await expect(page.getByText('Added to favourites')).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${circle} from favourites` })).toBeVisible();

  await page.goto('/favorites');
  const section = page.getByRole('region', { name: 'Circles' });
  await expect(section.getByRole('link', { name: circle })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Events' }).getByText('No favorite events found.')).toBeVisible();

  // The circle's page shows it bookmarked; removing it empties the section.
  await section.getByRole('link', { name: circle }).click();
  await page.getByRole('button', { name: `Remove ${circle} from favourites` }).click();
  await expect(page.getByText('Removed from favourites')).toBeVisible();
  await page.goto('/favorites');
  await expect(page.getByRole('region', { name: 'Circles' }).getByText('No favorite circles found.')).toBeVisible();
});

test('a guest opens the influencer pages', async ({ page }) => {
  await page.goto('/influencers');
  await expect(page.getByRole('heading', { name: 'Highly Influential People' })).toBeVisible();
  const people = page.getByRole('list', { name: 'Influential people' });
  await expect(people.getByText('Lena Fischer')).toBeVisible();
  await expect(people.getByText('Kwame Mensah')).toBeVisible();

  await page.goto('/influential-orgs');
  await expect(page.getByRole('heading', { name: 'Highly Influential Organization' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Influential organizations' }).getByText('Open AI Literacy Foundation')).toBeVisible();
});
