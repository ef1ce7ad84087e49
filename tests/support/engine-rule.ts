// Which tests run on PostgreSQL as well as SQLite (docs/testing.md). Everything the engine can
// change runs on both: the data layer's own tests, and every integration, security and load test
// (they share one include list) but the few that cannot reach an engine: the house tests (static
// checks of the source tree: they start no server and open no database) and the files marked
// engine-free, whose imports and requests this file checks (a marked file that fails the check
// runs on both, and tests/house/engine-rule.test.ts fails). Journeys drive Chromium through the
// API those tests already cover on both engines, so PostgreSQL runs a smoke set of them, plus every
// journey that reaches the database itself (seeding rows, taking a table away): derived from the
// files, not kept by hand.
import fs from 'node:fs';
import path from 'node:path';

const TESTS_DIR = path.join(import.meta.dirname, '..');
const E2E_DIR = path.join(TESTS_DIR, 'e2e');

/** The journeys PostgreSQL always runs: the one origin, the admin's and visitor's main paths, keys and sessions. */
export const POSTGRES_SMOKE_JOURNEYS = [
  'smoke.test.ts',
  'admin-journeys.test.ts',
  'site-journeys.test.ts',
  'admin-lost-answers.test.ts',
  'admin-tabs-refresh.test.ts',
];

/** A journey that imports the data layer or a helper that reads, writes or breaks the database. */
const REACHES_DATABASE = /from '@app\/db'|\bwithDb\b|\bwithoutTable\b|support\/db-state/;

export const reachesDatabase = (source: string) => REACHES_DATABASE.test(source);

/** The journey files PostgreSQL runs, as include globs relative to the root. */
export function postgresJourneys(): string[] {
  return fs
    .readdirSync(E2E_DIR)
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => POSTGRES_SMOKE_JOURNEYS.includes(file) || reachesDatabase(fs.readFileSync(path.join(E2E_DIR, file), 'utf8')))
    .sort()
    .map((file) => `tests/e2e/${file}`);
}

/**
 * The first line of an integration, security or load test that runs on SQLite only, followed by why
 * no engine can change what it checks (static files, headers, configuration read back).
 */
export const ENGINE_FREE_MARK = '// Engine-free:';

/** The test helpers that open no database and send no request of their own (and tests/house's config readers). */
const ENGINE_FREE_HELPERS = [
  'support/engine-rule.ts',
  'support/test-files.ts',
  'support/module-state.ts',
  'vitest.config.ts',
  'bench/loadgen.ts',
  'bench/visitors.ts',
];

/** What a file imports, statically or not (the text of planted sources inside quotes does not count). */
export function importsOf(source: string): string[] {
  const statics = [...source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]!);
  const dynamics = [...source.matchAll(/\bimport\('([^']+)'\)/g)].map((m) => m[1]!);
  return [...statics, ...dynamics];
}

/**
 * Why a test file could reach an engine, or [] when it cannot: an import other than Node's, vitest,
 * a package that is not the data layer, the API (its configuration list aside) or a driver, and the
 * helpers above (a marked file may start a server through support/server.ts, a house test may not);
 * and, with a server, a request that writes (a method other than GET and HEAD, a JSON body) or carries
 * a token, a sign-in, a database handle or setting.
 */
export function engineReaches(source: string, { server = false } = {}): string[] {
  const reasons = importsOf(source)
    .filter((spec) => !spec.startsWith('node:') && spec !== 'vitest')
    .filter((spec) =>
      spec.startsWith('.')
        ? !ENGINE_FREE_HELPERS.some((helper) => spec.endsWith(`/${helper}`)) && !(server && spec.endsWith('/support/server.ts'))
        : /^(@app\/db|@app\/api(?!\/env$)|pg$|better-sqlite3|drizzle-orm)/.test(spec),
    )
    .map((spec) => `imports ${spec}`);
  if (!server) return reasons;
  const writes = source.match(/\bmethod:\s*'(?!GET'|HEAD')\w+'|\bjson:|\btoken\b|\bsignIn\w*|\bwithDb\b|\bDATABASE_\w+/g) ?? [];
  return [...reasons, ...writes.map((found) => `uses ${found}`)];
}

/** Every test file of the integration include under `dir` (relative to tests/). */
function integrationFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(TESTS_DIR, dir))
    .filter((file) => file.endsWith('.test.ts'))
    .sort()
    .map((file) => `tests/${dir}/${file}`);
}

const sourceOf = (file: string) => fs.readFileSync(path.join(TESTS_DIR, '..', file), 'utf8');

/** The house tests and the marked integration, security and load tests, each with why it may not run on SQLite only ([] when it may). */
export function engineFreeCandidates(): { file: string; reasons: string[] }[] {
  const house = integrationFiles('house').map((file) => ({ file, reasons: engineReaches(sourceOf(file)) }));
  const marked = ['integration', 'security', 'load']
    .flatMap(integrationFiles)
    .filter((file) => sourceOf(file).startsWith(ENGINE_FREE_MARK))
    .map((file) => ({ file, reasons: engineReaches(sourceOf(file), { server: true }) }));
  return [...house, ...marked];
}

/** The files of the integration include that run on SQLite only, relative to the root. */
export function sqliteOnlyTests(): string[] {
  return engineFreeCandidates()
    .filter((candidate) => candidate.reasons.length === 0)
    .map((candidate) => candidate.file);
}
