import { expect, test } from '@playwright/test';

import { signedInPage } from './support';

// CareerGPS (issue 18) on the demo seed (scripts/e2e.sh), at desktop size and on the 375 px
// phone: a member takes the AI Readiness Assessment step by step, gets the report with the
// level its answers give, shares it, and a browser without a session opens the shared URL.

test('a member takes the AI readiness assessment, shares the report and a guest opens it', async ({ browser, request }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const page = await signedInPage(browser, request, 'maria@example.com', '/careergps/aira', phone);
  await expect(page.getByRole('heading', { name: 'AI Readiness Assessment', level: 1 })).toBeVisible();

  // Career information: the profile is used as it is.
  await page.getByRole('button', { name: 'Next' }).click();

  // Every slider to 6 of 10 with the keyboard: 60 %, Intermediate (under 70 %).
  const sliders = page.getByRole('slider');
  await expect(sliders.first()).toBeVisible();
  const count = await sliders.count();
  expect(count).toBeGreaterThan(9);
  for (let i = 0; i < count; i += 1) {
    await sliders.nth(i).focus();
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowRight');
  }
  await page.getByRole('button', { name: 'See my score' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();

  await expect(page).toHaveURL(/\/careergps-report\/aira-/);
  await expect(page.getByRole('heading', { name: 'AI Readiness Assessment Report' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'AI readiness: 60% (Intermediate)' })).toBeVisible();

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share report' });
  const url = await dialog.getByLabel('Public URL').inputValue();
  expect(url).toMatch(/\/careergps-report\/aira-/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Another browser, signed out, opens the shared report.
  const guest = await browser.newContext(phone ? { viewport: { width: 375, height: 812 } } : {});
  const guestPage = await guest.newPage();
  await guestPage.goto(new URL(url).pathname);
  await expect(guestPage.getByRole('heading', { name: 'AI Readiness Assessment Report' })).toBeVisible();
  await expect(guestPage.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(guestPage.getByRole('link', { name: 'Try CareerGPS' })).toBeVisible();
  await guest.close();
  await page.context().close();
});
