import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Who may import whom (DESIGN.md "Rules of the house"), as no-restricted-imports options. ESLint
 * replaces a rule's options per matching block instead of merging them, so each block below lists
 * every restriction that applies to its files.
 */
const ELECTRON_ONLY_IN_SHELLS = { name: 'electron', message: 'Only src/main/electron, src/main/index.ts and src/preload import electron (DESIGN.md).' };
/** A path segment, so `../../sandbox/app` matches and `./sandbox-settings` does not. */
const intoRoot = (root, message) => ({ regex: `(^|/)${root}(/|$)`, message });
const SANDBOX_FROM_MAIN = intoRoot(
  'sandbox',
  'The app talks to the sandbox only over HTTP, like to the real platform; src/main/embedded-sandbox.ts alone starts it (DESIGN.md).',
);
const MAIN_FROM_RENDERER = intoRoot('main', 'The renderer reaches main only through the IPC contract in src/shared/ipc (DESIGN.md).');
const SANDBOX_FROM_RENDERER = intoRoot('sandbox', 'The renderer knows the platform only through main (DESIGN.md).');
const FROM_SHARED = ['main', 'renderer', 'sandbox'].map((root) => intoRoot(root, 'src/shared is imported by every root and imports none of them (DESIGN.md).'));

/** Every folder of src/renderer/src/features, read here so a new screen is held to the rule below from its first file. */
const FEATURES = readdirSync(new URL('./src/renderer/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * A renderer feature never imports another feature's files (docs/architecture.md): what two screens share
 * lives in components/, lib/, api/ or i18n/ of the renderer, or in src/shared. Matched on the import as
 * written: climbing out with `../` into another feature's folder, or naming `features/<another>` outright.
 * (A feature's own subfolder must not be named like another feature, or it is refused too.)
 */
const intoOtherFeatures = (feature) => {
  const others = FEATURES.filter((name) => name !== feature).join('|');
  const message = `features/${feature} imports no other feature: what screens share lives in the renderer's components/, lib/, api/ or i18n/, or in src/shared (docs/architecture.md).`;
  return [
    { regex: `^(\\./)?(\\.\\./)+(${others})(/|$)`, message },
    { regex: `(^|/)features/(${others})(/|$)`, message },
  ];
};

const restrict = (paths, patterns) => ['error', { paths, patterns }];
/**
 * Tests outside the core and the test helpers of src/main/testing may start an in-process sandbox to
 * test against; nothing under src/main/core does, not even its tests (they reach it through src/main/testing).
 */
const TEST_FILES = ['src/main/*.test.ts', 'src/main/host/**/*.test.ts', 'src/main/electron/**/*.test.ts', 'src/main/testing/**'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-restricted-imports': restrict([ELECTRON_ONLY_IN_SHELLS], []),
    },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: [...TEST_FILES, 'src/main/embedded-sandbox.ts'],
    rules: { 'no-restricted-imports': restrict([ELECTRON_ONLY_IN_SHELLS], [SANDBOX_FROM_MAIN]) },
  },
  {
    files: ['src/main/electron/**', 'src/main/index.ts'],
    rules: { 'no-restricted-imports': restrict([], [SANDBOX_FROM_MAIN]) },
  },
  {
    files: ['src/preload/**', 'e2e/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([ELECTRON_ONLY_IN_SHELLS], [MAIN_FROM_RENDERER, SANDBOX_FROM_RENDERER]) },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/renderer/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict([ELECTRON_ONLY_IN_SHELLS], [MAIN_FROM_RENDERER, SANDBOX_FROM_RENDERER, ...intoOtherFeatures(feature)]),
    },
  })),
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([ELECTRON_ONLY_IN_SHELLS], FROM_SHARED) },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
