import { expect, test, type Locator, type Page } from '@playwright/test';
import { appReady } from './support';

// Issue 30: a list filter shows a look-alike of the closed select until MUI's select is in
// (components/forms/SelectField). One tap or key must open the menu, once, whatever the
// download is doing: held back while the press is down, landing as the press ends, or long in.
// The phone project taps (touch events), the desktop one clicks.

const CHUNK = /\/assets\/SelectFieldImpl-[^/]*\.js$/;

/** Holds MUI's select chunk back until `release()`. */
async function holdSelectChunk(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Puts a finger (phones) or the mouse button down on `target`; returns the release. */
async function pressDown(page: Page, target: Locator): Promise<() => Promise<void>> {
  // Clear of the phone's sticky sign-up banner at the screen's bottom.
  await target.evaluate((node) => node.scrollIntoView({ block: 'center' }));
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (test.info().project.use.hasTouch) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    return async () => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
  }
  await page.mouse.move(x, y);
  await page.mouse.down();
  return () => page.mouse.up();
}

async function tap(target: Locator) {
  if (test.info().project.use.hasTouch) await target.tap();
  else await target.click();
}

/** The menu is open, once, and stays open (nothing of the opening tap closes it). */
async function expectOpenOnce(page: Page) {
  await expect(page.getByRole('listbox')).toHaveCount(1);
  await page.waitForTimeout(500);
  await expect(page.getByRole('listbox')).toHaveCount(1);
  await expect(page.getByRole('listbox')).toBeVisible();
}

async function weeks(page: Page): Promise<Locator> {
  await page.goto('/circles');
  await appReady(page);
  const field = page.getByRole('combobox', { name: 'Weeks' });
  await expect(field).toHaveText('All');
  return field;
}

test('a press held while the select downloads opens the menu once it is released', async ({ page }) => {
  const release = await holdSelectChunk(page);
  const field = await weeks(page);
  const lift = await pressDown(page, field);
  const arrived = page.waitForResponse(CHUNK);
  release();
  await arrived;
  await page.waitForTimeout(300);
  await lift();
  await expectOpenOnce(page);
  await page.getByRole('option', { name: '2 weeks' }).click();
  await expect(page).toHaveURL(/[?&]weeks=2\b/);
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

test('a tap as the select download lands opens the menu once', async ({ page }) => {
  const release = await holdSelectChunk(page);
  const field = await weeks(page);
  release();
  await tap(field);
  await expectOpenOnce(page);
});

test('a tap long after the download opens the menu once', async ({ page }) => {
  const arrived = page.waitForResponse(CHUNK);
  const field = await weeks(page);
  await arrived;
  await page.waitForTimeout(1000);
  await tap(field);
  await expectOpenOnce(page);
  await page.getByRole('option', { name: '1 month' }).click();
  await expect(page).toHaveURL(/[?&]weeks=4\b/);
});

for (const key of ['Enter', 'Space', 'ArrowDown']) {
  test(`${key} on the look-alike opens the menu once it is in, and Escape gives the focus back`, async ({ page }) => {
    const release = await holdSelectChunk(page);
    const field = await weeks(page);
    await field.focus();
    await page.keyboard.press(key);
    release();
    await expectOpenOnce(page);
    await expect(page.getByRole('option', { name: 'All' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Weeks' })).toBeFocused();
    await expect(page.getByRole('combobox', { name: 'Weeks' })).toHaveAttribute('aria-expanded', 'false');
  });
}
