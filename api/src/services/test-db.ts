// A migrated SQLite file in a temporary folder, opened as the async handle, for unit tests of
// services that need real tables. Each call opens one more connection to the same file, like
// another instance would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb, openSqliteDb, runMigrations, type AsyncDb } from '@app/db';

export function migratedFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pm-unit-')), 'app.db');
  const db = openDb(file);
  runMigrations(db);
  db.$client.close();
  return file;
}

export const openAsync = (file: string): AsyncDb => openSqliteDb(file);
