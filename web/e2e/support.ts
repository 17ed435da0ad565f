import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

// What the journeys share: the demo sign-in, a signed-in page of its own browser context at
// desktop or phone size, picking an option of a select, and unique names for what they write.

export const DEMO_PASSWORD = 'waypoint-demo';

export interface Tokens {
  access: string;
  refresh: string;
}

// Sign-ins are rate limited per address (30 in 10 minutes) and every spec signs in from this
// one machine, so a person's session is reused for a few minutes, well inside the access
// token's life, before signing in again.
const REUSE_MS = 4 * 60_000;
const sessions = new Map<string, { tokens: Tokens; at: number }>();

export async function session(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const known = sessions.get(email);
  if (known && Date.now() - known.at < REUSE_MS) return known.tokens;
  const answer = await request.post('/api/v1/token/', { data: { username: email, password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const tokens = ((await answer.json()) as { data: Tokens }).data;
  sessions.set(email, { tokens, at: Date.now() });
  return tokens;
}

export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  return (await session(request, email)).access;
}

/** A page of its own browser context, signed in as `email`, opened at `path`. */
export async function signedInPage(
  browser: Browser,
  request: APIRequestContext,
  email: string,
  path: string,
  phone = false,
): Promise<Page> {
  const tokens = await session(request, email);
  const context = await browser.newContext(phone ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : {});
  await context.addInitScript(
    ([access, refresh]) => {
      if (!window.localStorage.getItem('accessToken')) {
        window.localStorage.setItem('accessToken', access);
        window.localStorage.setItem('refreshToken', refresh);
      }
    },
    [tokens.access, tokens.refresh],
  );
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

export async function pickOption(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** A name no earlier run used: `tag` and a short time-based suffix. */
export function unique(tag: string, separator = ' '): string {
  return `${tag}${separator}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** An answer to the built-in proof-of-work bot-check, as the sign-up page computes it. */
export async function botcheckAnswer(request: APIRequestContext): Promise<string> {
  const answer = await request.get('/api/v1/botcheck/challenge/');
  expect(answer.ok()).toBe(true);
  const { challenge, difficulty } = (await answer.json()).data as { challenge: string; difficulty: number };
  for (let nonce = 0; ; nonce += 1) {
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
    if (zeros >= difficulty) return `${challenge}:${nonce}`;
  }
}

/** The sign-up code mailed to `email`, read from the dev mailbox. */
export async function otpFor(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get('/dev/mailbox.json')).json()) as Array<Record<string, string>>;
        const mail = mails.find((item) => String(item.to).includes(email) && /verification code/.test(item.subject));
        code = mail && (/\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text ?? mail.text_body ?? '')?.[1]);
        return Boolean(code);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return code!;
}

/**
 * An address of the documentation ranges for one person's sign-up: sign-ups are limited to
 * 10 an hour per address, and scripts/e2e.sh trusts X-Forwarded-For, so each journey's
 * person signs up from an address of their own, as real people do.
 */
export function ownAddress(): string {
  const net = Math.random() < 0.5 ? '198.51.100' : '203.0.113';
  return `${net}.${1 + Math.floor(Math.random() * 254)}`;
}

/**
 * Waits until the app has taken over a prerendered page (issue 30: the first screen is HTML
 * that paints before the app's JavaScript runs; FirstScreenReady marks the document once it
 * has hydrated). A click before then reaches plain HTML.
 */
export async function appReady(page: Page) {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}
