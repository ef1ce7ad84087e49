// Which tests run on PostgreSQL as well as SQLite (docs/testing.md). Everything the engine can
// change runs on both: the data layer's own tests, and every integration, security, load and house
// test (they share one include list). Journeys drive Chromium through the API those tests already
// cover on both engines, so PostgreSQL runs a smoke set of them, plus every journey that reaches the
// database itself (seeding rows, taking a table away): derived from the files, not kept by hand.
import fs from 'node:fs';
import path from 'node:path';

const E2E_DIR = path.join(import.meta.dirname, '..', 'e2e');

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
