import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { botcheckAnswer, otpFor, ownAddress } from './support';

// The registration wizard against the real binary (scripts/e2e.sh: demo seed, proof-of-work
// bot-check, mail in the dev mailbox). New accounts are made through the API, verified with
// the mailed code, and then sent to the wizard by the home page.

const PASSWORD = 'wizard-secret-1';

interface Tokens {
  access: string;
  refresh: string;
}

function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A new account, signed up and verified through the API; returns its session. */
async function newVerifiedUser(request: APIRequestContext, email: string, firstName: string): Promise<Tokens> {
  const registered = await request.post('/api/v1/register/', {
    headers: { 'X-Forwarded-For': ownAddress() },
    data: {
      first_name: firstName,
      last_name: 'Wizard',
      email,
      username: email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      subscribe_to_newsletter: false,
      profile_type: 'individual',
      recaptcha_response: await botcheckAnswer(request),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/api/v1/token/', { data: { username: email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const tokens = (await login.json()).data as Tokens;
  const verified = await request.post('/api/v1/verify-otp/', {
    headers: { Authorization: `Bearer ${tokens.access}` },
    data: { otp: await otpFor(request, email), type: 'registration' },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  return tokens;
}

/** Starts the browser session with the given tokens. */
async function useSession(page: Page, tokens: Tokens) {
  await page.goto('/terms-and-conditions');
  await page.evaluate(({ access, refresh }) => {
    localStorage.setItem('accessToken', access);
    localStorage.setItem('refreshToken', refresh);
  }, tokens);
}

/** GET /api/v1/identity/ with the page's current session. */
async function identity(page: Page, request: APIRequestContext) {
  const access = await page.evaluate(() => localStorage.getItem('accessToken'));
  const answer = await request.get('/api/v1/identity/', { headers: { Authorization: `Bearer ${access}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).data;
}

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function chooseMany(page: Page, field: string, options: string[]) {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function pickTag(page: Page, field: string, text: string) {
  await page.getByRole('combobox', { name: field, exact: true }).fill(text);
  const option = page.getByRole('option', { name: new RegExp(`^(Create "${text}"|${text})$`) });
  await option.first().click();
  await expect(page.getByRole('button', { name: text, exact: true })).toBeVisible();
}

test('a new user completes the wizard with the form', async ({ page, request }) => {
  const email = uniqueEmail('wizard-form');
  await useSession(page, await newVerifiedUser(request, email, 'Farida'));

  // Home sends a user without a group profile to the wizard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByRole('heading', { name: 'How would you like to set up your profile?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import from LinkedIn, about 10 seconds' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload your resume, about 15 seconds' })).toBeVisible();
  await page.getByRole('button', { name: 'Fill in the form, about 30 seconds' }).click();

  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Farida');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();

  await page.getByLabel('Title').fill('Data Analyst');
  await page.getByRole('combobox', { name: 'Country of residence' }).fill('Keny');
  await page.getByRole('option', { name: 'Kenya', exact: true }).click();
  await page.getByRole('combobox', { name: 'Institution' }).fill('Nairobi Data School');
  await choose(page, 'Current role', 'Working professional');
  // Job function shows only for a working professional (current role 3).
  await choose(page, 'Job function', 'Data and analytics');
  await choose(page, 'Career stage', 'Early professional (under 5 years)');
  await chooseMany(page, 'Reasons to join', ['Learn AI skills', 'Grow my network']);
  await chooseMany(page, 'Services you are interested in', ['AI upskilling']);
  await page.getByRole('textbox', { name: 'Short bio' }).click();
  await page.keyboard.type('I turn messy data into decisions.');
  await expect(page.getByText('6/400 words')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Skills and topics' })).toBeVisible();
  // Back keeps what was entered.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('Data Analyst');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();

  const tag = randomUUID().slice(0, 6);
  await pickTag(page, 'Skills', `Forecasting ${tag}`);
  await pickTag(page, 'Topics of interest', `Climate data ${tag}`);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Social sites' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip' })).toBeVisible();
  // Nothing entered: Continue moves on without saving.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your profile is ready' })).toBeVisible();

  const me = await identity(page, request);
  expect(me.profile).toMatchObject({ title: 'Data Analyst', country: 'Kenya', institution_name: 'Nairobi Data School' });
  expect(me.profile.short_bio).toContain('I turn messy data into decisions.');
  expect(me.profile.skills_detailed.map((skill: { name: string }) => skill.name)).toEqual([`Forecasting ${tag}`]);
  expect(me.profile.topics_detailed.map((topic: { name: string }) => topic.name)).toEqual([`Climate data ${tag}`]);
  expect(me.group_profile).toMatchObject({ current_role: 3, job_function: 3, career_stage: 3, reason_to_join: [1, 3] });
  expect(me.profile.social_linkedin ?? null).toBeNull();

  // Finish reloads; with nothing left to ask, the wizard hands over to home.
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
});

// ---------------------------------------------------------------------------------------
// A small text PDF, written by hand: one page, Helvetica, one line per text object.
// ---------------------------------------------------------------------------------------

function pdfText(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function resumePdf(lines: { text: string; size?: number; bold?: boolean }[]): Buffer {
  let y = 740;
  const content = lines
    .map(({ text, size = 11, bold = false }) => {
      const line = text ? `BT /${bold ? 'F2' : 'F1'} ${size} Tf 72 ${y} Td ${pdfText(text)} Tj ET` : '';
      y -= size + 7;
      return line;
    })
    .filter(Boolean)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents 6 0 R >>',
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

// Needs the background profile import (notes/contracts.md 1 and 3): POST /upload-resume/ with
// update_profile=true answers `import: {id, status}` and a job writes the sections.
test('a new user completes the wizard by uploading a resume', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('wizard-resume');
  await useSession(page, await newVerifiedUser(request, email, 'Omar'));
  const pdf = resumePdf([
    { text: 'OMAR WIZARD', size: 20, bold: true },
    { text: 'Machine Learning Engineer' },
    { text: 'Nairobi, Kenya | omar@example.com' },
    { text: '' },
    { text: 'EXPERIENCE', bold: true },
    { text: 'Machine Learning Engineer, Savanna Analytics' },
    { text: 'Jan 2021 - Present' },
    { text: 'Built demand forecasting models for retail partners.' },
    { text: '' },
    { text: 'EDUCATION', bold: true },
    { text: 'University of Nairobi' },
    { text: 'Bachelor of Science in Statistics, 2016 - 2020' },
    { text: '' },
    { text: 'SKILLS', bold: true },
    { text: 'Python, SQL, Forecasting' },
  ]);

  await page.goto('/');
  await expect(page).toHaveURL(/\/registration$/);
  await page.getByRole('button', { name: 'Upload your resume, about 15 seconds' }).click();
  await expect(page.getByRole('heading', { name: 'Upload your resume' })).toBeVisible();
  for (const label of ['Experiences', 'Education and Learnings', 'Title', 'Skills', 'Career Story']) {
    await expect(page.getByRole('checkbox', { name: label })).toBeChecked();
  }
  await page.getByTestId('file-input').setInputFiles({ name: 'omar-resume.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByText('The information will be updated in a few seconds.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your profile is ready' })).toBeVisible({ timeout: 40_000 });
  await expect(page.getByText(/filled in from your resume/)).toBeVisible();

  const me = await identity(page, request);
  expect(me.profile.resume).toBeTruthy();
  expect(me.profile.title).toBe('Machine Learning Engineer');
  expect(me.work_experiences.map((entry: { title: string }) => entry.title)).toContain('Machine Learning Engineer');
  expect(me.education_background.length).toBeGreaterThan(0);

  // Finish reloads; the remaining basics (the group profile) are asked next.
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: 'About your career' })).toBeVisible();
  await expect(page.getByText('Step 1 of 1')).toBeVisible();
  await choose(page, 'Current role', 'Working professional');
  await choose(page, 'Career stage', 'Early professional (under 5 years)');
  await chooseMany(page, 'Reasons to join', ['Find a job or internship']);
  await chooseMany(page, 'Services you are interested in', ['Job opportunities']);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your profile is ready' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/$/);
});
