// Opens and migrates the database of this process's engine (docs/decisions/084).
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { openSqliteDb, type AsyncDb } from './database.ts';
import { engine, engineOf } from './engine.ts';
import { runMigrations } from './migrate.ts';
import { openPostgresDb } from './pg/connection.ts';
import { runPostgresMigrations } from './pg/migrate.ts';
import * as sqliteTables from './schema/index.ts';

export type DatabaseConfig = {
  /** postgres://… selects PostgreSQL; unset, the SQLite file at `path`. */
  url?: string;
  path: string;
  /** PostgreSQL pool size (connections per process). */
  poolSize?: number;
};

export function openDatabase(config: DatabaseConfig): AsyncDb {
  const wanted = engineOf({ DATABASE_URL: config.url });
  // `schema` holds the tables of the engine chosen at start; a handle of the other engine would not match them.
  if (wanted !== engine) throw new Error(`This process runs on ${engine} (DATABASE_URL at start); cannot open a ${wanted} database`);
  return wanted === 'postgres' ? openPostgresDb(config.url!, { poolSize: config.poolSize }) : openSqliteDb(config.path);
}

/** Applies the committed migrations of the handle's engine. */
export async function migrateDatabase(db: AsyncDb): Promise<void> {
  if (db.$engine === 'postgres') return runPostgresMigrations(db);
  runMigrations(drizzle({ client: db.$sqlite!, schema: sqliteTables }) as Parameters<typeof runMigrations>[0]);
}
