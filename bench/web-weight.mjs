#!/usr/bin/env node
// Web weight: what a cold load of each route downloads, measured in headless Chromium.
//
//   node bench/web-weight.mjs http://127.0.0.1:18300            # the guest routes
//   SIGN_IN=maria@example.com node bench/web-weight.mjs URL      # also signed in (password waypoint-demo)
//   ROUTES=/,/login node bench/web-weight.mjs URL                # other routes
//
// It starts nothing: run a built server first (see bench/README-web.md). Every route gets a
// fresh browser context (empty cache), waits until the network is idle and sums the encoded
// (transfer) body bytes per kind: JS, CSS, fonts, everything. The targets of issue 11 are on
// the JS column: /login ≤ 170 kB, /, /circles and /events ≤ 220 kB (1 kB = 1000 bytes).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', 'web', 'package.json'));
const { chromium } = require('playwright-core');

const base = (process.argv[2] ?? process.env.WAYPOINT_URL ?? '').replace(/\/$/, '');
if (!base) {
  console.error('usage: node bench/web-weight.mjs <base URL>   (e.g. http://127.0.0.1:18300)');
  process.exit(2);
}
const routes = (process.env.ROUTES ?? '/,/login,/signup,/circles,/events').split(',');
const password = process.env.SIGN_IN_PASSWORD ?? 'waypoint-demo';
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const KB = 1000;
const kb = (bytes) => (bytes / KB).toFixed(1);

function kindOf(response) {
  const type = response.request().resourceType();
  if (type === 'script') return 'js';
  if (type === 'stylesheet') return 'css';
  if (type === 'font') return 'font';
  return 'other';
}

async function signIn(email) {
  const response = await fetch(`${base}/api/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status}`);
  const body = await response.json();
  const tokens = body.data ?? body;
  return { access: tokens.access, refresh: tokens.refresh };
}

async function measure(browser, route, tokens) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (tokens) {
    await context.addInitScript(([access, refresh]) => {
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
    }, [tokens.access, tokens.refresh]);
  }
  const page = await context.newPage();
  const responses = [];
  page.on('requestfinished', (request) => responses.push(request));
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  const totals = { js: 0, css: 0, font: 0, other: 0, jsFiles: 0, encodings: new Set() };
  for (const request of responses) {
    const response = await request.response();
    if (!response) continue;
    const sizes = await request.sizes();
    const kind = kindOf(response);
    totals[kind] += sizes.responseBodySize;
    if (kind === 'js') {
      totals.jsFiles += 1;
      totals.encodings.add((await response.headerValue('content-encoding')) ?? 'identity');
    }
  }
  await context.close();
  return totals;
}

const browser = await chromium.launch({
  executablePath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const sessions = [['guest', null]];
  if (process.env.SIGN_IN) sessions.push([process.env.SIGN_IN, await signIn(process.env.SIGN_IN)]);
  console.log('who\troute\tJS kB\tJS files\tJS encoding\tCSS kB\tfont kB\ttotal kB');
  for (const [who, tokens] of sessions) {
    for (const route of routes) {
      const t = await measure(browser, route, tokens);
      const total = t.js + t.css + t.font + t.other;
      console.log(
        [who, route, kb(t.js), t.jsFiles, [...t.encodings].join('+'), kb(t.css), kb(t.font), kb(total)].join('\t'),
      );
    }
  }
} finally {
  await browser.close();
}
