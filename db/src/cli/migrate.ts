// `pnpm db:migrate`: applies migrations to DATABASE_PATH.
import { openDb, runMigrations } from '../index.ts';

const file = process.env.DATABASE_PATH ?? './data/app.db';
const db = openDb(file);
await runMigrations(db);
await db.$close();
console.log(`Database migrated: ${file}`);
