// One lint configuration for every package.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layering } from './scripts/lint/layering.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.astro/**', '.tools/**', 'db/migrations/**', '**/dev-dist/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // .astro pages and components are linted too (their frontmatter imports fall under the layering).
  ...astro.configs['flat/base'],
  // Three pages declare `let x = null` before a try/catch that assigns it on both paths; a later
  // clean-up, not part of bringing .astro files under lint.
  { files: ['**/*.astro'], rules: { 'no-useless-assignment': 'off' } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['admin-pwa/src/**/*.{ts,tsx}', 'site/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
    languageOptions: { globals: globals.browser },
  },
  // Tests read JSON answers as `any` and assert on their shape; typing every body would add nothing.
  { files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // Configuration files and build scripts run in Node.
  { files: ['**/*.config.{js,mjs,ts}', '**/*.mjs', 'scripts/**/*.ts'], languageOptions: { globals: globals.node } },
  ...layering,
  // The data layer is async (docs/decisions/083): a forgotten await runs a write after its caller
  // answered, or outside its transaction. Typed rules catch it where the database is used.
  {
    files: ['api/src/**/*.ts', 'db/src/**/*.ts', 'tests/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // Plain browser scripts served as they are (the API reference page).
  { files: ['api/src/static/**/*.js'], languageOptions: { globals: globals.browser } },
);
