// The PostgreSQL rule (docs/testing.md; tests/support/engine-rule.ts) holds for every test file in
// the tree: a test that reaches the database runs on PostgreSQL too, so a new one cannot escape it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ENGINE_FREE_MARK,
  POSTGRES_SMOKE_JOURNEYS,
  engineFreeCandidates,
  engineReaches,
  reachesDatabase,
  sqliteOnlyTests,
} from '../support/engine-rule.ts';
import { projects, testFiles } from '../support/test-files.ts';

const root = path.resolve(import.meta.dirname, '../..');
const project = (name: string) => projects.find((p) => p.test.name === name)!.test;
const ON_POSTGRES = ['postgres', 'integration-pg', 'e2e-pg'];
const runsOnPostgres = (file: string) =>
  ON_POSTGRES.some(
    (name) =>
      project(name).include.some((glob) => path.matchesGlob(file, glob)) &&
      !(project(name).exclude ?? []).some((glob) => path.matchesGlob(file, glob)),
  );

describe('which tests run on PostgreSQL', () => {
  it('every integration, security and load test runs on both engines, from one include list, but those no engine can change', () => {
    expect(project('integration-pg').include).toEqual(project('integration').include);
    expect(runsOnPostgres('tests/integration/any.test.ts')).toBe(true);
    expect(runsOnPostgres('tests/security/any.test.ts')).toBe(true);
    expect(runsOnPostgres('tests/load/any.test.ts')).toBe(true);
    // left out by file name only: a glob would take a new file along unchecked
    expect((project('integration-pg').exclude ?? []).filter((glob) => glob.startsWith('tests/'))).toEqual(sqliteOnlyTests());
    for (const file of sqliteOnlyTests()) expect(runsOnPostgres(file), file).toBe(false);
  });

  it('every house test and every file marked engine-free passes the check, so none that reaches an engine leaves the PostgreSQL run', () => {
    const candidates = engineFreeCandidates();
    expect(candidates.filter((c) => c.file.startsWith('tests/house/')).length).toBeGreaterThan(5);
    expect(candidates.filter((c) => !c.file.startsWith('tests/house/')).length).toBeGreaterThan(0);
    expect(candidates.filter((c) => c.reasons.length > 0)).toEqual([]);
  });

  it('the check refuses a file that reaches an engine, and passes one that only reads what no engine holds', () => {
    const helper = (name: string) => `import { x } from '../support/${name}.ts';`;
    expect(engineReaches(helper('auth'), { server: true })).toEqual(['imports ../support/auth.ts']);
    expect(engineReaches(helper('db-state'), { server: true })).toEqual(['imports ../support/db-state.ts']);
    expect(engineReaches(helper('server'))).toEqual(['imports ../support/server.ts']); // a house test starts no server
    expect(engineReaches(helper('server'), { server: true })).toEqual([]);
    expect(engineReaches("import { openDatabase } from '@app/db';")).toEqual(['imports @app/db']);
    expect(engineReaches("import { createApp } from '@app/api';")).toEqual(['imports @app/api']);
    expect(engineReaches(`const { schema } = await ${'import'}('@app/db/postgres');`)).toEqual(['imports @app/db/postgres']);
    expect(engineReaches("import { ENV_VARIABLES } from '@app/api/env';\nimport { ESLint } from 'eslint';")).toEqual([]);
    // a planted source inside quotes is text, not an import
    expect(engineReaches(`const planted = "import { openDatabase } from '@app/db';";`)).toEqual([]);
    const served = `${helper('server')}\n`;
    for (const write of [
      "{ method: 'POST' }",
      "{ method: 'DELETE' }",
      '{ json: { a: 1 } }',
      '{ token }',
      'await signInAsAdmin(s)',
      'withDb(s, f)',
      'DATABASE_PATH',
    ])
      expect(engineReaches(served + write, { server: true }), write).not.toEqual([]);
    expect(
      engineReaches(`${served}server.api('/company', { method: 'GET' }); server.api('/x', { method: 'HEAD' });`, { server: true }),
    ).toEqual([]);
    expect(ENGINE_FREE_MARK).toBe('// Engine-free:');
  });

  it('every test file that reaches the database through the data layer or its helpers runs on PostgreSQL', () => {
    const escaping = testFiles()
      .filter((file) => file.startsWith('tests/'))
      .filter((file) => reachesDatabase(fs.readFileSync(path.join(root, file), 'utf8')))
      // the engine-free files pass the stricter check of their imports below (a house test may quote a planted import)
      .filter((file) => !sqliteOnlyTests().includes(file))
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
