// Opens the database a configuration names (docs/decisions/084).
import type { Db } from './database.ts';
import { openSqliteDb } from './sqlite.ts';
import { engineOf } from './engine.ts';

export type DatabaseConfig = {
  /** postgres://… selects PostgreSQL; unset, the SQLite file at `path`. */
  url?: string;
  path: string;
  /** PostgreSQL pool size (connections per process). */
  poolSize?: number;
};

export async function openDatabase(config: DatabaseConfig): Promise<Db> {
  const engine = engineOf({ DATABASE_URL: config.url });
  if (engine === 'sqlite') return openSqliteDb(config.path);
  // The PostgreSQL side (the `pg` driver, drizzle's node-postgres, pg-core and the PostgreSQL tables, which
  // the handle carries: tablesOf) is loaded only when a PostgreSQL database is opened: on SQLite it would
  // cost its import, far more than it weighs (decision 123).
  const postgres = await import('./pg/connection.ts');
  return postgres.openPostgresDb(config.url!, { poolSize: config.poolSize });
}
