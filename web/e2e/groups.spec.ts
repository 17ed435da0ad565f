import { expect, test } from '@playwright/test';

import { apiToken, signedInPage, pickOption, unique } from './support';

// Group journeys against the real binary on the demo seed (scripts/e2e.sh): an administrator
// creates a circle with questions through the form, a member applies with answers, the
// administrator reads the answers and accepts, the member sees the role; a full event
// waitlists the next applicant (who is told so) and promotes them when a seat frees. Both projects run on one database, so
// every name is unique to its run.

const ADMIN = 'admin@example.com';
const SAM = 'sam@example.com';
const MARIA = 'maria@example.com';

function day(offset: number): string {
  const date = new Date(Date.now() + offset * 86_400_000);
  return date.toISOString().slice(0, 10);
}

test('an administrator creates a circle with questions, a member applies, is accepted and sees the role', async ({
  browser,
  request,
}) => {
  const name = unique('Prompt Lab');
  const admin = await signedInPage(browser, request, ADMIN, '/groups/new?type=circle&parent=1');

  await admin.getByLabel('Name').fill(name);
  await pickOption(admin, /Circle type/, /Learning Circle/);
  await admin.locator('.ProseMirror').first().fill('Four weeks of prompt practice with feedback.');
  const topics = admin.getByRole('combobox', { name: /Topics/ });
  await topics.fill('Ge');
  await admin.getByRole('option').first().click();
  await admin.getByRole('combobox', { name: /Sustainable Development Goals/ }).click();
  await admin.getByRole('option', { name: /Quality Education/ }).click();
  await admin.keyboard.press('Escape');
  await pickOption(admin, /Career stages/, /./);
  await admin.keyboard.press('Escape');
  await pickOption(admin, /Duration/, /4 weeks/);
  await pickOption(admin, /Publicity/, /Open/);
  await admin.getByLabel('Application open date').fill(day(-1));
  await admin.getByLabel('Application close date').fill(day(10));
  await admin.getByLabel('Start date').fill(day(20));
  await admin.getByLabel('End date').fill(day(50));
  await admin.getByRole('button', { name: /^Create/ }).click();
  await expect(admin.getByText('Successfully created circle')).toBeVisible();

  // The questions step follows; a new circle has none yet.
  await expect(admin.getByRole('heading', { name: 'Questions for new members' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add question' }).click();
  const question = admin.getByRole('textbox', { name: 'Question 1' });
  await question.fill('Why do you want to join?');
  await pickOption(admin, 'Field type', 'Text area');
  await admin.getByRole('checkbox', { name: 'Required' }).check();
  await admin.getByRole('button', { name: 'Save questions' }).click();
  await expect(admin.getByText('Questions added successfully')).toBeVisible();
  await expect(admin).toHaveURL(/\/circle\/[a-z0-9-]+$/);
  const circlePath = new URL(admin.url()).pathname;

  // A member applies with an answer.
  const member = await signedInPage(browser, request, SAM, circlePath);
  await member.getByRole('button', { name: 'Join', exact: true }).click();
  await member.getByLabel(/Why do you want to join\?/).fill('To practise prompts every week.');
  await member.getByRole('button', { name: 'Submit' }).click();
  await expect(member.getByText(/Successfully applied to joined circle/)).toBeVisible();
  await expect(member.getByRole('button', { name: /Applied to join/ }).first()).toBeVisible();

  // The administrator opens the pending applicant, reads the answer, then accepts.
  await admin.goto(`${circlePath}/admin`);
  await admin.getByRole('tab', { name: /^Pending/ }).click();
  await admin.getByRole('row', { name: /Sam Okafor/ }).getByRole('button', { name: 'Details' }).click();
  const applicant = admin.getByRole('dialog', { name: 'Sam Okafor' });
  await expect(applicant.getByText('Why do you want to join?')).toBeVisible();
  await expect(applicant.getByText('To practise prompts every week.')).toBeVisible();
  await applicant.getByRole('button', { name: 'Accept' }).click();
  await expect(admin.getByText('Successfully accepted')).toBeVisible();
  await expect(applicant).toBeHidden();

  // The member now sees the role.
  await member.reload();
  await expect(member.getByRole('button', { name: /^Member/ }).first()).toBeVisible();
  await admin.context().close();
  await member.context().close();
});

test('a full event puts the next applicant on the wait list and promotes them when a seat frees', async ({
  browser,
  request,
}) => {
  const adminToken = await apiToken(request, ADMIN);
  const headers = { Authorization: `Bearer ${adminToken}` };
  const topics = await request.get('/api/v1/topics/?page_size=1');
  const topic = ((await topics.json()) as { data: { id: number }[] }).data[0].id;
  const created = await request.post('/api/v1/groups/', {
    headers,
    data: {
      name: unique('Tiny Workshop'),
      group_type: 'event',
      event_type: 'workshop',
      parent_group: 1,
      description: '<p>One seat only.</p>',
      topics: [topic],
      career_stages: ['1'],
      commitment_time: 1,
      publicity: 'open',
      application_open_date: day(-1),
      application_close_date: day(5),
      start_date: day(6),
      end_date: day(7),
      maximum_size: 2,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const event = ((await created.json()) as { data: { id: number; name_slug: string } }).data;
  const path = `/event/${event.name_slug}`;

  // Sam registers and is accepted: the event (admin + Sam) is full.
  const samToken = await apiToken(request, SAM);
  const joined = await request.post(`/api/v1/groups/${event.id}/join/`, { headers: { Authorization: `Bearer ${samToken}` }, data: {} });
  expect(joined.ok(), await joined.text()).toBe(true);
  const samId = ((await (await request.get('/api/v1/identity/', { headers: { Authorization: `Bearer ${samToken}` } })).json()) as {
    data: { id: number };
  }).data.id;
  const accepted = await request.post(`/api/v1/groups/${event.id}/respond-join-request/`, {
    headers,
    data: { users: [samId], action: 'accept' },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  // Maria sees the warning and registers onto the wait list.
  const maria = await signedInPage(browser, request, MARIA, path);
  await expect(maria.getByText('Sorry, maximum members limit already reached.')).toBeVisible();
  await expect(maria.getByText('You can still apply to join. Your request will be put in a wait list.')).toBeVisible();
  await maria.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(
    maria.getByText(
      'Sorry, maximum members limit already reached. You can still apply to join. Your request will be put in a wait list.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(maria.getByRole('button', { name: /Registration Submitted/ }).first()).toBeVisible();
  await expect(maria.getByText('Wait list', { exact: true })).toBeVisible();

  // Sam leaves through the page: Maria is promoted.
  const sam = await signedInPage(browser, request, SAM, path);
  await sam.getByRole('button', { name: /^Attendee|^Member/ }).first().click();
  await sam.getByRole('menuitem', { name: /Leave/ }).click();
  await sam.getByRole('button', { name: /^Leave/ }).last().click();
  await expect(sam.getByText(/You successfully left/)).toBeVisible();

  await maria.reload();
  await expect(maria.getByRole('button', { name: /^Attendee/ }).first()).toBeVisible();
  await expect(maria.getByText('Wait list', { exact: true })).toBeHidden();
  await maria.context().close();
  await sam.context().close();
});
