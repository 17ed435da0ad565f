import { expect, test } from '@playwright/test';

import { signedInPage, pickOption, unique } from './support';

// Job journeys against the real binary on the demo seed (scripts/e2e.sh): the organization's
// administrator creates a job with a question through the form and publishes it; a member
// applies with an answer and uploads a resume in the apply dialog; the administrator reads the
// answer and accepts; the member sees Accepted and the mail in the dev mailbox. Both projects
// run on one database: each run posts its own job, and each project applies as a member who
// has no resume yet (Sam on desktop, Maria on the phone).

const ADMIN = 'admin@example.com';

interface Mail {
  to: string;
  subject: string;
  text?: string;
  text_body?: string;
}

function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** A one-page PDF with a proper cross-reference table (the server opens the upload to check it). */
function resumePdf(name: string): Buffer {
  const text = `BT /F1 14 Tf 72 720 Td (${name} - Resume) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
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

test('an administrator posts a job with a question, a member applies with an answer and a resume, is accepted and mailed', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const phone = testInfo.project.name === 'phone';
  const member = phone
    ? { email: 'maria@example.com', name: 'Maria Lopez' }
    : { email: 'sam@example.com', name: 'Sam Okafor' };
  const title = unique('Data Analyst');

  // The administrator creates the job through the form.
  const admin = await signedInPage(browser, request, ADMIN, '/jobs', phone);
  await admin.getByRole('link', { name: 'Create Job' }).click();
  await expect(admin.getByRole('heading', { name: 'Create Job' })).toBeVisible();
  await admin.getByLabel(/^Title/).fill(title);
  await pickOption(admin, /Posted by/, /^Waypoint Demo$/);
  await admin.locator('.ProseMirror').first().fill('Analyse the programme data every week.');
  await pickOption(admin, /Job type/, 'Part time');
  await admin.getByLabel('Application open date').fill(day(-1));
  await admin.getByLabel('Application close date').fill(day(14));
  await admin.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(admin.getByText('Successfully created job')).toBeVisible();

  // The questions step follows.
  await expect(admin.getByRole('heading', { name: 'Questions for applicants' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add question' }).click();
  await admin.getByRole('textbox', { name: 'Question 1' }).fill('Which tools do you use?');
  await pickOption(admin, 'Field type', 'Text area');
  await admin.getByRole('checkbox', { name: 'Required' }).check();
  await admin.getByRole('button', { name: 'Save questions' }).click();
  await expect(admin.getByText('Questions added successfully')).toBeVisible();
  await expect(admin).toHaveURL(/\/job\/[a-z0-9-]+$/);
  const jobPath = new URL(admin.url()).pathname;

  // A draft until published.
  await expect(admin.getByText('Draft', { exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByText('Job published')).toBeVisible();
  await expect(admin.getByText('Published', { exact: true })).toBeVisible();

  // The member finds it on the board and applies: the question first, then the resume.
  const page = await signedInPage(browser, request, member.email, `/jobs?q=${encodeURIComponent(title)}`, phone);
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const questions = page.getByRole('dialog', { name: `Apply to ${title}` });
  await questions.getByLabel(/Which tools do you use\?/).fill('SQL, Python and spreadsheets.');
  await questions.getByRole('button', { name: 'Next' }).click();
  const resume = page.getByRole('dialog', { name: `Apply to ${title}` });
  await expect(resume.getByText(/Your profile has no resume yet/)).toBeVisible();
  await resume.getByLabel('Resume file').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: resumePdf(member.name) });
  await resume.getByRole('button', { name: 'Upload and apply' }).click();
  await expect(page.getByText('You have successfully applied to the job')).toBeVisible();
  await expect(page.getByLabel('Application: Applied')).toBeVisible();

  // The administrator reads the answer and the resume link, then accepts.
  await admin.goto(`${jobPath}/people`);
  const applicants = admin.getByRole('region', { name: 'Applicants' });
  await expect(applicants.getByRole('tab', { name: 'Pending (1)' })).toBeVisible();
  await applicants.getByRole('button', { name: `Show answers of ${member.name}` }).click();
  await expect(applicants.getByText('SQL, Python and spreadsheets.')).toBeVisible();
  await expect(applicants.getByRole('link', { name: `Open resume of ${member.name}` })).toBeVisible();
  await applicants.getByRole('button', { name: `Accept ${member.name}` }).click();
  await expect(admin.getByText('Successfully accepted')).toBeVisible();
  await applicants.getByRole('tab', { name: /^Accepted/ }).click();
  await expect(applicants.getByText(member.name)).toBeVisible();

  // The member sees Accepted, on the job and on the board, and the mail.
  await page.reload();
  await expect(page.getByLabel('Application: Accepted')).toBeVisible();
  await page.goto(`/jobs?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('link', { name: new RegExp(title) }).getByText('Accepted')).toBeVisible();
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as Mail[];
        return mails.some((mail) => mail.to.includes(member.email) && `${mail.subject} ${mail.text ?? mail.text_body ?? ''}`.includes(title));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.goto('/dev/mailbox');
  await expect(page.getByText(title).first()).toBeVisible();

  await admin.context().close();
  await page.context().close();
});

test('a member bookmarks a job from the board and the job page, finds it in Favorite Jobs and removes it; guests sign in first', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const phone = testInfo.project.name === 'phone';
  const email = phone ? 'maria@example.com' : 'sam@example.com';
  const title = 'Machine Learning Intern';

  // A guest is sent to sign in, and comes back to the board.
  const guestContext = await browser.newContext(phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : {});
  const guest = await guestContext.newPage();
  await guest.goto('/jobs?q=machine');
  await guest.getByRole('button', { name: `Add ${title} to favourites` }).click();
  await expect(guest).toHaveURL(/\/login\?next=%2Fjobs%3Fq%3Dmachine$/);
  await guestContext.close();

  // The member bookmarks it on its card.
  const page = await signedInPage(browser, request, email, '/jobs?q=machine', phone);
  await page.getByRole('button', { name: `Add ${title} to favourites` }).click();
  await expect(page.getByText('Added to favourites')).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${title} from favourites` })).toHaveAttribute('aria-pressed', 'true');

  // Favorite Jobs lists it, in a table that fits the phone.
  await page.getByRole('link', { name: 'Favorite Jobs' }).click();
  await expect(page).toHaveURL(/\/favorites\/jobs$/);
  const table = page.getByRole('table', { name: 'Favorite jobs' });
  await expect(table.getByRole('link', { name: title })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { timeout: 10_000 })
    .toBeLessThanOrEqual(0);

  // On the job page the toggle works from the keyboard, and the favourites follow.
  await table.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const toggle = page.getByRole('button', { name: `Remove ${title} from favourites` });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Removed from favourites')).toBeVisible();
  await expect(page.getByRole('button', { name: `Add ${title} to favourites` })).toBeVisible();
  await page.goto('/favorites/jobs');
  await expect(page.getByText('No favorite jobs found.')).toBeVisible();
  await page.context().close();
});
