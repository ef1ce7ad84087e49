// Online backup of the live database, consistent while the server writes: SQLite's backup API, or
// pg_dump on PostgreSQL (pg/dump.ts).
import type { Db } from './database.ts';
import { writePrivateFile } from './private-file.ts';

export async function backupDatabase(db: Db, destination: string): Promise<string> {
  if (db.$engine === 'postgres') {
    // Loaded here: a SQLite process never imports the PostgreSQL side (open.ts).
    const [{ poolOf }, { dumpPostgres }] = await Promise.all([import('./pg/connection.ts'), import('./pg/dump.ts')]);
    return dumpPostgres(poolOf(db).options.connectionString!, destination);
  }
  const sqlite = db.$sqlite!;
  // Writes from other connections restart a backup between steps; under steady writes a stepped
  // backup never ends. After the first step, copy every remaining page in one step (one snapshot).
  return writePrivateFile(destination, (partial) => sqlite.backup(partial, { progress: ({ totalPages }) => totalPages }));
}

export function defaultBackupName(now = new Date()): string {
  return `app-${now.toISOString().replace(/[:.]/g, '-')}.db`;
}
