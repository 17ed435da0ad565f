import { expect, test, type Page } from '@playwright/test';
import { session } from './support';

// Issue 30: guest pages arrive prerendered (the first screen is in the HTML, with the tenant's
// texts and the first page's data) and are hydrated without a mismatch; signed-in visitors get
// the app's own render. Phones are told by their user agent (the "phone" project keeps a
// desktop one: it gets the desktop template at 375 px, which the app then adapts).

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** Console errors and uncaught errors of a page (a hydration mismatch is reported as one). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the landing page is in the HTML with the tenant texts, and hydrates', async ({ page, request }) => {
  const html = await (await request.get('/', { headers: { 'user-agent': PHONE_UA } })).text();
  expect(html).toContain('data-prerendered="phone"');
  expect(html).toContain('Grow your career in the age of AI');
  expect(html).toContain('<title>Waypoint Demo</title>');

  const errors = watchErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Grow your career in the age of AI' })).toBeVisible();
  // Hydrated: the app answers clicks (the CTA is a client-side link).
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the login form works on the prerendered page', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/login');
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
  await page.getByLabel('Email').fill('maria@example.com');
  await page.getByLabel('Password').fill('not-her-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  expect(errors.filter((text) => !text.includes('401') && !text.includes('400'))).toEqual([]);
});

test('a list carries its first page: the cards show without asking the API for them', async ({ page, request }) => {
  const html = await (await request.get('/circles', { headers: { 'user-agent': PHONE_UA } })).text();
  expect(html).toContain('<script id="first-data" type="application/json">');
  const listRequests: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/v1\/circles\/\?/.test(req.url())) listRequests.push(req.url());
  });
  const errors = watchErrors(page);
  await page.goto('/circles');
  await expect(page.getByRole('list', { name: 'Circles' }).getByRole('listitem').first()).toBeVisible();
  expect(listRequests).toEqual([]);
  // Filtering asks the API as usual.
  await page.getByLabel('Search circles').fill('AI');
  await page.getByLabel('Search circles').press('Enter');
  await expect.poll(() => listRequests.length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('a signed-in visitor gets their own page, not the guest one', async ({ browser, request }) => {
  const tokens = await session(request, 'maria@example.com');
  const context = await browser.newContext();
  await context.addInitScript(([access, refresh]) => {
    localStorage.setItem('accessToken', access);
    localStorage.setItem('refreshToken', refresh);
  }, [tokens.access, tokens.refresh]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto('/circles');
  await expect(page.getByRole('list', { name: 'Circles' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sign up' })).toHaveCount(0);
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});
