// The SQLite handle: drizzle's sqlite-proxy over one better-sqlite3 connection. Statements are prepared once
// and reused (the 500 texts last used). A transaction owns the connection until it ends, and runs on a second
// proxy over the same connection, which does not wait; the handle's statements, from other requests, wait
// for it (one connection, so they would otherwise run inside it).
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { LRUCache } from 'lru-cache';
import { openSqlite } from './connection.ts';
import { setRawExecutor, type Db, type Raw } from './database.ts';
import * as schema from './schema/index.ts';
import { guardOf, inTransactionOf, refuseInsideTransaction } from './transaction-guard.ts';

/** One transaction at a time owns the connection; the others, and every statement on the handle, wait for it to end. */
class ConnectionGate {
  private busy = false;
  private readonly queue: (() => void)[] = [];

  /** Resolves when no transaction holds the connection. */
  ready(): Promise<void> | undefined {
    if (!this.busy) return undefined;
    return new Promise<void>((resolve) => this.queue.push(resolve)).then(() => this.ready());
  }

  async exclusive<T>(run: () => Promise<T>): Promise<T> {
    while (this.busy) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.busy = true;
    try {
      return await run();
    } finally {
      this.busy = false;
      for (const wake of this.queue.splice(0)) wake();
    }
  }
}

/** Opens (creating if needed) the SQLite file with its pragmas, as the async handle. */
export function openSqliteDb(file: string): Db {
  const sqlite = openSqlite(file);
  // fold(text): lower case without accents, so that 'Générateur' sorts before 'Groupe' (NOCASE is ASCII-only).
  sqlite.function('fold', { deterministic: true }, (v: unknown) =>
    typeof v === 'string' ? v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() : v,
  );
  const gate = new ConnectionGate();
  // Statements by SQL text, the 500 last used: dropping one only finalizes it (prepared again if asked).
  const statements = new LRUCache<string, Database.Statement>({ max: 500 });
  const prepare = (text: string) => {
    let stmt = statements.get(text);
    if (!stmt) statements.set(text, (stmt = sqlite.prepare(text)));
    return stmt;
  };
  const run = (text: string, params: unknown[], method: string) => {
    const stmt = prepare(text);
    if (method === 'run' || !stmt.reader) {
      stmt.run(...params);
      return { rows: [] };
    }
    stmt.raw(true);
    return { rows: method === 'get' ? (stmt.get(...params) as unknown[]) : stmt.all(...params) };
  };
  const rawRows = (query: Raw) =>
    prepare(query.sql)
      .raw(false)
      .all(...query.params) as Record<string, unknown>[];
  const rawExec = (query: Raw) => prepare(query.sql).run(...query.params).changes;

  // The handle: its statements wait while a transaction holds the connection (they would run inside it).
  const db = drizzle(
    async (text, params, method) => {
      await gate.ready();
      return run(text, params, method);
    },
    { schema, logger: guardOf(() => handle) },
  );
  setRawExecutor(db, {
    async rows(query) {
      refuseInsideTransaction(handle);
      await gate.ready();
      return rawRows(query);
    },
    async exec(query) {
      refuseInsideTransaction(handle);
      await gate.ready();
      return rawExec(query);
    },
  });
  // What transactions run on: the same connection, without waiting, since the transaction holds it. Its
  // `tx` is the only way to it; a transaction opened on a `tx` is a savepoint (drizzle's nested transaction).
  const owner = drizzle(async (text, params, method) => run(text, params, method), { schema });
  setRawExecutor(owner, {
    rows: async (query) => rawRows(query),
    exec: async (query) => rawExec(query),
  });

  const handle: Db = Object.assign(db, {
    $engine: 'sqlite' as const,
    $sqlite: sqlite,
    // BEGIN IMMEDIATE takes the write lock at once, so a transaction never fails half-way on a busy database.
    transaction: (async (body, config) => {
      refuseInsideTransaction(handle);
      return inTransactionOf(handle, () => gate.exclusive(() => owner.transaction(body, { behavior: 'immediate', ...config })));
    }) as Db['transaction'],
    async $close() {
      await gate.exclusive(async () => sqlite.close());
    },
  });
  return handle;
}

/** Opens the database the process is configured for. */
export function openDb(file: string): Db {
  return openSqliteDb(file);
}
