// One vitest run, several projects: fast unit tests per package, integration against the real
// server process, component tests in happy-dom. Browser journeys run after the build (scripts/test.ts).
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { postgresJourneys, sqliteOnlyTests } from './tests/support/engine-rule.ts';
import LongestFirst from './tests/support/file-order.ts';

/**
 * Node's compile cache for the processes the integration tests and journeys start (servers, CLIs, tsc): V8's code of
 * each module kept on disk and checked against the file's content, so a server start no longer compiles
 * its modules again. A server start took 1.9 → 1.4 s of CPU; 10 server-heavy files 85.5 → 71.4 s of CPU
 * (user + sys). The test processes themselves gained nothing measurable from it (vitest runs their modules).
 */
const compileCache = { NODE_COMPILE_CACHE: path.join(import.meta.dirname, 'node_modules/.cache/node-compile-cache') };

/**
 * The test processes of the projects that start servers and browsers each serve their files in turn instead of one
 * process per file: the data layer, drizzle, the drivers and playwright are imported once per process, not per
 * file. Files still share nothing they make (servers, folders, databases, browsers are per file). The
 * one helper that registered a hook when imported now does so from a setup file, which runs for each file.
 */
const perProcess = { isolate: false, setupFiles: ['tests/support/temp-dirs-setup.ts'] };

const integration = {
  ...perProcess,
  include: ['tests/integration/**/*.test.ts', 'tests/house/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/load/**/*.test.ts'],
  environment: 'node',
  env: compileCache,
  testTimeout: 60_000,
  hookTimeout: 60_000,
  globalSetup: ['tests/support/temp-sweep.ts'],
};

const e2e = {
  ...perProcess,
  include: ['tests/e2e/**/*.test.ts'],
  environment: 'node',
  env: compileCache,
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // expect.poll waits for what a page shows after a request to its server: vitest's 1 s default was too
  // short while two journey files, their servers and Chromium share the two cores (a subscription's answer
  // came after it in CI). Still a wait for the condition, ended as soon as it holds.
  expect: { poll: { timeout: 10_000 } },
  globalSetup: ['tests/support/temp-sweep.ts'],
};

/**
 * Selects PostgreSQL for a test process: its helpers start each server with the URL of its own fresh
 * database of the throwaway cluster (tests/support/server.ts), and read it through the handle they open,
 * whose tables are PostgreSQL's (tablesOf).
 */
const onPostgres = { DATABASE_URL: 'postgres://throwaway-test-cluster/' };

export default defineConfig({
  test: {
    reporters: ['default'],
    // Files run in parallel, on every project. vitest's default (availableParallelism() - 1) is 1 worker on
    // this 2-core machine, so every file ran alone although an integration or journey file mostly waits
    // on its own server process and Chromium. Nothing is shared between files: each server listens on
    // port 0 with its own mkdtemp data folder and, on PostgreSQL, its own database of the cluster; each
    // SMTP or webhook receiver listens on port 0; Chromium gets a fresh profile per launch. One value for
    // every project: vitest runs projects of one `vitest run` in one group, which must share maxWorkers
    // (admin-pwa/vitest.config.ts, a project of its own file, repeats it). The same 9 integration files, minutes
    // apart on the loaded machine: 100 s with 1 worker, 80 and 95 s with 3, 71 and 87 s with 2.
    // `--maxWorkers=1` on the command line runs the files one at a time again.
    maxWorkers: 2,
    // The longest files first, by the times the last green `npm test` recorded (tests/support/file-order.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      // With the site's pure helpers (site/src/lib, tested in tests/site): what pages make of domain objects.
      {
        test: {
          name: 'domain',
          include: ['domain/src/**/*.test.ts', 'tests/spec/**/*.test.ts', 'tests/site/**/*.test.ts'],
          environment: 'node',
        },
      },
      { test: { name: 'db', include: ['db/src/**/*.test.ts'], environment: 'node' } },
      // The PostgreSQL side of the data layer, on a throwaway cluster (tests/support/postgres.ts).
      {
        test: {
          name: 'postgres',
          ...perProcess,
          include: ['tests/postgres/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/postgres-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'api', include: ['api/src/**/*.test.ts'], environment: 'node' } },
      // The demo catalogue and its pictures (demo/): the listings validate, the drawings keep their frame.
      // One test draws 20 pictures with sharp: 5.0 to 5.7 s, over the default 5 s, while other processes
      // share this 2-core machine. Allowed 20 s, like the admin's components.
      { test: { name: 'demo', include: ['demo/src/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
      { test: { name: 'integration', ...integration } },
      // The same integration tests with every server on its own PostgreSQL database (tests/support/server.ts).
      // All of them but those no engine can change (tests/support/engine-rule.ts): the house tests and the
      // files marked engine-free. The tests read and write the stored state through the engine-neutral handle
      // (tests/support/db-state.ts, auth.ts withDb), and the CLIs get each folder's database (databaseEnv).
      // The few checks of SQLite's storage itself (WAL mode, integrity_check, a missing file) are defined
      // on SQLite only, next to their PostgreSQL counterpart where one exists (backup: db:restore).
      {
        test: {
          name: 'integration-pg',
          ...integration,
          exclude: [...configDefaults.exclude, ...sqliteOnlyTests()],
          env: { ...integration.env, ...onPostgres },
          globalSetup: [...integration.globalSetup, 'tests/support/postgres-setup.ts'],
        },
      },
      './admin-pwa/vitest.config.ts',
      { test: { name: 'e2e', ...e2e } },
      // On PostgreSQL, a smoke set of journeys and every journey that reaches the database itself
      // (tests/support/engine-rule.ts): the rest go through the API the integration tests cover on both.
      {
        test: {
          name: 'e2e-pg',
          ...e2e,
          include: postgresJourneys(),
          env: { ...e2e.env, ...onPostgres },
          globalSetup: [...e2e.globalSetup, 'tests/support/postgres-setup.ts'],
        },
      },
    ],
  },
});
