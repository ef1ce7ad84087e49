// One vitest run, several projects: fast unit tests per package, integration against the real
// server process, component tests in happy-dom. Browser journeys run after the build (scripts/test.ts).
import { defineConfig } from 'vitest/config';

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
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/house/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/load/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      './admin-pwa/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
