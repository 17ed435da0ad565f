import { expect, test, type Locator, type Page } from '@playwright/test';

import { signedInPage } from './support';

// Guidance by meaning (issue 29) on the demo seed (scripts/e2e.sh runs the server with the
// sentence-embedding model). Noor, a business analyst whose goal is to move into data science
// (her profile says so, in other words than the circle's), is recommended the Predictive
// Modelling Lab before any other circle, and asks the assistant a question that shares none of
// the circle's words: the circle is in the answer. Desktop: the right panel; phone (375 px):
// Connect's Recommended panel and the CareerGPS home's AMA chat.

const CIRCLE = '/circle/predictive-modelling-lab';
const QUESTION = 'What should I study to switch from reporting to building forecasts?';

/** The href of every item link under `scope` (and of the Related drawer, once opened). */
async function itemHrefs(page: Page, scope: Locator): Promise<string[]> {
  const more = scope.getByRole('button', { name: 'Show More' });
  const hrefs = await scope.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  if (await more.isVisible()) {
    await more.click();
    const drawer = page.getByRole('presentation').filter({ has: page.getByRole('heading', { name: 'Related' }) });
    await expect(drawer.getByRole('link').first()).toBeVisible();
    hrefs.push(...(await drawer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))));
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
  }
  return hrefs;
}

test('the right panel recommends the circle of her goal first and the assistant finds it by meaning', async ({ browser, request }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the right panel is for large screens');
  const page = await signedInPage(browser, request, 'noor@example.com', '/circles', false);
  const panel = page.getByRole('complementary', { name: 'Assistant' });

  await panel.getByRole('tab', { name: 'Recommendations' }).click();
  await expect(panel.getByRole('link').first()).toBeVisible();
  const circles = (await itemHrefs(page, panel)).filter((href) => href.startsWith('/circle/'));
  expect(circles[0]).toBe(CIRCLE);
  await expect(panel.getByText(/You want to move from business analysis into data science/).first()).toBeAttached();

  await panel.getByRole('tab', { name: 'AMA' }).click();
  await panel.getByLabel('Ask me anything about your career').fill(QUESTION);
  await panel.getByRole('button', { name: 'Send' }).click();
  const answer = panel.getByTestId('ama-answer').first();
  await expect(answer.getByText(/Predictive Modelling Lab/).first()).toBeVisible({ timeout: 20_000 });
  expect(await itemHrefs(page, answer)).toContain(CIRCLE);
  await expect(page.getByRole('dialog', { name: 'Upgrade to use the assistant' })).toHaveCount(0);
});

test('on a phone, Connect recommends the circle of her goal and the AMA chat finds it by meaning', async ({ browser, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the Recommended panel and the AMA toggle are for small screens');
  const page = await signedInPage(browser, request, 'noor@example.com', '/connect', true);
  const recommended = page.getByRole('region', { name: 'Recommended' });
  await expect(recommended).toBeVisible();
  await recommended.getByLabel('Type').click();
  await page.getByRole('option', { name: 'Circles' }).click();
  await expect(recommended.getByRole('link').first()).toHaveAttribute('href', CIRCLE);

  await page.goto('/careergps');
  await page.getByRole('button', { name: 'Open AMA chat' }).click();
  const chat = page.getByRole('region', { name: 'AMA chat' });
  await chat.getByLabel('Ask me anything about your career').fill(QUESTION);
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByTestId('ama-answer').first().getByText(/Predictive Modelling Lab/).first()).toBeVisible({ timeout: 20_000 });
});
