// `pnpm db:backup [destination]`: online backup, safe while the server runs. On SQLite (DATABASE_PATH)
// the backup API; on PostgreSQL (DATABASE_URL) pg_dump's custom format.
import path from 'node:path';
import { backupDatabase, defaultBackupName, engine, openSqlite } from '../index.ts';
import { defaultDumpName, dumpPostgres } from '../pg/dump.ts';

const dataDir = process.env.DATA_DIR ?? './data';
const chosen = (name: string) => process.argv[2] ?? path.join(dataDir, 'backups', name);

if (engine === 'postgres') {
  console.log(`Backup written: ${await dumpPostgres(process.env.DATABASE_URL!, chosen(defaultDumpName()))}`);
} else {
  const sqlite = openSqlite(process.env.DATABASE_PATH ?? './data/app.db');
  const written = await backupDatabase(sqlite, chosen(defaultBackupName()));
  sqlite.close();
  console.log(`Backup written: ${written}`);
}
