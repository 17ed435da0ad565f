import { expect, test } from '@playwright/test';

import { signedInPage } from './support';

// The AMA assistant, recommendations and the staff recommendation package (issue 17) on the
// demo seed (scripts/e2e.sh). Desktop: the operator (staff, who may always use the assistant)
// asks from the right panel, rates the answer and opens the recommended circle; Maria, whose
// free plan has no assistant, gets the upgrade dialog. Phone (375 px): Connect's Recommended
// panel opens a circle, and the operator mails Maria a package, which reaches the mailbox.

interface Mail {
  to: string;
  subject: string;
  text_body?: string;
}

test('a member asks from the right panel, rates the answer and opens the recommended circle', async ({ browser, request }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the right panel is for large screens');
  const page = await signedInPage(browser, request, 'operator@example.com', '/circles', false);
  const panel = page.getByRole('complementary', { name: 'Assistant' });
  await expect(panel.getByRole('tab', { name: 'AMA' })).toHaveAttribute('aria-selected', 'true');
  await panel.getByLabel('Ask me anything about your career').fill('Which circles can teach me prompt engineering?');
  await panel.getByRole('button', { name: 'Send' }).click();

  const answer = panel.getByTestId('ama-answer').first();
  const circle = answer.getByRole('link', { name: /^Prompt Engineering P/ }).first();
  await expect(circle).toHaveAttribute('href', '/circle/prompt-engineering-practice-circle');
  await expect(answer.getByText('These circles fit what you asked:')).toBeVisible();

  // Rating appears once the answer is typed out: stars, then a reason, then thanks.
  await answer.getByRole('radio', { name: '4 Stars' }).dispatchEvent('click');
  await answer.getByLabel('Tell us why').fill('It found the circle I was looking for.');
  await answer.getByRole('button', { name: 'Submit' }).click();
  await expect(answer.getByText('Thank you for your feedback! Your input is invaluable to us and will help us improve.')).toBeVisible();

  await circle.click();
  await expect(page).toHaveURL(/\/circle\/prompt-engineering-practice-circle$/);
  await expect(page.getByRole('heading', { name: 'Prompt Engineering Practice Circle' }).first()).toBeVisible();
});

test('a member without the assistant in their plan is offered an upgrade', async ({ browser, request }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the right panel is for large screens');
  const page = await signedInPage(browser, request, 'maria@example.com', '/jobs', false);
  const panel = page.getByRole('complementary', { name: 'Assistant' });
  await panel.getByLabel('Ask me anything about your career').fill('jobs for a data analyst in Kenya');
  await panel.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to use the assistant' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'See membership plans' }).click();
  await expect(page).toHaveURL(/\/membership$/);
});

test("Connect's Recommended panel opens a recommended circle", async ({ browser, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the Recommended panel shows below the large breakpoint');
  const page = await signedInPage(browser, request, 'maria@example.com', '/connect', true);
  const recommended = page.getByRole('region', { name: 'Recommended' });
  await expect(recommended).toBeVisible();
  await recommended.getByLabel('Type').click();
  await page.getByRole('option', { name: 'Circles' }).click();
  const link = recommended.getByRole('link').first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/circle\//);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('staff send a recommendation package and it reaches the member', async ({ browser, request }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  // Members are turned away.
  const member = await signedInPage(browser, request, 'sam@example.com', '/recommendation-package', phone);
  await expect(member.getByText('Sorry, You do not have access to use this feature')).toBeVisible();

  const page = await signedInPage(browser, request, 'operator@example.com', '/recommendation-package', phone);
  await page.getByLabel('Search a member').fill('Maria');
  await page.getByRole('button', { name: /Maria Lopez/ }).click();
  await page.getByRole('tab', { name: /Groups/ }).click();
  await page.getByLabel('Search groups').fill('Prompt');
  await page.getByRole('button', { name: /Prompt Engineering Practice Circle/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  const template = page.getByRole('dialog', { name: 'Email template' });
  await expect(template.getByLabel('Subject')).toHaveValue('Your Personalized Recommendations');
  const subject = `Your Personalized Recommendations (${testInfo.project.name})`;
  await template.getByLabel('Subject').fill(subject);
  await template.getByRole('button', { name: 'Send Email' }).click();
  await page.getByRole('dialog', { name: 'Send this email?' }).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email sent successfully')).toBeVisible();
  // Back to home, which may send the demo operator (no finished profile) on to the wizard.
  await expect(page).toHaveURL(/\/(registration)?$/);

  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as Mail[];
        return mails.some(
          (mail) =>
            mail.to.includes('maria@example.com') &&
            mail.subject === subject &&
            (mail.text_body ?? '').includes('/circle/prompt-engineering-practice-circle'),
        );
      },
      { timeout: 15_000 },
    )
    .toBe(true);
});
