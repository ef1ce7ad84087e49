// `pnpm db:migrate`: applies migrations to DATABASE_URL (PostgreSQL) or else DATABASE_PATH (SQLite).
import { openDatabase, runMigrations } from '../index.ts';

const config = { url: process.env.DATABASE_URL, path: process.env.DATABASE_PATH ?? './data/app.db', poolSize: 1 };
const db = await openDatabase(config);
await runMigrations(db);
await db.$close();
console.log(`Database migrated: ${db.$engine === 'postgres' ? 'DATABASE_URL' : config.path}`);
