import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'components',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test-setup.ts'],
    // One happy-dom per worker, each file still in its own context: 11 s instead of 29 s for the
    // 20 files here (most of it was creating the DOM per file).
    pool: 'vmThreads',
    // These run beside integration tests that start servers on the same 2 cores: allow for that load.
    testTimeout: 20_000,
    // The root's value (vitest.config.ts): the projects of one run must share it, or vitest refuses to start.
    maxWorkers: 2,
  },
});
