// Opens the database of this process's engine (docs/decisions/084).
import { openSqliteDb, type Db } from './database.ts';
import { engine, engineOf } from './engine.ts';

// The PostgreSQL side (the `pg` driver, drizzle's node-postgres and pg-core) is loaded only by a process
// that runs on PostgreSQL: on SQLite it would cost its import, far more than it weighs (decision 123).
const postgres = engine === 'postgres' ? await import('./pg/connection.ts') : undefined;

export type DatabaseConfig = {
  /** postgres://… selects PostgreSQL; unset, the SQLite file at `path`. */
  url?: string;
  path: string;
  /** PostgreSQL pool size (connections per process). */
  poolSize?: number;
};

export function openDatabase(config: DatabaseConfig): Db {
  const wanted = engineOf({ DATABASE_URL: config.url });
  // `schema` holds the tables of the engine chosen at start; a handle of the other engine would not match them.
  if (wanted !== engine) throw new Error(`This process runs on ${engine} (DATABASE_URL at start); cannot open a ${wanted} database`);
  return wanted === 'postgres' ? postgres!.openPostgresDb(config.url!, { poolSize: config.poolSize }) : openSqliteDb(config.path);
}
