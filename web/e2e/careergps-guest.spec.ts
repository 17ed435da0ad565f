import { expect, test, type Page } from '@playwright/test';

import { otpFor, ownAddress, unique } from './support';

// CareerGPS for a visitor (issue 18) on the demo seed (scripts/e2e.sh), at desktop size and on
// the 375 px phone: a guest opens the AI Readiness Assessment from the CareerGPS home, gives
// personal information (a trial account), a resume and career information, answers the
// questions, meets the sign-up invitation, signs up (bot-check, emailed code), comes back to the
// report step, gets the report with the level its answers give and shares it; a browser without
// a session opens the shared URL.

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A one-page text PDF with a cross-reference table, as the upload's content check wants. */
function tinyPdf(): Buffer {
  const content = 'BT /F1 14 Tf 72 740 Td (GINA GUEST) Tj ET\nBT /F1 11 Tf 72 720 Td (Data analyst) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

test('a guest takes AIRA, signs up at the end, sees the report with the level and shares it', async ({ browser, request }, testInfo) => {
  test.setTimeout(150_000);
  const phone = testInfo.project.name === 'phone';
  const size = phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : {};
  // The visitor's own address: sign-ups and assessments are limited per address.
  const context = await browser.newContext({ ...size, extraHTTPHeaders: { 'X-Forwarded-For': ownAddress() } });
  const page = await context.newPage();
  const email = `${unique('guest-aira', '-')}@example.com`;

  // The CareerGPS home: step 1 of the AI skills path opens AIRA.
  await page.goto('/careergps');
  await expect(page.getByRole('heading', { level: 1, name: 'Unlock Your Career Potential with AI' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Learn AI Skills' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('link', { name: 'Start AIRA' }).click();
  await expect(page).toHaveURL(/\/careergps\/aira$/);
  await expect(page.getByRole('heading', { name: 'AI Readiness Assessment', level: 1 })).toBeVisible();

  // Personal Information: the country starts at United States; empty names are refused.
  await expect(page.getByRole('heading', { name: 'Personal Information', level: 2 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Gina');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Guest');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Next' }).click();

  // Profile Source: a resume is required, then sent.
  await expect(page.getByRole('heading', { name: 'Profile Source', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Resume file is required')).toBeVisible();
  await page.getByTestId('file-input').setInputFiles({ name: 'gina.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await page.getByRole('button', { name: 'Next' }).click();

  // Career Information, saved on the new profile.
  await expect(page.getByRole('heading', { name: 'Tell us about your career', level: 2 })).toBeVisible();
  await choose(page, 'Current role', 'Working professional');
  await choose(page, 'Career stage', 'Early professional (under 5 years)');
  await page.getByRole('combobox', { name: 'Reasons to join', exact: true }).click();
  await page.getByRole('option', { name: 'Learn AI skills', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Next' }).click();

  // The questions: every slider to 6 of 10 with the keyboard gives 60 %, Intermediate.
  await expect(page.getByRole('heading', { name: 'Your AI journey so far', level: 2 })).toBeVisible();
  const sliders = page.getByRole('slider');
  const count = await sliders.count();
  expect(count).toBeGreaterThan(9);
  for (let i = 0; i < count; i += 1) {
    await sliders.nth(i).focus();
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowRight');
  }
  await page.getByRole('button', { name: 'See my score' }).click();

  // The sign-up invitation, then sign-up with the same email: the trial account is completed.
  await expect(page.getByText('Sign up to see your report')).toBeVisible();
  await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2Fcareergps%2Faira$/);
  await page.getByLabel('First name').fill('Gina');
  await page.getByLabel('Last name').fill('Guest');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('gina-secret-1');
  await page.getByLabel('Confirm password').fill('gina-secret-1');
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Signup' }).click();

  await expect(page).toHaveURL(/\/verify-otp\?next=%2Fcareergps%2Faira$/);
  const code = await otpFor(request, email);
  await page.getByRole('textbox', { name: 'OTP character 1 of 6' }).focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
  await page.getByRole('button', { name: 'Verify' }).click();

  // Back on the agent page as a member: the run goes on at the report step.
  await expect(page).toHaveURL(/\/careergps\/aira$/);
  await expect(page.getByRole('heading', { name: 'Your AI readiness report', level: 2 })).toBeVisible();
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
  const anonymous = await browser.newContext(size);
  const guestPage = await anonymous.newPage();
  await guestPage.goto(new URL(url).pathname);
  await expect(guestPage.getByRole('heading', { name: 'AI Readiness Assessment Report' })).toBeVisible();
  await expect(guestPage.getByRole('heading', { name: 'AI readiness: 60% (Intermediate)' })).toBeVisible();
  await expect(guestPage.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await expect(guestPage.getByText(email)).toHaveCount(0);
  await expect(guestPage.getByRole('link', { name: 'Try CareerGPS' })).toBeVisible();
  await anonymous.close();
  await context.close();
});
