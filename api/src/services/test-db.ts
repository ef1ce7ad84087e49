// A migrated SQLite file in a temporary folder, for unit tests of services that need real tables.
// Each openAsync opens one more connection to the same file, like another instance would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteDb, runMigrations, type Db } from '@app/db';

export async function migratedFile(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pm-unit-')), 'app.db');
  const db = openSqliteDb(file);
  await runMigrations(db);
  await db.$close();
  return file;
}

export const openAsync = (file: string): Db => openSqliteDb(file);
