// One lint configuration for every package.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
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
  // Every pattern runs in linear time: one request with a long value must not hold the event loop
  // (a backtracking e-mail pattern once took 2.7 s on a 63 KB value; docs/shared security.md, "Requests").
  {
    files: ['**/*.{js,mjs,ts,tsx,astro}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignorePartial: false, ignoreSticky: false }],
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
  // No import cycle (issue 34): a module graph that points one way can be read from the entry down, and
  // a value cycle can hand a module an undefined binding at start. Type-only imports have no runtime
  // effect and are not counted; a type that two modules share lives in a third.
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...layering,
  // The data layer is async (docs/decisions/083): a forgotten await runs a write after its caller
  // answered, or outside its transaction. Typed rules catch it where the database is used.
  {
    files: ['api/src/**/*.ts', 'db/src/**/*.ts', 'demo/src/**/*.ts', 'tests/**/*.ts'],
    // The layering test lints virtual files of that name (not on disk, so in no TypeScript project).
    ignores: ['**/planted.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A promise returned from inside try/finally would run the finally (or miss the catch) before it settles.
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  // Query code keeps to what both engines run (docs/decisions/083): builders are awaited, never ended
  // with better-sqlite3's synchronous .all() / .get() / .run() / .values(), and the driver connection
  // stays inside db/src. A zero-argument call of those names on a call chain is a drizzle terminal
  // (Map#values() and friends are called on a variable, not on a chain).
  {
    files: ['api/src/**/*.ts', 'demo/src/**/*.ts', 'tests/**/*.ts', 'site/src/**/*.{ts,tsx,astro}', 'scripts/**/*.ts'],
    // These read the SQLite file beside the server with better-sqlite3 itself (file-level checks:
    // integrity, WAL, rows against files); they move to the handle when the suite runs on PostgreSQL.
    ignores: [
      'tests/support/db-state.ts',
      'tests/integration/bad-input-harness.ts',
      'tests/integration/catalogue-seed.test.ts',
      'tests/integration/faults-backup.test.ts',
      'tests/integration/faults-mail.test.ts',
      'tests/security/data.test.ts',
      'tests/security/outgoing-mail.test.ts',
      'tests/security/requests-headers.test.ts',
      'tests/security/sign-in-sessions.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[arguments.length=0][callee.type='MemberExpression'][callee.object.type='CallExpression'][callee.property.name=/^(all|get|run|values)$/]",
          message:
            'Await the query builder instead of .all()/.get()/.run()/.values() (PostgreSQL has none); first() from @app/db for one row (docs/decisions/083).',
        },
        {
          selector: 'MemberExpression[property.name=/^\\$(client|sqlite)$/]',
          message:
            'The driver connection stays inside db/src: use the handle, rows/row/exec from @app/db, or an engine switch there (docs/decisions/083).',
        },
      ],
    },
  },
  // Plain browser scripts served as they are (the API reference page).
  { files: ['api/src/static/**/*.js'], languageOptions: { globals: globals.browser } },
);
