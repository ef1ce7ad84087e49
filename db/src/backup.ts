// Online backup of the live database (SQLite backup API: consistent while the server writes).
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './database.ts';

export async function backupDatabase(db: Db, destination: string): Promise<string> {
  const sqlite = db.$sqlite;
  if (!sqlite) throw new Error('Backups on PostgreSQL are not implemented yet');
  const target = path.resolve(destination);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  // Writes from other connections restart a backup between steps; under steady writes a stepped
  // backup never ends. After the first step, copy every remaining page in one step (one snapshot).
  await sqlite.backup(partial, { progress: ({ totalPages }) => totalPages });
  fs.renameSync(partial, target);
  return target;
}

export function defaultBackupName(now = new Date()): string {
  return `app-${now.toISOString().replace(/[:.]/g, '-')}.db`;
}
