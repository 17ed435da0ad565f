import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { appReady, ownAddress } from './support';

// Sign-in and account journeys against the real binary (scripts/e2e.sh: demo seed, the
// proof-of-work bot-check, mail kept in the dev mailbox).

const DEMO_PASSWORD = 'waypoint-demo';

interface Mail {
  to: string;
  subject: string;
  text?: string;
  text_body?: string;
  created_at: string;
}

function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The newest mail to `to` whose subject matches, waiting for the mail worker to store it. */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/mailbox.json');
        const mails = (await response.json()) as Mail[];
        found = mails.find((mail) => mail.to.includes(to) && subject.test(mail.subject));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** A fresh account made through the API (solving the proof of work here). */
async function registerByApi(request: APIRequestContext, email: string, password: string): Promise<void> {
  const challengeAnswer = await request.get('/api/v1/botcheck/challenge/');
  expect(challengeAnswer.ok()).toBe(true);
  const { challenge, difficulty } = (await challengeAnswer.json()).data as { challenge: string; difficulty: number };
  let nonce = 0;
  for (;;) {
    const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest();
    let zeros = 0;
    for (const byte of digest) {
      if (byte === 0) {
        zeros += 8;
        continue;
      }
      zeros += Math.clz32(byte) - 24;
      break;
    }
    if (zeros >= difficulty) break;
    nonce += 1;
  }
  const response = await request.post('/api/v1/register/', {
    headers: { 'X-Forwarded-For': ownAddress() },
    data: {
      first_name: 'Reset',
      last_name: 'Tester',
      email,
      username: email,
      password,
      confirm_password: password,
      subscribe_to_newsletter: false,
      profile_type: 'individual',
      recaptcha_response: `${challenge}:${nonce}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('sign up, solving the bot-check, then verify the emailed code and land in the registration wizard', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/');
  await page.getByRole('complementary', { name: 'Sign up' }).getByRole('link', { name: 'Sign Up Now' }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2F$/);
  const signup = page.getByRole('button', { name: 'Signup' });
  await page.getByLabel('First name').fill('Erin');
  await page.getByLabel('Last name').fill('Ende');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('erin-secret-1');
  await page.getByLabel('Confirm password').fill('erin-secret-1');
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 20_000 });
  await expect(signup).toBeEnabled();
  await signup.click();

  await expect(page).toHaveURL(/\/verify-otp\?next=%2F$/);
  await expect(
    page.getByText('Successful registration. We have sent an OTP to your email for verification. Please check your email.'),
  ).toBeVisible();
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();

  const mail = await mailTo(request, email, /verification code/);
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text ?? mail.text_body ?? '')?.[1];
  expect(code).toBeTruthy();
  // Pasting spreads the code over the six boxes.
  await page.getByRole('textbox', { name: 'OTP character 1 of 6' }).focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code!);
  await expect(page.getByRole('textbox', { name: 'OTP character 6 of 6' })).toHaveValue(code!.slice(5));
  await verify.click();
  await expect(page.getByText('OTP verified successfully')).toBeVisible();
  // Home (next=/) sends a new user on to the registration wizard.
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByRole('heading', { name: 'How would you like to set up your profile?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();

  // Verified now: the OTP screen sends the user home (and home to the wizard), and the menu
  // no longer offers it.
  await page.goto('/verify-otp');
  await expect(page).toHaveURL(/\/registration$/);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('menuitem', { name: 'Portal Preferences' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Verify OTP' })).toHaveCount(0);
});

test('log in and log out', async ({ page }) => {
  await page.goto('/login');
  await appReady(page);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Please enter an email')).toBeVisible();
  await expect(page.getByText('Please enter a password')).toBeVisible();

  await logIn(page, 'maria@example.com', 'wrong-password');
  await expect(page.getByText('No active account found with the given credentials').first()).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Home, or the registration wizard home sends a user to while their group profile is missing.
  await expect(page).toHaveURL(/\/(registration)?$/);
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
  // Still signed in after a reload.
  await page.reload();
  const logout = page.getByRole('button', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await logout.click();
  // From the wizard (a guarded page) the login page keeps it as next.
  await expect(page).toHaveURL(/\/login(\?next=%2Fregistration)?$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a guarded page sends a guest to log in and back again', async ({ page }) => {
  await page.goto('/change-password');
  await expect(page).toHaveURL(/\/login\?next=%2Fchange-password$/);
  await logIn(page, 'sam@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  // Signed in, the login page moves on to next.
  await page.goto('/login?next=%2Fterms-and-conditions');
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
});

test('forgot password: the emailed link sets a new password to log in with', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await registerByApi(request, email, 'first-secret-1');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send recovery email' }).click();
  await expect(page.getByText('Please check your email for recovery instructions')).toBeVisible();

  const mail = await mailTo(request, email, /Reset your/);
  const link = /\/reset-password\/[^\s"'<>)]+/.exec(mail.text ?? mail.text_body ?? '')?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New password').fill('second-secret-2');
  await page.getByLabel('Confirm password').fill('second-secret-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been successfully changed.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The link is used up.
  await page.goto(link!);
  await page.getByLabel('New password').fill('third-secret-3');
  await page.getByLabel('Confirm password').fill('third-secret-3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();

  await page.goto('/login');
  await logIn(page, email, 'first-secret-1');
  await expect(page.getByText('No active account found with the given credentials').first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('second-secret-2');
  await page.getByRole('button', { name: 'Log in' }).click();
  // Not verified yet: the account menu offers the OTP screen.
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('menuitem', { name: 'Verify OTP' })).toBeVisible();
});

test('the sign-in screens fit the viewport', async ({ page }) => {
  for (const path of ['/login', '/signup', '/forgot-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
