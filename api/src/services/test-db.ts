// A migrated SQLite file in a temporary folder, for unit tests of services that need real tables.
// Each openAsync opens one more connection to the same file, like another instance would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, openSqliteDb, runMigrations, type Db } from '@app/db';
import type { Deps } from '../context.ts';
import { parseEnv } from '../env.ts';
import { createDeps } from '../deps.ts';
import { createLogger } from './logger.ts';

export async function migratedFile(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pm-unit-')), 'app.db');
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
    env: parseEnv({ PUBLIC_URL: 'https://moteurs.example', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pm-unit-data-')) }),
    log: createLogger('silent'),
  });
}
