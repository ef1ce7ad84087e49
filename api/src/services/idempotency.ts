// The Idempotency-Key store: a key is claimed as a row ("in progress") before its request runs, so that
// one request at a time runs it whichever instance receives it; a claim is a lease renewed while its
// request runs, so one left by a dead instance expires. recordOutcome turns the claim into the recorded
// outcome; http/commit-once.ts calls it in the same transaction as the change. Records are answered
// again to a retry and purged after a day.
// See docs/decisions/013-idempotency-keys-and-refresh-grace.md and docs/api.md.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { tablesOf, type Tables, type schema, type Db, type Queryable, first } from '@app/db';
import { idempotencyMessages } from '@app/domain/idempotency';
import type { PendingKey } from '../context.ts';
import { Refusal } from './refusal.ts';

/** The draft asks for at least a day; a retry after that is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type StoredOutcome = typeof schema.idempotencyKeys.$inferSelect & { status: number };

export type ClaimResult = { claimed: true } | { claimed: false; stored: StoredOutcome } | { claimed: false; running: StoredRow };
type StoredRow = typeof schema.idempotencyKeys.$inferSelect;

export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * A body's digest carries its size (`<sha-256>:<bytes>`; a multipart body counts its parts' bytes, so
 * another boundary changes nothing), and so does the fingerprint made from it: a replay is read no
 * further than the first request's size (readLimitOf), whatever the replay claims to be.
 */
export const bodyDigestOf = (hash: string, bytes: number) => `${hash}:${bytes}`;
export const EMPTY_BODY_DIGEST = bodyDigestOf(sha256(''), 0);
const bytesOf = (digestOrFingerprint: string) => Number(digestOrFingerprint.slice(digestOrFingerprint.lastIndexOf(':') + 1)) || 0;

export const fingerprintOf = (method: string, path: string, bodyDigest: string) =>
  `${sha256(`${method}\n${path}\n${bodyDigest}`)}:${bytesOf(bodyDigest)}`;

/** Multipart framing (boundaries, part headers) around a body's parts: at most this much more is read. */
const FRAMING_BYTES = 1024 * 1024;
/** How much of a replayed body to read: the stored request's size and its framing, never more. */
export const readLimitOf = (fingerprint: string) => bytesOf(fingerprint) + FRAMING_BYTES;

export const newClaim = () => randomBytes(16).toString('hex');

type Keys = Tables['idempotencyKeys'];

const keyIs = (k: Keys, scope: string, key: string) => and(eq(k.scope, scope), eq(k.key, key));
/** The claim row of this request, while it has not been answered. */
const mine = (k: Keys, pending: PendingKey) => and(keyIs(k, pending.scope, pending.key), eq(k.claim, pending.claim), isNull(k.status));

/**
 * Claims the key for this request with one conditional insert (ON CONFLICT DO NOTHING), or says what holds
 * it: a stored outcome, or another request still running. A claim whose lease has ended (its instance
 * died) and an outcome past its lifetime are taken over, each with one conditional statement as well.
 * `fingerprint` is null for a multipart body, digested later as the handler reads it.
 */
export async function claimKey(
  db: Db,
  pending: PendingKey,
  fingerprint: string | null,
  leaseMs: number,
  now = Date.now(),
): Promise<ClaimResult> {
  const k = tablesOf(db).idempotencyKeys;
  const values = { fingerprint, claim: pending.claim, leaseUntil: new Date(now + leaseMs), createdAt: new Date(now) };
  for (let round = 0; ; round++) {
    const inserted = await db
      .insert(k)
      .values({ scope: pending.scope, key: pending.key, ...values })
      .onConflictDoNothing()
      .returning({ key: k.key });
    if (inserted.length) return { claimed: true };
    const row = await first(
      db
        .select()
        .from(k)
        .where(keyIs(k, pending.scope, pending.key)),
    );
    if (!row) continue; // purged or released meanwhile: insert again
    const answered = row.status !== null;
    const over = answered ? now - row.createdAt.getTime() >= IDEMPOTENCY_TTL_MS : row.leaseUntil!.getTime() <= now;
    if (!over) return answered ? { claimed: false, stored: row as StoredOutcome } : { claimed: false, running: row };
    // Past its lifetime, or left by a dead instance: taken over only if still what was read.
    const taken = await db
      .update(k)
      .set({ ...values, status: null, headers: null, body: null })
      .where(
        and(
          keyIs(k, pending.scope, pending.key),
          eq(k.createdAt, row.createdAt),
          row.claim === null ? isNull(k.claim) : eq(k.claim, row.claim),
        ),
      )
      .returning({ key: k.key });
    if (taken.length) return { claimed: true };
    if (round >= 3) return { claimed: false, running: row };
  }
}

/** Keeps this request's claim from expiring while it runs. */
export async function renewClaim(db: Db, pending: PendingKey, leaseMs: number, now = Date.now()) {
  const k = tablesOf(db).idempotencyKeys;
  await db
    .update(k)
    .set({ leaseUntil: new Date(now + leaseMs) })
    .where(mine(k, pending));
}

/** Gives the key back (the request failed: it changed nothing and may be sent again with its key). */
export async function releaseClaim(db: Db, pending: PendingKey) {
  const k = tablesOf(db).idempotencyKeys;
  await db.delete(k).where(mine(k, pending));
}

/**
 * Turns this request's claim into its recorded outcome. Throws (and so rolls back the enclosing
 * transaction) when the claim is no longer this request's: its lease ended and another request took it.
 */
export async function recordOutcome(
  db: Queryable,
  pending: PendingKey,
  bodyDigest: string,
  status: number,
  headers: Record<string, string>,
  body: string,
) {
  const k = tablesOf(db).idempotencyKeys;
  const recorded = await db
    .update(k)
    .set({
      fingerprint: fingerprintOf(pending.method, pending.path, bodyDigest),
      status,
      headers: JSON.stringify(headers),
      body,
      leaseUntil: null,
      createdAt: new Date(),
    })
    .where(mine(k, pending))
    .returning({ key: k.key });
  if (!recorded.length) throw new Refusal('conflict', idempotencyMessages.inProgress);
}

export async function purgeIdempotencyKeys(db: Db, now = Date.now()): Promise<number> {
  const k = tablesOf(db).idempotencyKeys;
  const purged = await db
    .delete(k)
    .where(lt(k.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)))
    .returning({ key: k.key });
  return purged.length;
}

/** Work that must wait for the change to commit (removing the files of deleted rows): dropped if it rolls back. */
export type AfterCommit = (task: () => void) => void;
