// `pnpm db:backup [destination]`: online backup of DATABASE_PATH, safe while the server runs.
import path from 'node:path';
import { backupDatabase, defaultBackupName, openDb } from '../index.ts';

const file = process.env.DATABASE_PATH ?? './data/app.db';
const dataDir = process.env.DATA_DIR ?? './data';
const destination = process.argv[2] ?? path.join(dataDir, 'backups', defaultBackupName());
const db = openDb(file);
const written = await backupDatabase(db, destination);
await db.$close();
console.log(`Backup written: ${written}`);
