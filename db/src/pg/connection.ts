// Opens a PostgreSQL pool as the same async handle as SQLite's (docs/decisions/083, 084): drizzle's
// node-postgres driver over the PostgreSQL tables, typed as the SQLite handle query code is written for.
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { AsyncDb } from '../database.ts';
import * as pgSchema from './schema/index.ts';

/**
 * count(*) and sums are bigint (int8) and averages numeric: node-postgres returns them as strings, where
 * SQLite gives numbers. Both stay far below 2^53 here, so they are parsed as numbers. Set on pg's global
 * parsers because drizzle's per-query parsers (dates) fall back to those; nothing else in the process uses pg.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

const pools = new WeakMap<object, pg.Pool>();

/** The pool behind a PostgreSQL handle (migrations and backups need one connection of their own). */
export function poolOf(db: AsyncDb): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('Not a PostgreSQL handle');
  return pool;
}

export type PostgresOptions = { poolSize?: number; applicationName?: string };

export function openPostgresDb(url: string, options: PostgresOptions = {}): AsyncDb {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? 'provence-moteurs',
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process: the pool
  // discards it and opens another on the next query.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema: pgSchema });
  const handle = Object.assign(db, {
    $engine: 'postgres' as const,
    async $close() {
      await pool.end();
    },
  }) as unknown as AsyncDb;
  pools.set(handle, pool);
  return handle;
}
