// Every test file of the workspace runs in `npm test`: it matches the include list of a vitest
// project that scripts/test.ts runs. A new package's tests (demo/ had api/src/cli's) cannot be
// left out of the gate by a project that exists but that the full run never names.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projects, testFiles } from '../support/test-files.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The projects scripts/test.ts passes to vitest: the string arrays of its `vitest('label', [...])` calls. */
function projectsRun(): string[] {
  const script = fs.readFileSync(path.join(root, 'scripts/test.ts'), 'utf8');
  return [...script.matchAll(/\bvitest\('[^']+',\s*\[([^\]]*)\]\)/g)].flatMap((m) => [...m[1]!.matchAll(/'([^']+)'/g)].map((n) => n[1]!));
}

describe('npm test runs every test file', () => {
  it('names projects that exist, the admin components among them', () => {
    const run = projectsRun();
    expect(run).toContain('components'); // admin-pwa/vitest.config.ts: admin-pwa/src/**/*.test.{ts,tsx}
    expect(run.filter((name) => name !== 'components' && !projects.some((p) => p.test.name === name))).toEqual([]);
  });

  it('every test file outside the admin matches a project the full run names', () => {
    const run = projects.filter((p) => projectsRun().includes(p.test.name));
    const left = testFiles()
      .filter((file) => !file.startsWith('admin-pwa/'))
      .filter((file) => !run.some((p) => p.test.include.some((glob) => path.matchesGlob(file, glob))));
    expect(left).toEqual([]);
  });
});
