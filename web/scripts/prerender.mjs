#!/usr/bin/env node
// Prerenders the guest first screens (issue 30; docs/decisions.md "First screen in the HTML").
// Run by `npm run build` after the client and the SSR builds: it renders each page below with
// React in Node, once for a phone and once for a desktop, and writes an HTML template per page
// and viewport to dist/prerender/ with a manifest for the Rust server (crates/api/src/web/).
//
// The tenant is not known at build time, so each page is rendered with a probe configuration:
// the display texts (organization name and logo, the landing texts) are markers the server
// replaces with the tenant's own, HTML-escaped; every other configuration value the render
// reads is recorded with the value it had, and the server uses the template only for a tenant
// whose configuration has those values (otherwise it serves the client-rendered index.html).
// So a template never hydrates against a different tree than the browser renders.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { routeModules } from './routes.mjs';

process.env.NODE_ENV = 'production';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const out = join(dist, 'prerender');
const ssrEntry = join(web, 'dist-ssr', 'entry-server.js');

/** Marks around a text the server fills: U+E000 pointer U+E001 (private use: no tenant text has them). */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const marker = (pointer) => `${OPEN}${pointer}${CLOSE}`;
/** A second, long form of each marker: a render that shortens, cuts or changes a text shows up as a difference. */
const PAD = 'W'.repeat(400);
const longMarker = (pointer) => `${OPEN}${pointer}\uE002${PAD}${CLOSE}`;
const fromLong = (html) => html.replace(new RegExp(`\uE000([^\uE001\uE002]*)\uE002${PAD}\uE001`, 'g'), `${OPEN}$1${CLOSE}`);

/** The configuration values the server fills in (JSON pointers); every other value read must match. */
const TEXTS = [
  '/organization/name',
  '/organization/logo',
  '/organization/description',
  '/ui/landing_page_content/title',
  '/ui/landing_page_content/description',
  '/ui/landing_page_content/cta_text',
  '/ui/landing_page_content/cta_url',
  '/ui/landing_page_content/video_url',
  '/ui/landing_page_content/video_thumbnail_url',
  '/ui/landing_page_content/footer_text',
];

/**
 * The pages, with the app's route pattern the server matches. `query`: whether the template
 * also serves the path with a query string. None does: the lists render their filters from it,
 * and the sign-in pages their links' `next` (hydration keeps the server's attributes, so a
 * link would keep the template's target).
 */
const PAGES = [
  { name: 'home', path: '/', query: false },
  { name: 'login', path: '/login', query: false },
  { name: 'signup', path: '/signup', query: false },
  { name: 'circles', path: '/circles', query: false },
  { name: 'events', path: '/events', query: false },
  { name: 'jobs', path: '/jobs', query: false },
  { name: 'resourcehub', path: '/resourcehub', query: false },
  { name: 'posts', path: '/posts', query: false },
  { name: 'ai-tools', path: '/ai-tools', query: false },
  { name: 'usecases', path: '/usecases', query: false },
  { name: 'career-tips', path: '/career-tips', query: false },
  { name: 'careergps', path: '/careergps', query: false },
];

const VIEWPORTS = [
  { name: 'phone', width: 412 },
  { name: 'desktop', width: 1280 },
];

const pointerGet = (value, pointer) =>
  pointer
    .split('/')
    .slice(1)
    .reduce((node, key) => (node == null ? undefined : node[key.replace(/~1/g, '/').replace(/~0/g, '~')]), value);
const { render } = await import(pathToFileURL(ssrEntry).href);

const escapeKey = (key) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * A read-only view of `config` that records every value read (by JSON pointer). An array is
 * recorded whole when read. The texts are replaced by their markers.
 */
function probe(config, reads, mark = marker) {
  const views = new Map();
  function view(node, pointer) {
    if (views.has(pointer)) return views.get(pointer);
    const proxy = new Proxy(node, {
      get(target, key, receiver) {
        if (typeof key === 'symbol') return Reflect.get(target, key, receiver);
        const child = `${pointer}/${escapeKey(key)}`;
        const value = Reflect.get(target, key, receiver);
        if (TEXTS.includes(child)) {
          reads.set(child, { text: true, present: typeof value === 'string' && value !== '' });
          const marked = typeof value === 'string' && value !== '' ? mark(child) : null;
          return marked ?? value;
        }
        if (value !== null && typeof value === 'object' && !Array.isArray(value)) return view(value, child);
        if (!(key in target)) return value;
        reads.set(child, { equals: value ?? null });
        return value;
      },
      ownKeys(target) {
        reads.set(pointer || '/', { equals: JSON.parse(JSON.stringify(target)) });
        return Reflect.ownKeys(target);
      },
    });
    views.set(pointer, proxy);
    return proxy;
  }
  return view(config, '');
}

