// The Idempotency-Key store: one recorded outcome per (scope, key), written in the same SQLite
// transaction as the change it records, answered again to a retry, purged after a day.
// See docs/decisions/013-idempotency-keys-and-refresh-grace.md.
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { schema, type Db, first } from '@app/db';
import type { AppEnv } from '../context.ts';

/** The draft asks for at least a day; a retry after that is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** What the middleware knows about the keyed request the handler is serving. */
export type PendingKey = { scope: string; key: string; method: string; path: string; recorded: boolean };

export type StoredOutcome = typeof schema.idempotencyKeys.$inferSelect;

export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

export const fingerprintOf = (method: string, path: string, bodyDigest: string) => sha256(`${method}\n${path}\n${bodyDigest}`);

export async function findOutcome(db: Db, scope: string, key: string, now = Date.now()): Promise<StoredOutcome | undefined> {
  const row = await first(
    db
      .select()
      .from(schema.idempotencyKeys)
      .where(and(eq(schema.idempotencyKeys.scope, scope), eq(schema.idempotencyKeys.key, key))),
  );
  // Past its lifetime a record is as good as purged, whether or not the job has run yet.
  return row && now - row.createdAt.getTime() < IDEMPOTENCY_TTL_MS ? row : undefined;
}

/** Records an outcome; throws (and so rolls back the enclosing transaction) when the key is taken. */
export async function recordOutcome(
  db: Db,
  pending: PendingKey,
  bodyDigest: string,
  status: number,
  headers: Record<string, string>,
  body: string,
) {
  await db
    .delete(schema.idempotencyKeys)
    .where(
      and(
        eq(schema.idempotencyKeys.scope, pending.scope),
        eq(schema.idempotencyKeys.key, pending.key),
        lt(schema.idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)),
      ),
    );
  await db.insert(schema.idempotencyKeys).values({
    scope: pending.scope,
    key: pending.key,
    fingerprint: fingerprintOf(pending.method, pending.path, bodyDigest),
    status,
    headers: JSON.stringify(headers),
    body,
  });
}

export async function purgeIdempotencyKeys(db: Db, now = Date.now()): Promise<number> {
    const purged = await db
    .delete(schema.idempotencyKeys)
    .where(lt(schema.idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)))
    .returning({ key: schema.idempotencyKeys.key });
  return purged.length;
}

/**
 * Runs a handler's write and records the answer it will give in one transaction, so that a crash
 * keeps both or neither. Without an Idempotency-Key it is just the write. `write` runs inside the
 * transaction (its statements on `db` belong to it: same async context) and must do no other I/O.
 */
export async function commitOnce<T>(c: Context<AppEnv>, db: Db, status: ContentfulStatusCode, write: () => T | Promise<T>): Promise<T> {
  const pending = c.get('idempotency');
  if (!pending) return write();
  const digest = c.get('bodyDigest') ?? sha256('');
  const body = await db.transaction(async () => {
    const result = await write();
    await recordOutcome(db, pending, digest, status, { 'content-type': 'application/json' }, JSON.stringify(result));
    return result;
  });
  pending.recorded = true;
  return body;
}

/** commitOnce, answered as JSON. */
export const respondOnce = async <T extends object>(c: Context<AppEnv>, db: Db, status: ContentfulStatusCode, write: () => T | Promise<T>) =>
  c.json(await commitOnce(c, db, status, write), status);
