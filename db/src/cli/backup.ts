// `pnpm db:backup [destination]`: online backup, safe while the server runs. On SQLite (DATABASE_PATH)
// the backup API; on PostgreSQL (DATABASE_URL) pg_dump's custom format.
import path from 'node:path';
import { backupDatabase, defaultBackupName, openDatabase } from '../index.ts';
import { defaultDumpName } from '../pg/dump.ts';

const db = await openDatabase({ url: process.env.DATABASE_URL, path: process.env.DATABASE_PATH ?? './data/app.db', poolSize: 1 });
const name = db.$engine === 'postgres' ? defaultDumpName() : defaultBackupName();
const destination = process.argv[2] ?? path.join(process.env.DATA_DIR ?? './data', 'backups', name);
const written = await backupDatabase(db, destination);
await db.$close();
console.log(`Backup written: ${written}`);
