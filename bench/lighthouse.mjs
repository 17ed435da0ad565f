#!/usr/bin/env node
// Lighthouse over the pages of issue 30, printed as the table. Run through
// bench/lighthouse.sh (which installs the pinned Lighthouse first); it starts nothing: serve a
// built app first (bench/web-weight.md).
//
//   bench/lighthouse.sh http://127.0.0.1:18300
//   RUNS=3 bench/lighthouse.sh URL                    # the median run (by performance) per page
//   ROUTES="/ /login" bench/lighthouse.sh URL         # other pages
//   SIGNED_IN_ROUTES="/careergps" bench/lighthouse.sh URL   # other pages, signed in
//   SIGN_IN=admin@example.com SIGNED_IN_ROUTES=/admin-dashboard/analytics bench/lighthouse.sh URL
//                                                     # an admin page, the admin view chosen
//
// Lighthouse 12, its mobile defaults (simulated throttling: 150 ms, 1.6 Mbit/s, 4× CPU), the
// system Chromium (CHROMIUM_PATH, default /usr/bin/chromium), each run in a fresh browser.
// "a circle page" and "a job page" are the first of the demo's lists; `/careergps` is measured
// signed in as SIGN_IN (default maria@example.com, password waypoint-demo), through a browser
// whose storage holds the tokens. Total Blocking Time moves with the machine's load: the load
// average is printed with the table, and it belongs next to every figure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, 'package.json'));
const { default: lighthouse } = await import(require.resolve('lighthouse'));
const webRequire = createRequire(path.join(here, '..', 'web', 'package.json'));
const { chromium } = webRequire('playwright-core');

const base = (process.argv[2] ?? process.env.WAYPOINT_URL ?? '').replace(/\/$/, '');
if (!base) {
  console.error('usage: bench/lighthouse.sh <base URL>   (e.g. http://127.0.0.1:18300)');
  process.exit(2);
}
const runs = Number(process.env.RUNS ?? 1);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const signIn = process.env.SIGN_IN ?? 'maria@example.com';
const password = process.env.SIGN_IN_PASSWORD ?? 'waypoint-demo';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function firstSlug(list, kind) {
  const response = await fetch(`${base}/api/v1/${list}/?page=1&page_size=1`);
  const body = await response.json();
  const item = (body.results ?? body.data ?? [])[0];
  const slug = item?.slug ?? item?.name_slug;
  if (!slug) throw new Error(`no ${kind} in ${list}: seed the demo first`);
  return encodeURIComponent(slug);
}

async function pages() {
  if (process.env.ROUTES || process.env.SIGNED_IN_ROUTES) {
    const list = (text) => (text ?? '').split(/\s+/).filter(Boolean);
    return [
      ...list(process.env.ROUTES).map((route) => ({ label: route, route })),
      ...list(process.env.SIGNED_IN_ROUTES).map((route) => ({ label: `${route} (signed in)`, route, signedIn: true })),
    ];
  }
  return [
    { label: '/', route: '/' },
    { label: '/login', route: '/login' },
    { label: '/signup', route: '/signup' },
    { label: '/circles', route: '/circles' },
    { label: '/events', route: '/events' },
    { label: '/jobs', route: '/jobs' },
    { label: '/resourcehub', route: '/resourcehub' },
    { label: 'a circle page', route: `/circle/${await firstSlug('circles', 'circle')}` },
    { label: 'a job page', route: `/job/${await firstSlug('jobs', 'job')}` },
    { label: '/careergps (signed in)', route: '/careergps', signedIn: true },
  ];
}

async function tokens() {
  const response = await fetch(`${base}/api/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: signIn, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${signIn} failed: ${response.status}`);
  const body = await response.json();
  return body.data ?? body;
}

