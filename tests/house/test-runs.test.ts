// Every test file of the workspace runs in `npm test`: scripts/test.ts runs every project of vitest.config.ts (it
// names none), so a test file must match the include list of one of them. A new package's tests (demo/ had
// api/src/cli's) cannot be left out of the gate by a glob that no project has.
import path from 'node:path';
import { expect, it } from 'vitest';
import { projects, testFiles } from '../support/test-files.ts';

it('every test file outside the admin matches a project of vitest.config.ts', () => {
  const left = testFiles()
    .filter((file) => !file.startsWith('admin-pwa/')) // admin-pwa/vitest.config.ts: admin-pwa/src/**/*.test.{ts,tsx}
    .filter((file) => !projects.some((p) => p.test.include.some((glob) => path.matchesGlob(file, glob))));
  expect(left).toEqual([]);
});