/**
 * Whether a text's marker sits in an attribute with something around it (a link resolved
 * against the route, `/` + the text): filling in the text would not give the browser's value.
 */
function transformedInAttribute(html, mark) {
  for (const match of html.matchAll(/="([^"]*)"/g)) {
    if (match[1].includes(mark) && match[1] !== mark) return true;
  }
  return false;
}

/** The page's JavaScript: the entry and the route's chunks, with their static imports (build-plugins/chunkMap.ts). */
function routeChunks(chunkMap, modules) {
  const chunkOf = new Map();
  for (const [file, chunk] of Object.entries(chunkMap.chunks)) for (const module of chunk.modules) chunkOf.set(module, file);
  const files = new Set();
  const add = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of chunkMap.chunks[file].imports) add(imported);
  };
  add(chunkMap.entry);
  for (const module of modules) {
    const file = chunkOf.get(module);
    if (file) add(file);
  }
  return [...files];
}


/** One render of `page` with every text but those in `fixed` as a marker, and what it requires. */
async function renderPass(page, viewport, sample, fixed) {
  const marks = (mark) => (pointer) => (fixed.has(pointer) ? null : mark(pointer));
  const reads = new Map();
  const { html, css, ids, requests, errors } = await render(page.path, probe(structuredClone(sample), reads, marks(marker)), viewport.width);
  if (errors.length > 0) throw new Error(`prerender: ${page.path} (${viewport.name}) failed to render:\n${errors.join('\n')}`);
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->') || html.includes('<script')) {
    throw new Error(`prerender: ${page.path} (${viewport.name}) has a part left to the browser (a pending boundary or a script)`);
  }
  // The same page with long texts: where the two differ (beyond the markers), a text was
  // shortened, cut or otherwise used; such a text is required as it is in the sample.
  const long = await render(page.path, probe(structuredClone(sample), new Map(), marks(longMarker)), viewport.width);
  const verbatim = fromLong(long.html) === html && fromLong(long.css) === css;

  const requires = [];
  const texts = [];
  const nextFixed = new Set(fixed);
  const sampleValue = (pointer) => pointerGet(sample, pointer) ?? null;
  for (const [pointer, read] of reads) {
    if (!read.text) {
      requires.push({ pointer, equals: read.equals });
    } else if (!read.present) {
      requires.push({ pointer, present: false });
    } else if (fixed.has(pointer)) {
      requires.push({ pointer, equals: sampleValue(pointer) });
    } else if (!verbatim || transformedInAttribute(html, marker(pointer)) || css.includes(marker(pointer))) {
      nextFixed.add(pointer);
      requires.push({ pointer, equals: sampleValue(pointer) });
    } else if (html.includes(marker(pointer))) {
      requires.push({ pointer, present: true });
      texts.push(pointer);
    } else {
      // Read, and the page is the same whatever it says: only its presence counts.
      requires.push({ pointer, present: true });
    }
  }
  return { html, css, ids, requests, requires, texts, fixed: nextFixed };
}

