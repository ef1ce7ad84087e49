// A handler's write and the Idempotency-Key record of its answer, committed together: a crash keeps
// both or neither (the key store is services/idempotency.ts; the middleware that claims and replays keys
// is middleware/idempotency.ts). See docs/decisions/013-idempotency-keys-and-refresh-grace.md.
// The write receives the queryable to run on (docs/decisions/115): with a key, the transaction's `tx`,
// which the key record is written on too; a service that opens its own transaction on it opens a savepoint.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db, Queryable } from '@app/db';
import type { AppEnv } from '../context.ts';
import { EMPTY_BODY_DIGEST, recordOutcome, type AfterCommit } from '../services/idempotency.ts';

/**
 * Runs a handler's write and records the answer it will give in one transaction, so that a crash
 * keeps both or neither. Without an Idempotency-Key it is just the write, on `db`. `write` runs its
 * statements on the queryable it receives (inside the transaction, its `tx`) and must do no other I/O;
 * what it hands to `afterCommit` runs once the transaction committed, never when it rolled back.
 */
export async function commitOnce<T>(
  c: Context<AppEnv>,
  db: Db,
  status: ContentfulStatusCode,
  write: (q: Queryable, afterCommit: AfterCommit) => T | Promise<T>,
): Promise<T> {
  const pending = c.get('idempotency');
  const tasks: (() => void)[] = [];
  const afterCommit: AfterCommit = (task) => void tasks.push(task);
  let result: T;
  if (!pending) result = await write(db, afterCommit);
  else {
    const digest = c.get('bodyDigest') ?? EMPTY_BODY_DIGEST;
    result = await db.transaction(async (tx) => {
      const written = await write(tx, afterCommit);
      await recordOutcome(tx, pending, digest, status, { 'content-type': 'application/json' }, JSON.stringify(written));
      return written;
    });
    pending.recorded = true;
  }
  for (const task of tasks) task();
  return result;
}

/** commitOnce, answered as JSON. */
export const respondOnce = async <T extends object>(
  c: Context<AppEnv>,
  db: Db,
  status: ContentfulStatusCode,
  write: (q: Queryable, afterCommit: AfterCommit) => T | Promise<T>,
) => c.json(await commitOnce(c, db, status, write), status);
