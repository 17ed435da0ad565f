import { expect, test } from '@playwright/test';

import { signedInPage } from './support';

// Paid circles and donations against the real binary on the demo seed (scripts/e2e.sh): a
// member pays for the demo's paid circle on the local checkout and is a confirmed member;
// a member donates to the demo organization. Both projects share one database, so each uses
// its own members (Kwame on desktop, Lena on the phone).

test('a member pays for a paid circle on the local checkout and becomes a confirmed member', async ({ browser, request }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const email = phone ? 'lena@example.com' : 'kwame@example.com';
  const page = await signedInPage(browser, request, email, '/circle/ai-career-accelerator', phone);

  const card = page.getByRole('region', { name: 'Pay card' });
  // 49.00 less the circle's 10 % (the free tier has no circle discount).
  await expect(card.getByTestId('pay-amount')).toHaveText('$44.10 USD');
  await expect(page.getByRole('button', { name: 'Join', exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/checkout\/cs_/);
  await expect(page.getByRole('heading', { name: 'AI Career Accelerator' })).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText('$44.10');
  const number = page.getByLabel('Card number');
  // The declined card: nothing paid, the page stays.
  await number.fill('4000000000000002');
  await number.press('Enter');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await number.fill('4242424242424242');
  await number.press('Enter');

  await expect(page).toHaveURL(/\/payment\/success\?type=payment&group=ai-career-accelerator/);
  await expect(page.getByRole('heading', { name: 'Payment Success' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Circle' }).click();
  await expect(page).toHaveURL(/\/circle\/ai-career-accelerator$/);
  await expect(page.getByText('Payment confirmed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Member', exact: true })).toBeVisible();
});

test('a member donates to the organization', async ({ browser, request }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const email = phone ? 'lena@example.com' : 'kwame@example.com';
  const page = await signedInPage(browser, request, email, '/org/waypoint-demo/donate', phone);

  const donation = page.getByRole('region', { name: 'Donate' });
  await expect(donation.getByText('Scholarship fund')).toBeVisible();
  await donation.getByLabel(/General support/).check();
  const amount = donation.getByLabel('Amount (USD)');
  await amount.fill('0.50');
  await donation.getByRole('button', { name: 'Donate' }).click();
  await expect(donation.getByText('The smallest donation is $1.00')).toBeVisible();
  await donation.getByRole('button', { name: '$50' }).click();
  await expect(amount).toHaveValue('50');
  await donation.getByRole('button', { name: 'Donate' }).click();

  await expect(page).toHaveURL(/\/checkout\/cs_/);
  await expect(page.getByText('Donation', { exact: true })).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText('$50.00');
  const number = page.getByLabel('Card number');
  await number.fill('4242424242424242');
  await number.press('Enter');
  await expect(page).toHaveURL(/\/payment\/success\?type=donation/);
  await expect(page.getByRole('heading', { name: 'Donation Complete' })).toBeVisible();
});
