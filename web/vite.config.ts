import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import precompress from './build-plugins/precompress';
import preloadFont from './build-plugins/preloadFont';
import inlineCss from './build-plugins/inlineCss';
import chunkMap from './build-plugins/chunkMap';
import compileHints from './build-plugins/compileHints';
import preloadRouteTable from './build-plugins/preloadRouteTable';
import unusedLibraryParts from './build-plugins/unusedLibraryParts';
import declarativeRouter from './build-plugins/declarativeRouter';
import lazyTouchRipple from './build-plugins/lazyTouchRipple';
import lazyPaginationTooltip from './build-plugins/lazyPaginationTooltip';
import { ALERT, AUTH, CARDS, DIALOG, PAGINATION, JOIN, GROUP_RULES, COUNTRIES, LAYOUT, LISTS, MODAL, SCHEMAS, SELECT, SHELL } from './build-plugins/chunkGroups';

const backend = process.env.WAYPOINT_DEV_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    unusedLibraryParts(),
    declarativeRouter(),
    lazyTouchRipple(),
    lazyPaginationTooltip(),
    preloadFont(/inter-latin-wght-normal-[\w-]+\.woff2$/),
    inlineCss(4096),
    preloadRouteTable(/[\\/]src[\\/]app[\\/]shellRoutes\.tsx$/),
    chunkMap(),
    // The entry and the groups a first screen runs, compiled off the main thread.
    compileHints(['index', 'shell', 'layout', 'cards', 'lists']),
    // Last: compresses what the others wrote.
    precompress(),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            // React Router's package points every bundler at its development build, whose dev
            // warnings and "Hey developer" error screens stay in the bundle. Its production
            // build is the same code with those switched off.
            { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
          ]
        : [],
  },
  server: {
    proxy: {
      '/api': backend,
      '/healthz': backend,
      '/readyz': backend,
      '/dev': backend,
    },
  },
  build: {
    // Every browser the app supports reads `modulepreload` itself (Safari since 17); one that
    // does not only loads the route's chunks a round later. The polyfill was about 0.2 kB
    // gzipped of every route's entry.
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically runs on every page before anything else:
          // one chunk instead of the ~25 shared ones the automatic split made of it, which
          // compress worse apart (−12 kB brotli on every route, docs/decisions.md).
          groups: [
            { name: 'index', tags: ['$initial'] },
            // What the first routes load after the entry, one file per group instead of dozens
            // of shared sub-kilobyte chunks (build-plugins/chunkGroups.ts).
            { name: 'shell', test: SHELL },
            { name: 'alert', test: ALERT },
            { name: 'layout', test: LAYOUT },
            { name: 'cards', test: CARDS },
            { name: 'countries', test: COUNTRIES },
            { name: 'pagination', test: PAGINATION },
            { name: 'lists', test: LISTS },
            { name: 'modal', test: MODAL },
            { name: 'dialog', test: DIALOG },
            { name: 'select', test: SELECT },
            { name: 'auth', test: AUTH },
            { name: 'schemas', test: SCHEMAS },
            // Before join, which would otherwise take in the rules its flow imports.
            { name: 'groupRules', test: GROUP_RULES },
            { name: 'join', test: JOIN },
          ],
        },
      },
    },
  },
}));
