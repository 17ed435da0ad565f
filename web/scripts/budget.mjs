#!/usr/bin/env node
// The JavaScript budget of each route (issue 30): what a cold load of the route must download
// before its page renders, gzipped, against its budget. Bytes are deterministic, so this is a
// test: `scripts/test.sh` runs it right after the build and fails when a route grows past its
// budget (1 kB = 1000 bytes; the build's own `.gz` copies, level 9, are what is counted).
//
//   npm --prefix web run -s build && node web/scripts/budget.mjs          # the table, exit 1 when over
//   node web/scripts/budget.mjs --json                                    # the same as JSON
//
// A route's JavaScript is the entry with its static imports, plus the chunks the router loads for
// the route (every matched route's `lazyRoute`: the layout and the page, with their static imports,
// and for every page but the sign-in screens the shell's route table, app/shellRoutes.tsx),
// read from the build's chunk map (dist/.vite/chunks.json, build-plugins/chunkMap.ts). Chunks loaded later on demand (a
// dialog, the editor, the chat dock of signed-in users) are not on the critical path and are not
// counted, except for the signed-in pages, which count what every signed-in page loads at once.
//
// Budgets (issue 30): sign-in pages ≤ 150 kB, the landing, lists and detail pages ≤ 200 kB, any
// other page (signed in) ≤ 250 kB, and no guest page may load a heavy library (the editor, PDF,
// chat). A route not yet within its budget has a ceiling in web/budget-ceilings.json, today's
// size and 1 kB: the test fails when it grows past that, and the table shows how far it still
// is from its budget. `--lower` rewrites the ceilings after a route got lighter (never higher);
// a route within its budget needs none and is held to the budget itself.
//
//   node web/scripts/budget.mjs --lower                                  # after making a route lighter
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';
import { ADMIN, ANY, APP, AUTH, HEAVY, HOME, NAMED, SHELL_ROUTES, SIGNED_IN } from './routes.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const mapPath = join(dist, '.vite', 'chunks.json');
if (!existsSync(mapPath)) {
  console.error(`budget: ${mapPath} is missing; build first (npm --prefix web run build)`);
  process.exit(2);
}
/** @type {{ entry: string, chunks: Record<string, { modules: string[], imports: string[], dynamicImports: string[] }> }} */
const map = JSON.parse(readFileSync(mapPath, 'utf8'));
/** The chunk each app module ended up in. */
const chunkOf = new Map();
for (const [file, chunk] of Object.entries(map.chunks)) for (const module of chunk.modules) chunkOf.set(module, file);

const KB = 1000;
const gzipCache = new Map();
/** The gzipped size of a built file: its `.gz` copy, or the file gzipped at level 9 when none was written. */
function gzipped(file) {
  if (!gzipCache.has(file)) {
    const path = join(dist, file);
    const size = existsSync(`${path}.gz`)
      ? statSync(`${path}.gz`).size
      : gzipSync(readFileSync(path), { level: constants.Z_BEST_COMPRESSION }).length;
    gzipCache.set(file, size);
  }
  return gzipCache.get(file);
}

/** The chunks a chunk needs before it runs: itself and its static imports, recursively. */
function closure(file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  for (const imported of map.chunks[file].imports) closure(imported, into);
  return into;
}

function chunkFor(module) {
  const file = chunkOf.get(module);
  if (!file) throw new Error(`budget: ${module} is not in the build (renamed? update web/scripts/budget.mjs)`);
  return file;
}

function measure(route, budget, modules) {
  const files = new Set();
  for (const file of [map.entry, ...modules.map(chunkFor)]) closure(file, files);
  const bytes = [...files].reduce((sum, file) => sum + gzipped(file), 0);
  const heavy = [...new Set([...files].flatMap((file) => map.chunks[file].modules).filter((module) => HEAVY.some((pattern) => pattern.test(module))))];
  return { route, budget, kB: Math.round(bytes / 100) / 10, files: files.size, heavy };
}

const ceilingsPath = join(web, 'budget-ceilings.json');
/** @type {Record<string, number>} */
const ceilings = existsSync(ceilingsPath) ? JSON.parse(readFileSync(ceilingsPath, 'utf8')) : {};

