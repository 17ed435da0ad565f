import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// Profile journeys against the real binary on the demo seed (scripts/e2e.sh). Maria edits her
// own profile and Career Tree; Sam looks at it read only. Both projects (desktop and phone)
// run against one database, so every value written is unique to its run.

const DEMO_PASSWORD = 'waypoint-demo';
const MARIA = { email: 'maria@example.com', slug: 'maria-lopez' };
const SAM = { email: 'sam@example.com' };

function unique(tag: string): string {
  return `${tag} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/v1/token/', { data: { username: email, password: DEMO_PASSWORD } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { access: string } }).data.access;
}

/**
 * The registration-form fields the edit dialog requires (as the wizard would have stored
 * them), so the journey changes only what it is about.
 */
async function completeProfile(request: APIRequestContext, email: string): Promise<void> {
  const token = await apiToken(request, email);
  const headers = { Authorization: `Bearer ${token}` };
  // The identity call creates the profile (and its slug) on first use.
  expect((await request.get('/api/v1/identity/', { headers })).ok()).toBe(true);
  const answer = await request.patch('/api/v1/users/profile/', {
    headers,
    data: {
      title: 'Analyst',
      country: 'Spain',
      institution: 'Waypoint University',
      current_role: 4,
      career_stage: 3,
      reason_to_join: [1],
      interested_services: [1],
      batch: '2018',
      skills: [{ name: 'SQL' }],
      topics: [{ name: 'Generative AI' }],
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

async function logIn(page: Page, email: string, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/]/g, '\\/')}$`));
}

test('a user edits the title and bio and sees them on the profile', async ({ page, request }) => {
  await completeProfile(request, MARIA.email);
  const title = unique('Lead Analyst');
  const bio = unique('I help teams read their data');

  await logIn(page, MARIA.email, '/profile');
  await expect(page).toHaveURL(new RegExp(`/profile/${MARIA.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Maria Lopez' })).toBeVisible();
  await expect(page.getByText(/Profile \d+% complete/)).toBeVisible();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByRole('tab', { name: 'Personal Info' }).click();
  const editor = dialog.getByRole('textbox', { name: 'Short bio' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(bio);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully updated information')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'About' }).getByText(bio)).toBeVisible();
  // Stored, not only shown.
  await page.reload();
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'About' }).getByText(bio)).toBeVisible();
});

test('a user adds a work entry and sees it in the Career Tree', async ({ page, request }) => {
  await completeProfile(request, MARIA.email);
  const role = unique('Data Engineer');

  await logIn(page, MARIA.email, `/profile/${MARIA.slug}/experience`);
  await expect(page.getByRole('tab', { name: 'Career Tree' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('dream-node')).toBeVisible();
  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add experience' });

  // The form's own rules first.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required').first()).toBeVisible();

  await dialog.getByLabel(/^Title/).fill(role);
  await dialog.getByLabel(/^Company or organization/).fill('Northwind Analytics');
  await dialog.getByRole('textbox', { name: /^Description/ }).click();
  await page.keyboard.type('Built the nightly data pipelines.');
  const skills = dialog.getByLabel(/^Skills/);
  await skills.fill('SQ');
  await page.getByRole('option', { name: 'SQL', exact: true }).click();
  await dialog.getByLabel('I currently work here').check();
  await dialog.getByLabel(/^Start date/).fill('2022-04');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const entry = page.getByRole('article', { name: role });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Northwind Analytics')).toBeVisible();
  await expect(entry.getByText('Apr 2022 – Present')).toBeVisible();
  await expect(entry.getByText('Built the nightly data pipelines.')).toBeVisible();
  await expect(entry.getByText('SQL')).toBeVisible();
});

test("another user's profile is read only", async ({ page, request }) => {
  await completeProfile(request, MARIA.email);
  await logIn(page, SAM.email, `/profile/${MARIA.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Maria Lopez' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['About', 'Career Tree', 'Education and Learning', 'Career Circles']);
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toHaveCount(0);
  await expect(page.getByText(/Profile \d+% complete/)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Career Tree' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${MARIA.slug}/experience$`));
  await expect(page.getByRole('heading', { name: 'Career Tree' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New' })).toHaveCount(0);
  await expect(page.getByTestId('dream-node')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  // Nobody else gets the Account tab.
  await page.goto(`/profile/${MARIA.slug}/account`);
  await expect(page).toHaveURL(new RegExp(`/profile/${MARIA.slug}$`));
});

test('a missing user gets the not-found page', async ({ page }) => {
  await page.goto('/profile/nobody-by-this-name');
  await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
  await expect(page.getByText('The user you are looking for does not exist or has not registered yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

// Needs POST /api/v1/follow/ and the follow counts on the profile page (notes/contracts.md §6).
test('a user follows and unfollows another, and sees them among their connections', async ({ page, request }) => {
  await completeProfile(request, MARIA.email);
  await logIn(page, SAM.email, `/profile/${MARIA.slug}`);
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  const unfollow = page.getByRole('button', { name: 'Unfollow' });
  // A run on the other project may have left Sam following Maria.
  await expect(follow.or(unfollow)).toBeVisible();
  if (await unfollow.isVisible()) {
    await unfollow.click();
    await expect(page.getByText('You have unfollowed Maria Lopez')).toBeVisible();
  }
  await follow.click();
  await expect(page.getByText('You are now following Maria Lopez')).toBeVisible();
  await expect(unfollow).toBeVisible();

  await page.goto('/profile/sam-okafor/connections');
  await expect(page.getByRole('link', { name: /Maria Lopez/ })).toBeVisible();

  await page.goto(`/profile/${MARIA.slug}`);
  await page.getByRole('button', { name: 'Unfollow' }).click();
  await expect(page.getByText('You have unfollowed Maria Lopez')).toBeVisible();
  await expect(follow).toBeVisible();
});