async function main() {
  const sample = JSON.parse(readFileSync(join(web, 'prerender-config.json'), 'utf8'));
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  const chunkMap = JSON.parse(readFileSync(join(dist, '.vite', 'chunks.json'), 'utf8'));

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const manifest = { marker: { open: OPEN, close: CLOSE }, pages: [] };

  for (const page of PAGES) {
    const preload = routeChunks(chunkMap, routeModules(page.path)).filter((file) => file !== chunkMap.entry);
    for (const viewport of VIEWPORTS) {
      // Texts stay markers while they can be filled in; one that cannot (changed by the render,
      // or part of a larger attribute) is rendered with the sample's value and required as it is.
      let fixed = new Set();
      let pass;
      for (let round = 0; ; round += 1) {
        pass = await renderPass(page, viewport, sample, fixed);
        if (pass.fixed.size === fixed.size || round === 3) break;
        fixed = pass.fixed;
      }
      const { html, css, ids, requests, requires, texts } = pass;
      const leftover = html.replace(/\uE000[^\uE001]*\uE001/g, '');
      if (leftover.includes(OPEN) || leftover.includes(CLOSE)) throw new Error(`prerender: a broken marker in ${page.path}`);

      const head = [
        // A visitor with a stored session never sees the guest's page, not even for a frame.
        `<script>try{if(localStorage.getItem('accessToken'))document.documentElement.setAttribute('data-session','')}catch(e){}</script>`,
        // A form sent before the app has taken over would go out as a GET to this address, with
        // its fields (a password) in the query: it is held and sent again by the app. A form that
        // holds its own (`data-held-until-ready`, app/useFirstScreenForm.ts) is held until it is
        // ready itself; others until the app is (FirstScreenReady).
        `<script>document.addEventListener('submit',function(e){var f=e.target,d=document.documentElement;if(f.hasAttribute('data-held-until-ready')?!f.hasAttribute('data-ready'):!d.hasAttribute('data-app-ready')){e.preventDefault();window.__heldSubmit=f}},true)</script>`,
        '<style>html[data-session] #root[data-prerendered]{visibility:hidden}</style>',
        `<style data-emotion="css ${ids.join(' ')}">${css}</style>`,
      ].join('\n    ');
      // index.html's early preload of the shell's route table (build-plugins/preloadRouteTable.ts)
      // is left out: a template fetches nothing before its first paint, then preloads the table
      // with the route's chunks when it needs it.
      let document = index
        .replace(/<script id="preload-route-table">[\s\S]*?<\/script>\s*/, '')
        // The app starts once the page has painted: nothing of its JavaScript is fetched or run
        // before the prerendered first screen is on the screen; then the entry and the route's
        // chunks are fetched together (modulepreload), so the route's code needs no second round.
        .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src) =>
          `<script type="module">${START.replace('ENTRY', JSON.stringify(src)).replace('CHUNKS', JSON.stringify(preload.map((file) => `/${file}`)))}</script>`,
        )
        .replace('<title>Waypoint</title>', `<title>${marker('/organization/name')}</title>`)
        .replace('</head>', `  ${head}\n  </head>`)
        .replace(/<div id="root">[\s\S]*?<\/div><\/div>/, () => `<div id="root" data-prerendered="${viewport.name}">${html}</div>`);
      if (document.includes('preload-route-table')) throw new Error('prerender: index.html\'s route table preload is still in the template');
      if (!document.includes('data-prerendered')) throw new Error('prerender: index.html has no #root to fill');
      if (!document.includes('first-contentful-paint')) throw new Error('prerender: index.html has no entry script to defer');
      // Visitors with a stored session see their own pages, not the guest's: before the first
      // paint, their #root goes back to the spinner and main.tsx renders instead of hydrating.
      document = document.replace(
        '</body>',
        `<script>try{if(localStorage.getItem('accessToken')){var r=document.getElementById('root');r.removeAttribute('data-prerendered');r.innerHTML=${JSON.stringify(BOOT)}}}catch(e){}</script>\n  </body>`,
      );
      const file = `${page.name}.${viewport.name}.html`;
      writeFileSync(join(out, file), document);
      manifest.pages.push({ path: page.path, query: page.query, viewport: viewport.name, file, requires, texts: [...new Set([...texts, '/organization/name'])], data: requests });
    }
  }
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 1));
  console.log(`prerendered ${manifest.pages.length} templates into dist/prerender/`);
}

/**
 * Starts the app (preloads the route's chunks and imports the entry) once the page has painted its first content, or at once
 * when it will not paint (a hidden tab) or cannot tell; after three seconds in any case.
 */
const START = [
  'let started = false;',
  'const start = () => {',
  '  if (started) return;',
  '  started = true;',
  "  for (const href of CHUNKS) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.append(link); }",
  '  import(ENTRY);',
  '};',
  'const soon = () => setTimeout(start, 0);',
  'try {',
  "  if (document.visibilityState === 'hidden' || performance.getEntriesByName('first-contentful-paint').length > 0) soon();",
  "  else { new PerformanceObserver((list, observer) => { observer.disconnect(); soon(); }).observe({ type: 'paint' }); setTimeout(start, 3000); }",
  '} catch { start(); }',
].join(' ');

const BOOT =
  '<div class="boot" role="progressbar" aria-label="Loading"><svg viewBox="22 22 44 44" aria-hidden="true"><circle cx="44" cy="44" r="20.2" fill="none" stroke="currentColor" stroke-width="3.6" stroke-dasharray="80 200"></circle></svg></div>';

await main();