/** A Chromium with a debugging port, for Lighthouse to drive; the caller kills it. */
async function startChromium() {
  const profile = mkdtempSync(path.join(tmpdir(), 'lh-profile-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  const child = spawn(chromePath, [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        const stop = async () => {
          child.kill();
          await exited;
          // Chromium's helpers may still be writing the profile for a moment.
          for (let attempt = 0; attempt < 10; attempt += 1) {
            try {
              rmSync(profile, { recursive: true, force: true });
              return;
            } catch {
              await new Promise((resolve) => setTimeout(resolve, 200));
            }
          }
        };
        return { port, stop };
      }
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('Chromium did not start');
}

async function runOnce(page, session) {
  const browser = await startChromium();
  try {
    if (page.signedIn) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
      const tab = cdp.contexts()[0].pages()[0] ?? (await cdp.contexts()[0].newPage());
      await tab.goto(`${base}/favicon.svg`);
      // The admin dashboard opens only with the admin view chosen (AdminViewToggle's flag).
      const adminView = page.route.startsWith('/admin-dashboard');
      await tab.evaluate(([access, refresh, admin]) => {
        localStorage.setItem('accessToken', access);
        localStorage.setItem('refreshToken', refresh);
        if (admin) localStorage.setItem('isAdminRole', 'true');
      }, [session.access, session.refresh, adminView]);
      await cdp.close();
    }
    const result = await lighthouse(
      `${base}${page.route}`,
      {
        port: browser.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Keeps the signed-in tokens; guests start from an empty profile anyway.
        disableStorageReset: Boolean(page.signedIn),
      },
    );
    return result.lhr;
  } finally {
    await browser.stop();
  }
}

function row(label, lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const errors = lhr.runtimeError ? ` (${lhr.runtimeError.code})` : '';
  return {
    label: label + errors,
    performance: score('performance'),
    lcp: `${(audit('largest-contentful-paint') / 1000).toFixed(1)} s`,
    tbt: `${Math.round(audit('total-blocking-time')).toLocaleString('en')} ms`,
    js: `${Math.round((scripts?.transferSize ?? 0) / 1000)} KB`,
    fcp: `${(audit('first-contentful-paint') / 1000).toFixed(1)} s`,
    cls: audit('cumulative-layout-shift').toFixed(3),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
  };
}

const list = await pages();
const session = list.some((page) => page.signedIn) ? await tokens() : null;
const load = () => loadavg().map((value) => value.toFixed(2)).join(', ');
console.log(`Lighthouse 12 (mobile, simulated throttling) on ${base}, ${runs} run(s) per page; load average at start: ${load()}`);
console.log('');
console.log('| page | performance | LCP | TBT | JS transferred | FCP | CLS | accessibility | best practices | load avg (1 min) |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const page of list) {
  const reports = [];
  for (let i = 0; i < runs; i += 1) reports.push(await runOnce(page, session));
  reports.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
  const median = reports[Math.floor(reports.length / 2)];
  const r = row(page.label, median);
  if (process.env.DETAILS) {
    const lcpItems = median.audits['largest-contentful-paint-element']?.details?.items ?? [];
    const lcp = lcpItems[0]?.items?.[0]?.node;
    const phases = (lcpItems[1]?.items ?? []).map((item) => `${item.phase} ${Math.round(item.timing)} ms`).join(', ');
    console.error(`  phases: ${phases}`);
    const tasks = median.audits['long-tasks']?.details?.items ?? [];
    console.error(`  ${page.label}: LCP element ${lcp?.selector ?? '?'} "${(lcp?.nodeLabel ?? '').slice(0, 60)}"`);
    for (const task of tasks.slice(0, 6)) console.error(`    long task ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms: ${task.url}`);
    for (const id of ['largest-contentful-paint', 'interactive', 'speed-index', 'bootup-time', 'mainthread-work-breakdown']) {
      console.error(`    ${id}: ${median.audits[id]?.displayValue ?? ''}`);
    }
  }
  console.log(
    `| \`${r.label}\` | ${r.performance} | ${r.lcp} | ${r.tbt} | ${r.js} | ${r.fcp} | ${r.cls} | ${r.accessibility} | ${r.bestPractices} | ${loadavg()[0].toFixed(2)} |`,
  );
}
console.log('');
console.log(`load average at the end: ${load()}`);
