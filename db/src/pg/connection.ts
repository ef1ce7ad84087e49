// Opens a PostgreSQL pool as the same async handle as SQLite's (docs/decisions/083, 084): drizzle's
// node-postgres driver over the PostgreSQL tables, typed as the SQLite handle query code is written for.
// The handle is drizzle over the pool, as is: its statements take any pooled connection. A transaction runs
// on drizzle's transaction, which checks a connection out for it: its statements are those made on its `tx`
// (docs/decisions/115). A statement made on the handle inside one of its transactions is refused (database.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { setRawExecutor, type Db, type RawExecutor } from '../database.ts';
import { guardOf, inTransactionOf, refuseInsideTransaction } from '../transaction-guard.ts';
import * as pgSchema from './schema/index.ts';

/**
 * count(*) and sums are bigint (int8) and averages numeric: node-postgres returns them as strings, where
 * SQLite gives numbers. Both stay far below 2^53 here, so they are parsed as numbers. Set on pg's global
 * parsers because drizzle's per-query parsers (dates) fall back to those; nothing else in the process uses pg.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

/** What a PostgreSQL handle holds beside drizzle's, set once when it is opened. */
const postgres = Symbol('PostgreSQL pool and instance of a handle');
type PostgresParts = { pool: pg.Pool; instance: string };

function partsOf(db: Db): PostgresParts {
  const parts = (db as Db & { [postgres]?: PostgresParts })[postgres];
  if (!parts) throw new Error('Not a PostgreSQL handle');
  return parts;
}

/** The pool behind a PostgreSQL handle (migrations and backups need one connection of their own). */
export function poolOf(db: Db): pg.Pool {
  return partsOf(db).pool;
}

export type PostgresOptions = { poolSize?: number; applicationName?: string };

/** The name of this handle among the instances sharing the database: its change announcements carry it (pg/data-changes.ts). */
export function postgresInstanceOf(db: Db): string {
  return partsOf(db).instance;
}

export function openPostgresDb(url: string, options: PostgresOptions = {}): Db {
  const instance = randomBytes(6).toString('hex');
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? 'provence-moteurs',
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process: the pool
  // discards it and opens another on the next query.
  pool.on('error', () => {});
  // The handle, guarded (database.ts), and what its transactions run on: drizzle's transaction takes a
  // pooled connection and runs there the statements made on its `tx`, and a savepoint for `tx.transaction`.
  const db = drizzle({ client: pool, schema: pgSchema, logger: guardOf(() => handle) });
  const owner = drizzle({ client: pool, schema: pgSchema });
  const handle = Object.assign(db, {
    $engine: 'postgres' as const,
    transaction: (async (body, config) => {
      refuseInsideTransaction(handle);
      return inTransactionOf(handle, () => owner.transaction(body, config));
    }) as typeof db.transaction,
    async $close() {
      await pool.end();
    },
  }) as unknown as Db;
  Object.defineProperty(handle, postgres, { value: { pool, instance } satisfies PostgresParts });
  setRawExecutor(handle, namedRawReads(pool, handle));
  return handle;
}

/**
 * The most raw statement texts named on a pool: past them a text goes unnamed. Not a cache that forgets
 * the least used: a named statement lives on each pooled connection that ran it (in the server, and in
 * node-postgres' list of what that connection has parsed) until the connection closes, whatever we drop.
 * A name given again to another text would fail ("Prepared statements must be unique"); a fresh name for a
 * dropped text would prepare it again beside the old one, so the connections would keep a statement for
 * every text ever read. Stopping at this many keeps what each connection holds bounded.
 */
const MAX_NAMED_TEXTS = 256;

/** What drizzle's driver returns as text, not parsed (timestamps, dates, intervals and their arrays). */
const TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const rawTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig;

/**
 * Raw reads outside a transaction (the catalogue's searches: helpers `rows`/`row`) as named statements,
 * so that each pooled connection parses and plans a text once instead of on every call (an unnamed
 * statement is planned each time: ~0.1–0.3 ms for a listings page's). Texts past MAX_NAMED_TEXTS, and
 * everything inside a transaction, go unnamed through the driver as before. Rows are what the driver gives.
 */
function namedRawReads(pool: pg.Pool, handle: Db): RawExecutor {
  const names = new Map<string, string>();
  return {
    rows({ sql: text, params }, q) {
      if (q !== handle) return undefined; // a transaction: its statements go to its connection, through the driver
      refuseInsideTransaction(handle);
      let name = names.get(text);
      if (!name && names.size < MAX_NAMED_TEXTS) names.set(text, (name = `raw_${names.size + 1}`));
      return pool.query({ name, text, values: params, types: rawTypes }).then((result) => result.rows as Record<string, unknown>[]);
    },
  };
}
