// Opens a PostgreSQL pool as the same async handle as SQLite's (docs/decisions/083, 084): drizzle's
// node-postgres driver over the PostgreSQL tables, typed as the SQLite handle query code is written for.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { setRawExecutor, setTables, transactionContext, type Db, type RawExecutor, type Tables } from '../database.ts';
import * as pgSchema from './schema/index.ts';

/**
 * count(*) and sums are bigint (int8) and averages numeric: node-postgres returns them as strings, where
 * SQLite gives numbers. Both stay far below 2^53 here, so they are parsed as numbers. Set on pg's global
 * parsers because drizzle's per-query parsers (dates) fall back to those; nothing else in the process uses pg.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

const pools = new WeakMap<object, pg.Pool>();
const instances = new WeakMap<object, string>();

/** The pool behind a PostgreSQL handle (migrations and backups need one connection of their own). */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('Not a PostgreSQL handle');
  return pool;
}

export type PostgresOptions = { poolSize?: number; applicationName?: string };

/** The name of this handle among the instances sharing the database: its change announcements carry it (pg/data-changes.ts). */
export function postgresInstanceOf(db: Db): string {
  const instance = instances.get(db);
  if (!instance) throw new Error('Not a PostgreSQL handle');
  return instance;
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
  const db = withAmbientTransactions(drizzle({ client: pool, schema: pgSchema }));
  const handle = Object.assign(db, {
    $engine: 'postgres' as const,
    async $close() {
      await pool.end();
    },
  }) as unknown as Db;
  pools.set(handle, pool);
  instances.set(handle, instance);
  setRawExecutor(handle, namedRawReads(pool));
  // Query code reads the tables from the handle (tablesOf): here the PostgreSQL ones, typed as the SQLite ones.
  setTables(handle, pgSchema as unknown as Tables);
  return handle;
}

/** The most raw statement texts named on a pool: each pooled connection keeps every one it has prepared. */
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
function namedRawReads(pool: pg.Pool): RawExecutor {
  const names = new Map<string, string>();
  return {
    rows({ sql: text, params }) {
      if (transactionContext.getStore() !== undefined) return undefined;
      let name = names.get(text);
      if (!name && names.size < MAX_NAMED_TEXTS) names.set(text, (name = `raw_${names.size + 1}`));
      return pool.query({ name, text, values: params, types: rawTypes }).then((result) => result.rows as Record<string, unknown>[]);
    },
  };
}

type PgDb = NodePgDatabase<typeof pgSchema>;
type PgTx = Parameters<Parameters<PgDb['transaction']>[0]>[0];
type InTransaction = { pgTx: PgTx };

/** What starts a statement: these go to the transaction of the current async context, if any. */
const statements = new Set<string | symbol>([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  'with',
  '$with',
  '$count',
  'query',
  'refreshMaterializedView',
]);

/**
 * The SQLite handle runs a statement made on `db` inside the transaction whose callback made it (one
 * connection, decision 083), and a transaction opened inside another becomes a savepoint. Query code
 * relies on that, so the pool behaves the same: in a transaction's async context, statements on the
 * handle go to that transaction's connection, and `db.transaction` opens a savepoint of it. Without
 * this they would take another pooled connection, outside the transaction: not undone with it, blind to
 * its rows, and waiting on its locks.
 */
function withAmbientTransactions(db: PgDb): PgDb {
  const current = () => (transactionContext.getStore() as Partial<InTransaction> | undefined)?.pgTx;
  const enter =
    <T>(run: (tx: PgTx) => Promise<T>) =>
    (tx: PgTx) =>
      transactionContext.run({ pgTx: tx } satisfies InTransaction, () => run(tx));
  return new Proxy(db, {
    get(target, prop, receiver) {
      const tx = current();
      if (prop === 'transaction') {
        return <T>(run: (tx: PgTx) => Promise<T>, config?: Parameters<PgDb['transaction']>[1]) =>
          tx ? tx.transaction(enter(run)) : target.transaction(enter(run), config);
      }
      if (tx && statements.has(prop)) {
        const value = Reflect.get(tx, prop) as unknown;
        return typeof value === 'function' ? value.bind(tx) : value;
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}
