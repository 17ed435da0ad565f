import { expect, test } from '@playwright/test';
import { appReady } from './support';

// Against the demo seed (waypoint seed --demo): "Waypoint Demo" on localhost / 127.0.0.1,
// "Star Academy" (star variant, no job menu, blue theme) on star.localhost.

const banner = 'The Future Belongs to Those Who Embrace AI — Will You?';

test('a guest lands on the configured landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Waypoint Demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Grow your career in the age of AI' })).toBeVisible();
  const getStarted = page.getByRole('link', { name: 'Get Started' });
  await expect(getStarted).toBeVisible();
  await expect(getStarted).toHaveAttribute('href', '/login');
  await expect(page.getByText('Learn together. Grow together.')).toBeVisible();
  const signUpBar = page.getByRole('complementary', { name: 'Sign up' });
  await expect(signUpBar.getByText(banner)).toBeVisible();
  await expect(signUpBar.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/signup?next=%2F');
});

test('Login and Signup carry the page to come back to', async ({ page }) => {
  await page.goto('/terms-and-conditions?section=privacy');
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute(
    'href',
    '/login?next=%2Fterms-and-conditions%3Fsection%3Dprivacy',
  );
  await expect(page.getByRole('link', { name: 'Signup' })).toHaveAttribute(
    'href',
    '/signup?next=%2Fterms-and-conditions%3Fsection%3Dprivacy',
  );
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fterms-and-conditions%3Fsection%3Dprivacy$/);
});

test('the terms page names the site host and survives a reload', async ({ page, baseURL }) => {
  const host = new URL(baseURL ?? 'http://127.0.0.1').host;
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await expect(page.getByText(`The terms of use of ${host}, the community of Waypoint Demo.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
});

test('an unknown page shows the 404 page, and Go to Home Page returns home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200); // the server hands the app every non-API path
  await expect(page.getByRole('heading', { name: 'Oops! 404 - Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home Page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
});

test('unknown API paths answer JSON, not the app', async ({ request }) => {
  const response = await request.get('/api/v1/no-such-thing/');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ detail: 'Not found.', code: 'NOT_FOUND' });
});

test('the side menu follows the viewport', async ({ page }, testInfo) => {
  await page.goto('/');
  await appReady(page);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  if (testInfo.project.name === 'phone') {
    await expect(nav).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Career Circle' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(nav).toBeHidden();
    // Choosing a page closes the drawer. (A page guests may open: /connect sends them on to
    // the login page, so its address shows only until the sign-in guard redirects.)
    await menuButton.click();
    await nav.getByRole('link', { name: 'Career Circle' }).click();
    await expect(page).toHaveURL(/\/circles$/);
    await expect(nav).toBeHidden();
  } else {
    await expect(menuButton).toBeHidden();
    await expect(nav).toBeVisible();
    for (const heading of ['Navigation', 'Community', 'Resources & Jobs', 'My Collections']) {
      await expect(nav.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Event' })).toHaveAttribute('href', '/events');
    await expect(nav.getByRole('link', { name: 'Job Board' })).toHaveAttribute('href', '/jobs');
    await expect(page.getByRole('link', { name: 'Waypoint', exact: true })).toBeVisible();
  }
});

test('nothing overflows sideways on the page', async ({ page }) => {
  for (const path of ['/', '/terms-and-conditions', '/no/such/page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the keyboard reaches the skip link and the guest buttons, with a visible focus ring', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  const login = page.getByRole('link', { name: 'Login' });
  for (let i = 0; i < 4 && !(await login.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(login).toBeFocused();
  expect(await login.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\?next=%2Fterms-and-conditions$/);

  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test('the second tenant is branded by its host', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'branding is the same at every width');
  const url = new URL(baseURL ?? 'http://127.0.0.1');
  url.hostname = 'star.localhost';
  await page.goto(url.toString());
  await expect(page).toHaveTitle('Star Academy');
  await expect(page.getByRole('heading', { level: 1, name: 'Star Academy: AI skills for every learner' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav.getByRole('link', { name: 'AI Tools' })).toHaveAttribute('href', '/ai-tools');
  await expect(nav.getByRole('link', { name: 'Event' })).toHaveCount(0);
  await expect(nav.getByRole('heading', { name: 'Resources', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Job Board' })).toHaveCount(0);
  const primary = await page.getByRole('link', { name: 'Get Started' }).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(primary).toBe('rgb(29, 78, 216)');
});

test('a toast on a phone leaves the top bar and its menu button free', async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the menu button shows on small screens only');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/org/waypoint-demo');
  await appReady(page);
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('menuitem', { name: 'Copy link' }).click();
  const toast = page.getByText(/^(Link copied to clipboard|Could not copy link)$/);
  await expect(toast).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const bar = await page.getByRole('banner').boundingBox();
  expect(bar).toBeTruthy();
  // Once it has slid in (it is visible from the first frame of its transition), the toast
  // sits below the bar.
  await expect
    .poll(async () => (await toast.boundingBox())?.y ?? -1, { timeout: 3_000 })
    .toBeGreaterThanOrEqual(bar!.y + bar!.height);
  // And the menu button takes the tap while the toast is still there.
  await menuButton.click({ timeout: 2_000 });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(toast).toBeVisible();
});
