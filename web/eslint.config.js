import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

// Import boundaries (no-restricted-imports; imports are relative, so the patterns read the
// specifier):
// - a feature (src/features/<A>/) imports nothing of another feature: what two features share
//   lives in src/components/ (UI) or src/lib/ (calls, rules, types);
// - src/components/ and src/lib/ import nothing of src/features/ (tests and fixtures included);
// - src/app/ (the router and layouts) is the composition root and may import any feature;
// - the HTTP layer (lib/api/client, lib/api/download) is imported only by src/lib/**,
//   src/app/**, tests, and a feature's api.ts, api.*.ts or api/ folder (at any depth, as admin/items/api.ts);
//   components and the rest of a feature go through those.
// ESLint applies the last matching block's options for a rule, so every block below lists all
// the restrictions of its files.

const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const NOTISTACK = {
  name: 'notistack',
  message:
    "Import useSnackbar/enqueueSnackbar from src/lib/snackbar: it loads notistack with the first message (notistack's own hooks and functions do nothing before that).",
};
const HTTP = {
  regex: '(^|/)(lib/)?api/(client|download)$',
  message: "The HTTP layer is for src/lib, src/app and a feature's api.ts or api/ folder: put the call there and import it.",
};
const FEATURES = {
  regex: '(^|/)features(/|$)',
  message: 'src/components and src/lib import nothing of src/features: move what is shared to src/components or src/lib.',
};
/** Another feature's folder, reached from anywhere inside feature `own` (the feature names are unique folder names). */
const otherFeature = (own) => ({
  regex: `^(\\.\\./)+(${features.filter((name) => name !== own).join('|')})(/|$)`,
  message: `A feature imports nothing of another feature: move what ${own} shares to src/components or src/lib.`,
});

/** The same patterns for import() (no-restricted-imports reads only static imports and exports). */
const dynamicImports = (patterns) =>
  patterns.map(({ regex, message }) => ({
    // esquery regex literals take no '/', so it is written \x2F.
    selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
    message,
  }));

const restrict = (files, patterns, { allowNotistack = false } = {}) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { paths: allowNotistack ? [] : [NOTISTACK], patterns }],
    'no-restricted-syntax': ['error', ...dynamicImports(patterns)],
  },
});

const featureApi = (name) => [`src/features/${name}/**/api.ts`, `src/features/${name}/**/api.*.ts`, `src/features/${name}/**/api/**`];
const tests = ['**/*.test.{ts,tsx}', 'src/test/**'];

const boundaries = [
  restrict(['**/*.{ts,tsx}'], [HTTP]),
  restrict(['src/components/**'], [HTTP, FEATURES]),
  restrict(['src/lib/**'], [FEATURES]),
  restrict(['src/lib/snackbar/**'], [FEATURES], { allowNotistack: true }),
  ...features.flatMap((name) => [
    restrict([`src/features/${name}/**`], [HTTP, otherFeature(name)]),
    restrict([...featureApi(name), ...tests.map((glob) => `src/features/${name}/${glob}`)], [otherFeature(name)]),
  ]),
  // The composition root and the test harness (renderApp mounts the app's routes).
  restrict(['src/app/**', 'src/test/**'], []),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/lib/api/schema.d.ts', 'test-results', 'playwright-report'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'src/test/**'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
);
