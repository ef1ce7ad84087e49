// A migrated SQLite file in a temporary folder, for unit tests of services that need real tables.
// Each openAsync opens one more connection to the same file, like another instance would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { openDb, openSqliteDb, runMigrations, type Db } from '@app/db';
import type { Deps } from '../context.ts';
import { parseEnv } from '../env.ts';
import { createDeps } from '../deps.ts';
import { createLogger } from './logger.ts';

/** The folders this test file made, removed after its last test (tests/support/temp-dirs.ts cannot be imported from here). */
const made: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
// Registered while the test file imports this module, so on the file itself: it runs after the file's own
// hooks (vitest's sequence.hooks 'stack'), once they have closed their connections.
afterAll(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
});

export async function migratedFile(): Promise<string> {
  const file = path.join(tempDir('pm-unit-'), 'app.db');
  const db = openSqliteDb(file);
  await runMigrations(db);
  await db.$close();
  return file;
}

export const openAsync = (file: string): Db => openSqliteDb(file);

/** Deps over a migrated in-memory database, for unit tests of middleware and handlers. */
export async function memoryDeps(): Promise<Deps> {
  const db = openDb(':memory:');
  await runMigrations(db);
  return createDeps({
    db,
    // its own data folder: storage creates its folders when built
    env: parseEnv({ PUBLIC_URL: 'https://moteurs.example', DATA_DIR: tempDir('pm-unit-data-') }),
    log: createLogger('silent'),
  });
}
