import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';

import { botcheckAnswer, otpFor, ownAddress } from './support';

// Chat and notifications between two people in two browser contexts, at desktop size and at
// 375 px (the project's viewport). Each run signs up its own two members (the demo members'
// subscriptions belong to the payments journeys); A buys a plan with one-to-one chat through
// the local checkout.

const PASSWORD = 'chat-e2e-password-1';

interface Tokens {
  access: string;
  refresh: string;
}

interface Person {
  tokens: Tokens;
  name: string;
  slug: string;
}

async function newMember(request: APIRequestContext, firstName: string): Promise<Person> {
  const email = `e2e-chat-${firstName.toLowerCase()}-${Date.now()}-${randomUUID().slice(0, 6)}@example.com`;
  const registered = await request.post('/api/v1/register/', {
    headers: { 'X-Forwarded-For': ownAddress() },
    data: {
      first_name: firstName,
      last_name: 'Chatter',
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
  const headers = { Authorization: `Bearer ${tokens.access}` };
  const verified = await request.post('/api/v1/verify-otp/', {
    headers,
    data: { otp: await otpFor(request, email), type: 'registration' },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  const me = (await (await request.get('/api/v1/identity/', { headers })).json()).data;
  return { tokens, name: `${firstName} Chatter`, slug: me.profile.name_slug as string };
}

/** Buys the cheapest monthly plan that includes one-to-one chat, paying with the test card. */
async function subscribeToChat(request: APIRequestContext, person: Person): Promise<void> {
  const headers = { Authorization: `Bearer ${person.tokens.access}` };
  const plans = (await (await request.get('/api/v1/subscription-plans/')).json()).data as Array<{
    one_to_one_chat: boolean;
    subscription_tier: number;
    prices: Array<{ id: string; recurring: string }>;
  }>;
  const plan = plans.filter((p) => p.one_to_one_chat).sort((a, b) => a.subscription_tier - b.subscription_tier)[0];
  const price = plan.prices.find((p) => p.recurring === 'month') ?? plan.prices[0];
  const started = await request.post('/api/v1/payment/create-subscription/', { headers, data: { price_id: price.id } });
  expect(started.ok(), await started.text()).toBe(true);
  const session = ((await started.json()).data as string).split('/').pop();
  const paid = await request.post(`/api/v1/payment/checkout/${session}/pay/`, {
    headers,
    data: { card_number: '4242 4242 4242 4242' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const me = (await (await request.get('/api/v1/identity/', { headers })).json()).data;
  expect(me.user_subscription.one_to_one_chat).toBe(true);
}

async function pageFor(browser: Browser, testInfo: TestInfo, person: Person, path: string): Promise<Page> {
  const context = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.goto('/terms-and-conditions');
  await page.evaluate(({ access, refresh }) => {
    localStorage.setItem('accessToken', access);
    localStorage.setItem('refreshToken', refresh);
  }, person.tokens);
  await page.goto(path);
  return page;
}

test('A opens a chat from B’s profile, B sees the indicator and replies, A sees it without reloading', async ({
  browser,
  request,
}, testInfo) => {
  const a = await newMember(request, 'Ada');
  const b = await newMember(request, 'Bea');
  await subscribeToChat(request, a);
  const pageB = await pageFor(browser, testInfo, b, '/circles');
  const pageA = await pageFor(browser, testInfo, a, `/profile/${b.slug}`);
  await expect(pageB.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();

  await pageA.getByRole('button', { name: 'Message', exact: true }).click();
  const dockA = pageA.getByRole('dialog', { name: 'Chat' });
  await expect(dockA.getByRole('heading', { name: b.name })).toBeVisible();
  await expect(dockA.getByText('No connection established')).toBeHidden();
  const input = dockA.getByRole('textbox', { name: 'Message' });
  // A blank message is not sent; Shift+Enter makes a new line; Enter sends.
  await input.fill('   ');
  await input.press('Enter');
  await input.fill('Hello Bea');
  await input.press('Shift+Enter');
  await input.pressSequentially('second line');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(dockA.getByTestId('chat-message')).toHaveCount(1);
  await expect(dockA.getByTestId('chat-message').first()).toContainText('second line');

  // B, without reloading: the messages icon shows the unread message.
  const messagesB = pageB.getByRole('button', { name: 'Messages, 1 unread' });
  await expect(messagesB).toBeVisible();
  await messagesB.click();
  const conversation = pageB.getByRole('list', { name: 'Conversations' }).getByRole('button').first();
  await expect(conversation).toContainText('Ada Chatter');
  await expect(conversation).toContainText('Hello Bea');
  await conversation.click();
  const dockB = pageB.getByRole('dialog', { name: 'Chat' });
  await expect(dockB.getByText(/Hello Bea/)).toBeVisible();
  await dockB.getByRole('textbox', { name: 'Message' }).fill('Hi Ada, nice to meet you');
  await dockB.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(pageB.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();

  // A sees the reply without reloading.
  await expect(dockA.getByText('Hi Ada, nice to meet you')).toBeVisible();
  // The panel sits above the page (z-index 1105) at the bottom right.
  const box = await dockA.boundingBox();
  const viewport = pageA.viewportSize()!;
  expect(Math.round(box!.y + box!.height)).toBe(viewport.height);
  expect(await dockA.evaluate((el) => getComputedStyle(el).zIndex)).toBe('1105');
  await pageA.context().close();
  await pageB.context().close();
});

test('B is told when A follows them, and the notification is marked read on click', async ({ browser, request }, testInfo) => {
  const a = await newMember(request, 'Abe');
  const b = await newMember(request, 'Bo');
  const pageB = await pageFor(browser, testInfo, b, '/circles');
  const pageA = await pageFor(browser, testInfo, a, `/profile/${b.slug}`);
  const bell = pageB.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(pageB.getByText('No notifications to show')).toBeVisible();
  await pageB.keyboard.press('Escape');

  await pageA.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(pageA.getByText('You are now following Bo Chatter')).toBeVisible();

  // Without reloading, the bell counts it; the notification is highlighted until clicked.
  const unread = pageB.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(unread).toBeVisible();
  await unread.click();
  const item = pageB.getByRole('list', { name: 'Notifications' }).getByRole('button', { name: /Abe Chatter started following you/ });
  await expect(item).toHaveAttribute('data-unread', 'true');
  await item.click();
  await expect(pageB).toHaveURL(new RegExp(`/profile/${a.slug}$`));
  await expect(pageB.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await pageB.goto('/notification');
  await expect(pageB.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const listed = pageB.getByRole('list', { name: 'Notifications' }).getByRole('button').first();
  await expect(listed).toHaveAttribute('data-unread', 'false');
  await pageA.context().close();
  await pageB.context().close();
});
