// The PostgreSQL rule (docs/testing.md; tests/support/engine-rule.ts) holds for every test file in
// the tree: a test that reaches the database runs on PostgreSQL too, so a new one cannot escape it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SMOKE_JOURNEYS, reachesDatabase } from '../support/engine-rule.ts';
import { projects, testFiles } from '../support/test-files.ts';

const root = path.resolve(import.meta.dirname, '../..');
const project = (name: string) => projects.find((p) => p.test.name === name)!.test;
const ON_POSTGRES = ['postgres', 'integration-pg', 'e2e-pg'];
const runsOnPostgres = (file: string) => ON_POSTGRES.some((name) => project(name).include.some((glob) => path.matchesGlob(file, glob)));

describe('which tests run on PostgreSQL', () => {
  it('every integration, security, load and house test runs on both engines, from one include list', () => {
    expect(project('integration-pg').include).toEqual(project('integration').include);
    expect(runsOnPostgres('tests/integration/any.test.ts')).toBe(true);
    expect(runsOnPostgres('tests/security/any.test.ts')).toBe(true);
  });

  it('every test file that reaches the database through the data layer or its helpers runs on PostgreSQL', () => {
    const escaping = testFiles()
      .filter((file) => file.startsWith('tests/'))
      .filter((file) => reachesDatabase(fs.readFileSync(path.join(root, file), 'utf8')))
      .filter((file) => !runsOnPostgres(file));
    expect(escaping).toEqual([]);
  });

  it('a new journey that seeds rows or takes a table away is taken by the rule; one through the API only is not', () => {
    expect(reachesDatabase("import { withDb } from '../support/auth.ts';")).toBe(true);
    expect(reachesDatabase("import { schema } from '@app/db';")).toBe(true);
    expect(reachesDatabase("import { withoutTable } from '../support/faults.ts';")).toBe(true);
    expect(reachesDatabase("import { signInAsAdmin } from '../support/auth.ts';")).toBe(false);
  });

  it('the smoke journeys exist and run on PostgreSQL', () => {
    for (const file of POSTGRES_SMOKE_JOURNEYS) {
      expect(fs.existsSync(path.join(root, 'tests/e2e', file)), file).toBe(true);
      expect(runsOnPostgres(`tests/e2e/${file}`), file).toBe(true);
    }
  });
});
