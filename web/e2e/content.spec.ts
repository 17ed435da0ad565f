import { expect, test } from '@playwright/test';

import { signedInPage, pickOption, unique } from './support';

// Content journeys against the real binary on the demo seed (scripts/e2e.sh): a member (Sam,
// in the running circle) shares a post with an image and another member of the circle (its
// leader, the organization's administrator) sees it; Sam, a certified member, contributes a
// resource in the Resource Hub, the administrator approves it and it appears in the hub; the
// administrator sends a newsletter to the circle and it reaches Sam's mailbox. Each project
// (desktop, 375 px phone) writes its own items, named uniquely.

const ADMIN = 'admin@example.com';
const SAM = 'sam@example.com';
const CIRCLE = '/circle/data-analysis-study-group';

interface Mail {
  to: string;
  subject: string;
  text?: string;
  text_body?: string;
}

/** A small PNG (1×1, red). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('a member shares a post with an image in a circle and another member sees it', async ({ browser, request }, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'phone';
  const text = unique('Notes from this week');
  const sam = await signedInPage(browser, request, SAM, `${CIRCLE}/posts`, phone);
  await expect(sam.getByRole('heading', { name: 'Posts' })).toBeVisible();
  await sam.getByRole('button', { name: 'Create post' }).click();
  const dialog = sam.getByRole('dialog', { name: 'Share something' });
  await dialog.locator('.ProseMirror').first().fill(`${text} https://example.org/`);
  await pickOption(sam, 'Security level', 'Public');
  await dialog.getByLabel('Add files').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('button', { name: /chart.*png/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(sam.getByText('Post shared')).toBeVisible();
  const mine = sam.getByRole('article', { name: new RegExp(text.slice(0, 30)) });
  await expect(mine.getByRole('img', { name: /chart/ })).toBeVisible();

  const admin = await signedInPage(browser, request, ADMIN, `${CIRCLE}/posts`, phone);
  const seen = admin.getByRole('article', { name: new RegExp(text.slice(0, 30)) });
  await expect(seen).toBeVisible();
  await expect(seen.getByText('Sam Okafor')).toBeVisible();
  await expect(seen.getByRole('img', { name: /chart/ })).toBeVisible();
  // Only the author edits or deletes.
  await expect(seen.getByRole('button', { name: 'Post actions' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Post actions' })).toBeVisible();
});

test('a certified member contributes a resource, the administrator approves it and it appears in the Resource Hub', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'phone';
  const title = unique('Pandas cheat sheet');
  const sam = await signedInPage(browser, request, SAM, '/resourcehub', phone);
  await expect(sam.getByRole('heading', { name: 'Resource Hub' })).toBeVisible();
  await sam.getByRole('link', { name: 'Contribute' }).click();
  await expect(sam.getByRole('heading', { name: 'Contribute a resource' })).toBeVisible();
  // The contribute form's required fields.
  await sam.getByRole('button', { name: 'Submit' }).click();
  await expect(sam.getByText('Required').first()).toBeVisible();
  await sam.getByLabel(/^Title/).fill(title);
  await sam.locator('.ProseMirror').first().fill('Every dataframe method on one page.');
  await pickOption(sam, /^Group/, /^Waypoint Demo$/);
  await sam.getByRole('combobox', { name: /^Topics/ }).fill('Generat');
  await sam.getByRole('option', { name: /Generative AI/ }).first().click();
  await pickOption(sam, /^Topic area/, 'AI and Data');
  await pickOption(sam, /^Career stages/, /./);
  await sam.keyboard.press('Escape');
  await sam.getByRole('button', { name: 'Submit' }).click();
  await expect(sam.getByText('Resource submitted for review')).toBeVisible();
  await expect(sam.getByRole('heading', { name: title })).toBeVisible();
  await expect(sam.getByText('Pending review')).toBeVisible();

  // Not in the hub while pending.
  await sam.goto(`/resourcehub?q=${encodeURIComponent(title.split(' ').pop() ?? title)}`);
  await expect(sam.getByText('No resources found')).toBeVisible();

  // The administrator approves it from the organization's Resources tab.
  const admin = await signedInPage(browser, request, ADMIN, '/org/waypoint-demo/resources', phone);
  const card = admin.locator('.MuiCard-root', { hasText: title });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Resource approved successfully')).toBeVisible();

  await sam.reload();
  await expect(sam.getByRole('link', { name: new RegExp(title) })).toBeVisible();
});

test('a newsletter reaches the members’ mailbox', async ({ browser, request }, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'phone';
  const text = unique('Circle newsletter');
  const admin = await signedInPage(browser, request, ADMIN, '/', phone);
  await expect(admin.getByRole('heading', { name: 'Share Something' })).toBeVisible();
  await pickOption(admin, 'Type', 'Newsletter');
  await admin.getByRole('button', { name: 'Submit a newsletter' }).click();
  await expect(admin).toHaveURL(/\/create\/newsletter$/);
  const dialog = admin.getByRole('dialog', { name: 'Submit a newsletter' });
  await pickOption(admin, /^Group/, 'Data Analysis Study Group');
  await dialog.locator('.ProseMirror').first().fill(text);
  await dialog.getByRole('checkbox', { name: "Email it to the group's members" }).check();
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(admin.getByText('Newsletter submitted')).toBeVisible();
  await expect(admin).toHaveURL(/\/$/);

  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as Mail[];
        return mails.some((mail) => mail.to.includes(SAM) && `${mail.subject} ${mail.text ?? mail.text_body ?? ''}`.includes(text));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const page = await admin.context().newPage();
  await page.goto('/dev/mailbox');
  await expect(page.getByText(text).first()).toBeVisible();
});
