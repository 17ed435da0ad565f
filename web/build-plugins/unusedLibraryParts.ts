// Leaves library code out of the build that the app can never run (issue 30: the first screen's
// JavaScript). Each import below is made statically by a library module, so no bundler can drop
// it, but the branch or export that uses it is never taken by this app:
//
// - MUI's CSS-variables theming (−5 kB gzipped on every page). The app's theme is a plain palette
//   theme (lib/theme.ts: no `cssVariables`, no `colorSchemes`), so `createTheme` always takes its
//   `createThemeNoVars` branch and `ThemeProvider` its `ThemeProviderNoVars` one; the other
//   branch imports `createThemeWithVars` and `CssVarsProvider` with the colour-scheme storage
//   and init script.
// - hoist-non-react-statics (CommonJS, with its own copy of react-is, ~1 kB): emotion imports it
//   for `withTheme` only, which neither the app nor MUI uses.
//
// Those imports resolve here to stand-ins that throw when called, so a change that starts using
// them fails loudly at once instead of misbehaving. Build only: the tests run the libraries
// unchanged.
import type { Plugin } from 'vite';

const STUB = '\0waypoint:unused-library-part';

const MESSAGE = 'this library part is left out of the build (web/build-plugins/unusedLibraryParts.ts)';

/** The importing library module and the import of it that is stubbed. */
const STUBBED: { importer: RegExp; source: string }[] = [
  { importer: /@mui[\\/]material[\\/]styles[\\/]createTheme\.m?js$/, source: './createThemeWithVars.mjs' },
  { importer: /@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.m?js$/, source: './ThemeProviderWithVars.mjs' },
  { importer: /@emotion[\\/]react[\\/]/, source: 'hoist-non-react-statics' },
];

export default function unusedLibraryParts(): Plugin {
  return {
    name: 'waypoint:unused-library-parts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const stubbed = STUBBED.some((entry) => entry.source === source && entry.importer.test(importer));
      return stubbed ? STUB : null;
    },
    load(id) {
      if (id !== STUB) return null;
      const fail = `function () { throw new Error(${JSON.stringify(MESSAGE)}); }`;
      return `export default ${fail};\nexport const CssVarsProvider = ${fail};\n`;
    },
  };
}
