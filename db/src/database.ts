// The one database handle every layer uses, for both engines (docs/decisions/083).
//
// Query code is typed against drizzle's async SQLite database and the SQLite tables, which it reads from
// the handle it was given (tablesOf: a PostgreSQL handle holds the PostgreSQL tables, of the same names,
// columns and row types). It uses only what both engines share:
// select / insert / update / delete builders executed with `await`, `.returning()` to learn what a write
// changed, `onConflictDoNothing` / `onConflictDoUpdate`, `db.transaction(async (tx) => …)`, and the helpers
// below for raw SQL. Never `.all()`, `.get()`, `.run()` or `.values()`: PostgreSQL's builders have none.
//
// A transaction's statements run on the `tx` its callback receives, passed down explicitly to whatever
// runs inside it (docs/decisions/115); a transaction opened on a `tx` is a savepoint of it. Nothing joins
// a transaction through the async context: transaction-guard.ts refuses a statement on the handle from
// inside one of its transactions. The handles themselves: sqlite.ts (one connection) and pg/connection.ts
// (a pool).
import type Database from 'better-sqlite3';
import { is, sql, type SQL } from 'drizzle-orm';
import { SQLiteDialect } from 'drizzle-orm/sqlite-core';
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import { LRUCache } from 'lru-cache';
import * as schema from './schema/index.ts';

export type Engine = 'sqlite' | 'postgres';

/** The handle query code receives. At run time it may be PostgreSQL's drizzle: keep to the portable subset above. */
export type Db = SqliteRemoteDatabase<typeof schema> & {
  readonly $engine: Engine;
  /** Set on SQLite only: the underlying connection (pragmas, backup, custom functions). */
  readonly $sqlite?: Database.Database;
  /** Closes the connection or pool. */
  $close(): Promise<void>;
};
/** A transaction handle: what `db.transaction(async (tx) => …)` passes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a query can run on. */
export type Queryable = Db | Tx;
/**
 * The tables query code names, typed as the SQLite ones. A PostgreSQL handle holds the PostgreSQL tables,
 * which have the same names, columns and row types (pg/schema-parity.test.ts), so one query written
 * against them runs on either engine.
 */
export type Tables = typeof schema;

export type Raw = { sql: string; params: unknown[] };
/**
 * How an engine runs raw SQL itself instead of through its drizzle driver. A method may decline a query
 * (undefined): the driver runs it then (PostgreSQL inside a transaction, whose connection only the driver knows).
 */
export type RawExecutor = {
  rows(query: Raw, q: Queryable): Promise<Record<string, unknown>[]> | undefined;
  exec?(query: Raw, q: Queryable): Promise<number>;
};
type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };

/**
 * What a handle keeps for its raw SQL and prepared reads, built once when it is opened (setRawExecutor). Held on
 * the handle's drizzle dialect, the one object a database shares with its transactions (which drizzle
 * creates, so nothing of ours is set on them): a `tx` finds its database's state from its dialect.
 */
type HandleState = {
  executor: RawExecutor;
  /** Compiled raw queries by keptRows' key: the last 256 used. */
  kept: LRUCache<string, Raw>;
  /** The statements preparedRead built on this handle, by name (see there). */
  prepared: Map<string, Prepared<unknown>>;
};
const handleState = Symbol('state of a database handle');
type Dialect = { sqlToQuery(sql: SQL): Raw; [handleState]?: HandleState };
const dialectOf = (q: Queryable) => (q as unknown as { dialect: Dialect }).dialect;
const stateOf = (q: Queryable) => dialectOf(q)[handleState];

/**
 * The tables of the database a handle or transaction runs on: the schema drizzle was opened with, which its
 * transactions carry too. Query code reads them from the handle it was given, inside its functions: which
 * engine's tables they are is known once a database is open, not before.
 */
export function tablesOf(q: Queryable): Tables {
  const tables = q._.fullSchema as Tables | undefined;
  if (!tables?.products) throw new Error('Not a handle of openDatabase, openSqliteDb or openPostgresDb (no tables)');
  return tables;
}

/** Gives a handle (and so its transactions) its own way of running raw SQL, once, when it is opened. */
export function setRawExecutor(handle: object, executor: RawExecutor): void {
  const state: HandleState = { executor, kept: new LRUCache({ max: 256 }), prepared: new Map() };
  Object.defineProperty(dialectOf(handle as Queryable), handleState, { value: state });
}

/** Rows of a raw query, as objects keyed by the selected names. Raw results are not mapped: select numbers and text. */
export async function rows<T = Record<string, unknown>>(q: Queryable, query: SQL): Promise<T[]> {
  const executed = stateOf(q)?.executor.rows(dialectOf(q).sqlToQuery(query), q);
  return executed ? ((await executed) as T[]) : driverRows<T>(q, query);
}

