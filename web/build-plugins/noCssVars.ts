// Leaves MUI's CSS-variables theming out of the build (issue 30: −5 kB gzipped on every page).
//
// The app's theme is a plain palette theme (lib/theme.ts: no `cssVariables`, no `colorSchemes`),
// so `createTheme` always takes its `createThemeNoVars` branch and `ThemeProvider` always its
// `ThemeProviderNoVars` one. Both modules still import the CSS-variables side statically
// (`createThemeWithVars`, `CssVarsProvider` with the colour-scheme storage and init script),
// which no bundler can drop. Those two imports resolve here to stand-ins that throw if a theme
// with CSS variables or colour schemes is ever made, so such a change fails loudly at once
// instead of rendering unthemed. Build only: the tests run MUI unchanged.
import type { Plugin } from 'vite';

const STUB = '\0waypoint:no-css-vars';

const MESSAGE = 'MUI CSS variables and colour schemes are left out of this build (build-plugins/noCssVars.ts)';

/** The importer (a file of @mui/material/styles) and the import it makes that is stubbed. */
const STUBBED: { importer: RegExp; source: string }[] = [
  { importer: /@mui[\\/]material[\\/]styles[\\/]createTheme\.m?js$/, source: './createThemeWithVars.mjs' },
  { importer: /@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.m?js$/, source: './ThemeProviderWithVars.mjs' },
];

export default function noCssVars(): Plugin {
  return {
    name: 'waypoint:no-css-vars',
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
