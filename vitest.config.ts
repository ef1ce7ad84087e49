// One vitest run, several projects: fast unit tests per package, integration against the real
// server process, component tests in happy-dom. Browser journeys run after the build (scripts/test.ts).
import { configDefaults, defineConfig } from 'vitest/config';

const integration = {
  include: ['tests/integration/**/*.test.ts', 'tests/house/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/load/**/*.test.ts'],
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

const e2e = { include: ['tests/e2e/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false };

/**
 * Selects PostgreSQL for a test process (its `schema` holds the PostgreSQL tables); each server is
 * started with the URL of its own fresh database of the throwaway cluster instead (tests/support/server.ts).
 */
const onPostgres = { DATABASE_URL: 'postgres://throwaway-test-cluster/' };

/**
 * Integration tests that open the SQLite file beside the server (better-sqlite3 readers, checksums of
 * every table, integrity_check, the file backup): they assert SQLite's storage, not the API. The backup
 * and restore on PostgreSQL has its own test in tests/postgres.
 */
const sqliteOnly = [
  ...configDefaults.exclude,
  'tests/integration/auth-reset-password.test.ts',
  'tests/integration/bad-input-admin.test.ts',
  'tests/integration/bad-input-public.test.ts',
  'tests/integration/catalogue-seed.test.ts',
  'tests/integration/faults-backup.test.ts',
  'tests/integration/faults-kill.test.ts',
  'tests/integration/faults-mail.test.ts',
  'tests/security/data.test.ts',
  'tests/security/files.test.ts',
  'tests/security/outgoing-mail.test.ts',
  'tests/security/requests-headers.test.ts',
  'tests/security/sign-in-sessions.test.ts',
  // Seeds 1,000 listings into a SQLite file through the seed CLI and asserts no SQLITE_BUSY under load;
  // the bench measures PostgreSQL under load (BENCH_ENGINE).
  'tests/load/load-light.test.ts',
];

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      { test: { name: 'domain', include: ['domain/src/**/*.test.ts', 'tests/spec/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'db', include: ['db/src/**/*.test.ts'], environment: 'node' } },
      // The PostgreSQL side of the data layer, on a throwaway cluster (tests/support/postgres.ts).
      {
        test: {
          name: 'postgres',
          include: ['tests/postgres/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/postgres-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'api', include: ['api/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'integration', ...integration } },
      // The same integration tests with every server on its own PostgreSQL database (tests/support/server.ts).
      {
        test: {
          name: 'integration-pg',
          ...integration,
          exclude: sqliteOnly,
          env: onPostgres,
          globalSetup: ['tests/support/postgres-setup.ts'],
        },
      },
      './admin-pwa/vitest.config.ts',
      { test: { name: 'e2e', ...e2e } },
      // A chosen set of journeys again on PostgreSQL: the visitor's search and contact, the newsletter, the
      // administrator's listings (the whole set twice would not fit CI's time on 2 cores).
      {
        test: {
          name: 'e2e-pg',
          ...e2e,
          include: ['tests/e2e/smoke.test.ts', 'tests/e2e/site-journeys.test.ts', 'tests/e2e/site-listings-contact.test.ts', 'tests/e2e/site-newsletter.test.ts', 'tests/e2e/admin-journeys.test.ts'],
          env: onPostgres,
          globalSetup: ['tests/support/postgres-setup.ts'],
        },
      },
    ],
  },
});
