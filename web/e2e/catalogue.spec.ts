import { expect, test } from '@playwright/test';

import { signedInPage, unique } from './support';

// The catalogue against the real binary on the demo seed (scripts/e2e.sh): a member submits an
// AI tool through the form, the organization's administrator approves it, the member upvotes
// it, switches to a downvote (the score moves by −2), bookmarks it and finds it in Favorites;
// then submits a use case with a PDF. Desktop runs as Sam, the 375 px phone as Maria.

const ADMIN = 'admin@example.com';

function pdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  let body = '%PDF-1.4\n';
  const starts = objects.map((object, index) => {
    const at = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const table = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += starts.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${table}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('a member submits an AI tool, the administrator approves it, the member votes, bookmarks it and submits a use case with a PDF', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'phone';
  const member = phone ? 'maria@example.com' : 'sam@example.com';
  const name = unique('Draft Helper');

  // Submit the AI tool through the form.
  const page = await signedInPage(browser, request, member, '/ai-tools', phone);
  await expect(page.getByRole('heading', { name: 'AI Tools', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Submit AI Tool' }).click();
  await expect(page.getByRole('heading', { name: 'Submit AI Tool' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByLabel(/^Name/).fill(name);
  await page.locator('.ProseMirror').first().fill('Drafts letters and summaries for you.');
  await page.getByLabel('Website').fill('https://helper.example.com');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('AI tool submitted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/ai-tool\/[a-z0-9-]+$/);
  const toolPath = new URL(page.url()).pathname;
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();

  // The administrator approves it.
  const admin = await signedInPage(browser, request, ADMIN, toolPath, phone);
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Successfully approved AI tool')).toBeVisible();
  await admin.context().close();

  // Listed now; the member upvotes, then switches to a downvote: 0 → 1 → −1.
  await page.goto(`/ai-tools?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: new RegExp(name) }).click();
  const score = page.getByTestId('vote-score');
  await expect(score).toHaveText('0');
  await page.getByRole('button', { name: 'Upvote' }).click();
  await expect(score).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Downvote' }).click();
  await expect(score).toHaveText('-1');
  await page.reload();
  await expect(page.getByTestId('vote-score')).toHaveText('-1');
  await expect(page.getByRole('button', { name: 'Downvote' })).toHaveAttribute('aria-pressed', 'true');

  // Bookmark it and find it in Favorites.
  await page.getByRole('button', { name: `Add ${name} to favourites` }).click();
  await expect(page.getByText('Added to favourites')).toBeVisible();
  await page.goto('/favorites');
  await expect(page.getByRole('region', { name: 'AI Tools' }).getByRole('link', { name })).toBeVisible();

  // Submit a use case with a PDF.
  const title = unique('Weekly report summaries');
  await page.goto('/usecases');
  await expect(page.getByRole('heading', { name: 'AI Use Cases' })).toBeVisible();
  await page.getByRole('link', { name: 'Submit Use Case' }).click();
  await expect(page.getByRole('heading', { name: 'Submit Use Case' })).toBeVisible();
  await page.getByLabel(/^Title/).fill(title);
  await page.locator('.ProseMirror').first().fill('Summarise the weekly reports in five bullet points.');
  for (const [label, option] of [
    [/^Business value/, 'High'],
    [/^Complexity/, 'Low'],
    [/^Innovation category/, 'Incremental'],
  ] as const) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).click();
  }
  await page.getByLabel('Document (one PDF)').setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await expect(page.getByText('guide.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Thank you for submitting a use case')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'guide.pdf' })).toBeVisible();
});