const rows = NAMED.map(({ route, budget, modules }) => measure(route, budget, modules));

// Every other page the router can load: its chunk, its layout, and what a signed-in page loads.
// The pages are loaded on demand by the entry's route table (the sign-in screens) and the shell's.
const named = new Set(NAMED.flatMap(({ modules }) => modules.at(-1)));
const shellChunks = new Set(map.chunks[chunkFor(SHELL_ROUTES)].dynamicImports);
const routeChunks = new Set([...map.chunks[map.entry].dynamicImports, ...shellChunks]);
const pages = [...chunkOf.keys()].filter(
  (key) =>
    routeChunks.has(chunkOf.get(key)) && !named.has(key) && ![SHELL_ROUTES, APP, AUTH, ADMIN, ...HOME].includes(key) && /\/routes\/|Page\.tsx$/.test(key),
);
for (const key of pages) {
  const inShell = shellChunks.has(chunkOf.get(key));
  const layout = !inShell ? [AUTH] : key.startsWith('src/features/admin/') ? [SHELL_ROUTES, APP, ADMIN] : [SHELL_ROUTES, APP];
  const extras = !inShell ? [] : SIGNED_IN.filter((module) => chunkOf.has(module));
  const row = measure(key.replace(/^src\/features\//, '').replace(/\.tsx$/, ''), ANY, [...layout, ...extras, key]);
  row.heavy = []; // signed-in pages may load what they use
  rows.push(row);
}

for (const row of rows) row.limit = Math.max(row.budget, ceilings[row.route] ?? 0);

if (process.argv.includes('--lower')) {
  const next = {};
  for (const row of rows) {
    if (row.kB <= row.budget) continue;
    const ceiling = Math.ceil(row.kB + 1);
    next[row.route] = ceilings[row.route] === undefined ? ceiling : Math.min(ceilings[row.route], ceiling);
  }
  writeFileSync(ceilingsPath, `${JSON.stringify(next, null, 1)}\n`);
  console.log(`wrote ${Object.keys(next).length} ceilings to web/budget-ceilings.json`);
  for (const row of rows) row.limit = Math.max(row.budget, next[row.route] ?? 0);
}

const failures = rows.filter((row) => row.kB > row.limit || row.heavy.length > 0);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  const width = Math.max(...rows.map((row) => row.route.length));
  console.log(`${'route'.padEnd(width)}  gzip kB  budget  ceiling  files`);
  for (const row of rows) {
    const ceiling = row.limit > row.budget ? String(row.limit) : '';
    let mark = '';
    if (row.kB > row.limit) mark = '  OVER';
    else if (row.kB > row.budget) mark = `  ${(row.kB - row.budget).toFixed(1)} kB over its budget`;
    if (row.heavy.length) mark += `  loads ${row.heavy.join(', ')}`;
    console.log(
      `${row.route.padEnd(width)}  ${row.kB.toFixed(1).padStart(7)}  ${String(row.budget).padStart(6)}  ${ceiling.padStart(7)}  ${String(row.files).padStart(5)}${mark}`,
    );
  }
  const within = rows.filter((row) => row.kB <= row.budget).length;
  const rest = within === rows.length ? '' : '; the others held to their ceiling (web/budget-ceilings.json)';
  console.log(`\n${within} of ${rows.length} routes within their budget${rest}`);
}
// The entry is compiled off the main thread (build-plugins/compileHints.ts): a build that lost
// the hint (the plugin dropped, the entry's chunk renamed) puts its compilation back into every
// page's blocking time, which no byte count shows.
if (!readFileSync(join(dist, map.entry), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n')) {
  console.error(`\nThe entry ${map.entry} has lost its compile hint (build-plugins/compileHints.ts).`);
  process.exit(1);
}
if (failures.length > 0) {
  console.error(`\nJavaScript budget exceeded on ${failures.length} route(s): ${failures.map((row) => `${row.route} (${row.kB} kB > ${row.limit})`).join(', ')}`);
  process.exit(1);
}
