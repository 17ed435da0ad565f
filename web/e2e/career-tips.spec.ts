import { expect, test, type Page } from '@playwright/test';

import { signedInPage, unique } from './support';

// Career tips against the real binary on the demo seed (scripts/e2e.sh): a member (Maria)
// shares a tip, it waits for review; the organization's administrator approves it from the
// review tab; it shows in /career-tips with Maria's picture and profile link; another member
// (Sam) upvotes it and the score holds after a reload. Each project (desktop, 375 px phone)
// writes its own tip, named uniquely.

const ADMIN = 'admin@example.com';
const MARIA = 'maria@example.com';
const SAM = 'sam@example.com';

test('a member shares a career tip, the administrator approves it, it shows with its author and another member upvotes it', async (
  { browser, request },
  testInfo,
) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  const word = unique('Mentorship', '');
  const text = `${word} matters: ask one senior colleague for feedback every month`;
  const card = (page: Page) => page.getByRole('article', { name: new RegExp(word) });

  // Maria shares it: pending, in her own tips.
  const maria = await signedInPage(browser, request, MARIA, '/career-tips', phone);
  await expect(maria.getByRole('heading', { name: 'Career Tips', level: 1 })).toBeVisible();
  await maria.getByRole('button', { name: 'Share a tip' }).click();
  const dialog = maria.getByRole('dialog', { name: 'Share a career tip' });
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await dialog.locator('.ProseMirror').first().fill(text);
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(maria.getByText(/Career tip shared/)).toBeVisible();
  await expect(maria.getByRole('tab', { name: 'My tips', selected: true })).toBeVisible();
  await expect(card(maria).getByText('pending')).toBeVisible();

  // The administrator approves it from the review tab.
  const admin = await signedInPage(browser, request, ADMIN, '/career-tips?tab=review', phone);
  await expect(card(admin)).toBeVisible();
  await card(admin).getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Career tip approved successfully')).toBeVisible();

  // Sam sees it in the list with Maria's picture and profile link, and upvotes it.
  const sam = await signedInPage(browser, request, SAM, '/career-tips', phone);
  const tip = card(sam);
  await expect(tip).toBeVisible();
  await expect(tip.getByRole('link', { name: 'Maria Lopez', exact: true })).toHaveAttribute('href', /^\/profile\/.+/);
  await expect(tip.getByRole('link', { name: "Maria Lopez's profile" })).toBeVisible();
  if (phone) {
    const box = await tip.boundingBox();
    expect(box && box.width <= 375).toBe(true);
  }
  await expect(tip.getByTestId('vote-score')).toHaveText('0');
  await tip.getByRole('button', { name: 'Upvote' }).click();
  await expect(tip.getByTestId('vote-score')).toHaveText('1');
  await expect(tip.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  await sam.reload();
  await expect(card(sam).getByTestId('vote-score')).toHaveText('1');

  // The detail page by slug, and the author's profile link leads there.
  await card(sam).getByRole('link', { name: 'Open' }).click();
  await expect(sam).toHaveURL(/\/career-tip\/mentorship/);
  await expect(card(sam).getByTestId('vote-score')).toHaveText('1');
  await card(sam).getByRole('link', { name: 'Maria Lopez', exact: true }).click();
  await expect(sam).toHaveURL(/\/profile\//);
});
