// Marks the chunks every first screen runs for V8's eager compilation (explicit compile hints,
// Chromium 136+): a file that starts with `//# allFunctionsCalledOnLoad` has all its functions
// compiled while it streams in, on a background thread. Without it V8 compiles each function on
// its first call, on the main thread, inside the entry's evaluation and the first render: the
// long tasks that made up a guest page's blocking time (docs/decisions.md "Compile hints").
// Only chunks whose code mostly runs on load are named: eager compilation of code that never
// runs costs memory and background time for nothing. Other engines read it as a comment.
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

type OutputFile = { type: 'chunk'; name: string; code: string } | { type: 'asset' };

/** Puts the hint on the first line of each named chunk (once). */
export function addCompileHints(bundle: Record<string, OutputFile>, chunkNames: ReadonlySet<string>): void {
  for (const file of Object.values(bundle)) {
    if (file.type === 'chunk' && chunkNames.has(file.name) && !file.code.startsWith(COMPILE_HINT)) {
      file.code = COMPILE_HINT + file.code;
    }
  }
}

export default function compileHints(chunkNames: readonly string[]): Plugin {
  const names = new Set(chunkNames);
  return {
    name: 'waypoint:compile-hints',
    // The browser build only: the prerender's server build runs in Node.
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    generateBundle: {
      // After minification, which would drop the comment, and after Vite put its mapDeps line at
      // the top: the hint belongs on the very first line.
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle, names);
      },
    },
  };
}
