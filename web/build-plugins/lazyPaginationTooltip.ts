// The tooltips of MUI's table pagination buttons loaded when the page is idle (issue 30: the first
// screen's JavaScript). TablePaginationActions — the previous and next page buttons under every
// admin and applicants table — wraps each button in MUI's Tooltip, imported statically, so a
// table page downloaded Tooltip and popper.js (~11 kB gzipped) before it rendered, for a hint
// that repeats the button's aria-label. This plugin resolves that one import to
// src/components/LazyTooltip.tsx (the same `title` and child), which renders the button alone
// until the page is idle and then wraps it in MUI's Tooltip.
//
// Client build only: the tests run MUI unchanged, and the prerender never renders a table. The
// import must be found, else the build fails (a new MUI version: check the import again).
import { fileURLToPath } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';

const ACTIONS = /@mui[\\/]material[\\/]TablePaginationActions[\\/]TablePaginationActions\.m?js$/;
const TOOLTIP = /^\.\.\/Tooltip(\/index\.m?js)?$/;
const LAZY = fileURLToPath(new URL('../src/components/LazyTooltip.tsx', import.meta.url));

export default function lazyPaginationTooltip(): Plugin {
  let config: ResolvedConfig;
  let redirected = 0;
  return {
    name: 'waypoint:lazy-pagination-tooltip',
    apply: 'build',
    enforce: 'pre',
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(source, importer) {
      if (config.build.ssr || !importer || !TOOLTIP.test(source) || !ACTIONS.test(importer)) return null;
      redirected += 1;
      return LAZY;
    },
    buildEnd(error) {
      if (error || config.build.ssr) return;
      if (redirected === 0) this.error("lazyPaginationTooltip: MUI's TablePaginationActions no longer imports ../Tooltip (check build-plugins/lazyPaginationTooltip.ts)");
    },
  };
}
