// Online backup of the live database, consistent while the server writes: SQLite's backup API, or
// pg_dump on PostgreSQL (pg/dump.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './database.ts';
import { poolOf } from './pg/connection.ts';
import { dumpPostgres } from './pg/dump.ts';

export async function backupDatabase(db: Db, destination: string): Promise<string> {
  if (db.$engine === 'postgres') return dumpPostgres(poolOf(db).options.connectionString!, destination);
  const sqlite = db.$sqlite!;
  const target = path.resolve(destination);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  // Writes from other connections restart a backup between steps; under steady writes a stepped
  // backup never ends. After the first step, copy every remaining page in one step (one snapshot).
  await sqlite.backup(partial, { progress: ({ totalPages }) => totalPages });
  fs.chmodSync(partial, 0o600); // a copy of the database is as private as the database
  fs.renameSync(partial, target);
  return target;
}

export function defaultBackupName(now = new Date()): string {
  return `app-${now.toISOString().replace(/[:.]/g, '-')}.db`;
}