/** Rows of a raw query run by the handle's drizzle driver (what an executor declined). */
async function driverRows<T>(q: Queryable, query: SQL): Promise<T[]> {
  return (await (q as unknown as { execute(s: SQL): Promise<{ rows: unknown[] }> }).execute(query)).rows as T[];
}

/**
 * `rows(q, build())` for a raw query asked again and again with the same text and values (the catalogue's
 * search for the filters most visitors use): drizzle's compilation of `build()` is kept under `key`, which
 * must name everything the query is made of, for the last 256 keys of a handle. Compiling the search's
 * nested SQL cost a third of running it, and most of what the main thread allocated (docs/perf/serving-speed-history.md).
 */
export function keptRows<T = Record<string, unknown>>(q: Queryable, key: string, build: () => SQL): Promise<T[]> {
  const state = stateOf(q);
  if (!state) return driverRows<T>(q, build());
  let query = state.kept.get(key);
  if (!query) state.kept.set(key, (query = dialectOf(q).sqlToQuery(build())));
  const executed = state.executor.rows(query, q);
  return executed ? (executed as Promise<T[]>) : driverRows<T>(q, build()); // declined: the driver runs it
}

/** The first row of a raw query, or undefined. */
export async function row<T = Record<string, unknown>>(q: Queryable, query: SQL): Promise<T | undefined> {
  return (await rows<T>(q, query))[0];
}

/** Runs a raw statement; resolves to the number of rows it changed. */
export async function exec(q: Queryable, query: SQL): Promise<number> {
  const executor = stateOf(q)?.executor;
  if (executor?.exec) return executor.exec(dialectOf(q).sqlToQuery(query), q);
  return (await (q as unknown as { execute(s: SQL): Promise<{ rowCount: number | null }> }).execute(query)).rowCount ?? 0;
}

/** SQL text with `?` placeholders and its values, as a query for the helpers above (scripts and tests). */
export function sqlText(text: string, ...params: unknown[]): SQL {
  const parts = text.split('?');
  return sql.join(
    parts.map((part, i) => (i === 0 ? sql.raw(part) : sql`${params[i - 1]}${sql.raw(part)}`)),
    sql``,
  );
}

/** The first row a select builder gives (it adds `limit 1`), or undefined. */
export async function first<T>(query: { limit(n: number): PromiseLike<T[]> }): Promise<T | undefined> {
  return (await query.limit(1))[0];
}

let preparedReads = 0;

/**
 * The most statements preparedRead names on a handle; past them a new shape is built on every call, unnamed.
 * Not a cache that forgets the least used: on PostgreSQL a named statement stays prepared on each pooled
 * connection that ran it until the connection closes, whatever we drop here. Dropping and naming a shape
 * again would free nothing and let each connection hold a statement for every shape ever asked (a count of
 * ids has no bound), where stopping keeps them at this many.
 */
const MAX_NAMED_READS = 512;

/** True for a handle of openSqliteDb or openPostgresDb, false for a transaction (whose statements run in it). */
export function isRootHandle(q: Queryable): q is Db {
  return Object.hasOwn(q, '$engine');
}

/** The engine a handle or a transaction runs on. */
export function engineOfQueryable(q: Queryable): Engine {
  if (isRootHandle(q)) return q.$engine;
  return is(dialectOf(q), SQLiteDialect) ? 'sqlite' : 'postgres';
}

/**
 * A read written with placeholders (`sql.placeholder`), whose SQL drizzle builds once per handle and shape
 * instead of on every call (issue #17: building a select of every column was ~8 % of an uncached page's
 * CPU), for the first MAX_NAMED_READS shapes a handle meets. `shape` is what changes the SQL text (how many
 * ids, say); `values` fill the placeholders.
 * On PostgreSQL the statement is also named, so each pooled connection parses and plans it once. Given a
 * transaction instead of the handle, it is built on the transaction per call: a statement prepared on the
 * handle would run outside it (on another pooled connection, or waiting for the SQLite connection it holds).
 */
export function preparedRead<S extends string | number | undefined, R>(
  build: (q: Queryable, shape: S) => { prepare(name?: string): Prepared<R> },
) {
  const read = ++preparedReads;
  return (q: Queryable, shape: S, values: Record<string, unknown>): Promise<R> => {
    const prepared = isRootHandle(q) ? stateOf(q)?.prepared : undefined;
    if (!prepared) return build(q, shape).prepare().execute(values);
    const name = `read_${read}_${shape ?? ''}`;
    let query = prepared.get(name) as Prepared<R> | undefined;
    if (!query) {
      if (prepared.size >= MAX_NAMED_READS) return build(q, shape).prepare().execute(values);
      prepared.set(name, (query = build(q, shape).prepare(name)));
    }
    return query.execute(values);
  };
}
