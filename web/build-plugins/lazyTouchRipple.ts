// MUI's TouchRipple loaded on the first interaction (issue 30: the first screen's JavaScript).
// ButtonBase — under every Button, IconButton, Link-button, menu item and card action — imports
// its ripple statically (`./TouchRipple.mjs`: the ripple, its keyframes and the Ripple child), yet
// mounts it only once the button is pressed, touched or focused from the keyboard. This plugin
// resolves that one import to src/components/LazyTouchRipple.tsx, which loads TouchRipple's code
// the first time a ripple mounts and replays the ripple calls made meanwhile, so TouchRipple
// leaves the code every page loads first.
//
// Client build only: the tests run MUI unchanged, and the prerender's server bundle never renders
// a ripple. ButtonBase's import must be found, else the build fails (a new MUI version: check
// the import again).
import { fileURLToPath } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';

const BUTTON_BASE = /@mui[\\/]material[\\/]ButtonBase[\\/]ButtonBase\.m?js$/;
const TOUCH_RIPPLE = /^\.\/TouchRipple(\.m?js)?$/;
const LAZY = fileURLToPath(new URL('../src/components/LazyTouchRipple.tsx', import.meta.url));

export default function lazyTouchRipple(): Plugin {
  let config: ResolvedConfig;
  let redirected = 0;
  return {
    name: 'waypoint:lazy-touch-ripple',
    apply: 'build',
    enforce: 'pre',
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(source, importer) {
      if (config.build.ssr || !importer || !TOUCH_RIPPLE.test(source) || !BUTTON_BASE.test(importer)) return null;
      redirected += 1;
      return LAZY;
    },
    buildEnd(error) {
      if (error || config.build.ssr) return;
      if (redirected === 0) this.error("lazyTouchRipple: MUI's ButtonBase no longer imports ./TouchRipple (check build-plugins/lazyTouchRipple.ts)");
    },
  };
}
