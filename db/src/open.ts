// Opens the database of this process's engine (docs/decisions/084).
import { openSqliteDb, type Db } from './database.ts';
import { engine, engineOf } from './engine.ts';
import { openPostgresDb } from './pg/connection.ts';

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
  return wanted === 'postgres' ? openPostgresDb(config.url!, { poolSize: config.poolSize }) : openSqliteDb(config.path);
}
