// The transaction guard (docs/decisions/115): a statement made on a database handle from inside one of its
// own transactions is a missed `tx`, refused loudly instead of deadlocking (SQLite) or running outside the
// transaction (PostgreSQL). The async context only marks which handle's transaction the code is in; it never
// routes a statement anywhere.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * The handle whose transaction the current async context runs in. Only the guard reads it: it never sends
 * a statement anywhere, it refuses one made on the handle where the transaction's `tx` was meant.
 */
const transactionContext = new AsyncLocalStorage<Db>();

/**
 * Runs `start` outside any transaction of the caller: work it starts in the background (a mail worker
 * kicked from inside a transaction) may use the handle, and waits for the transaction to end (SQLite) or
 * runs beside it (PostgreSQL) instead of being refused by the guard.
 */
export function outsideTransaction<T>(start: () => T): T {
  return transactionContext.exit(start);
}

/**
 * The guard: a statement (or a transaction) on the handle, made from inside one of its transactions, is a
 * missed `tx`. On SQLite it would wait for the transaction it is part of (a deadlock); on PostgreSQL it
 * would run on another pooled connection, outside the transaction. Refused instead, loudly.
 */
export function refuseInsideTransaction(handle: Db): void {
  if (transactionContext.getStore() === handle)
    throw new Error(
      'A statement on the database handle inside one of its transactions: pass tx (the handle the transaction callback receives) to the code that runs inside it, or start background work with outsideTransaction()',
    );
}

/**
 * The guard on a handle's drizzle statements, as its logger: drizzle tells it of each statement before
 * running it, outside the try that would wrap the refusal in a "Failed query" error.
 */
export const guardOf = (handle: () => Db): Logger => ({ logQuery: () => refuseInsideTransaction(handle()) });

/** Runs a transaction of `handle` in an async context marked as inside it, for the guard. */
export function inTransactionOf<T>(handle: Db, run: () => Promise<T>): Promise<T> {
  return transactionContext.run(handle, run);
}
