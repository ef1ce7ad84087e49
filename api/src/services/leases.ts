// How the instances on one database share the two mail queues (docs/decisions/085): a worker claims a
// small batch of due rows by writing its name and an end time on them in one UPDATE, sends them, and
// records each as sent (or back to pending) in the step after the SMTP server's answer. A claim whose
// time has passed is void: the rows are due again and any instance takes them over. So an instance
// that dies (SIGKILL, power) delays its claimed mail by one lease, and loses none of it.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { tablesOf, type Db } from '@app/db';
import type { Deps } from '../context.ts';

/** An instance's name in lease_owner (deps.instanceId): readable in the database, unique even after a restart. */
export const newInstanceId = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

/** Who claims: the database and the instance's name. */
type Claimer = Pick<Deps, 'db' | 'instanceId'>;

/** On PostgreSQL, rows another instance is claiming right now are skipped rather than waited for; SQLite has one writer. */
export function skipLocked<T extends object>(db: Db, select: T): T {
  if (db.$engine !== 'postgres') return select;
  return (select as unknown as { for(strength: 'update', config: { skipLocked: boolean }): T }).for('update', { skipLocked: true });
}

/** Claims up to `limit` pending deliveries of a sending, in id order, for leaseMs. */
export async function claimDeliveries({ db, instanceId }: Claimer, sendingId: number, limit: number, leaseMs: number, now = Date.now()) {
  const d = tablesOf(db).newsletterDeliveries;
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.sendingId, sendingId), eq(d.status, 'pending'), or(isNull(d.leaseUntil), lte(d.leaseUntil, new Date(now)))))
    .orderBy(asc(d.id))
    .limit(limit);
  const claimed = await db
    .update(d)
    .set({ leaseOwner: instanceId, leaseUntil: new Date(now + leaseMs) })
    .where(inArray(d.id, skipLocked(db, due)))
    .returning({ id: d.id, email: d.email, attempts: d.attempts, subscriberId: d.subscriberId });
  return claimed.sort((x, y) => x.id - y.id);
}

/** Claims up to `limit` due outbox mails, oldest due first; the claim's end is the mail's next due time. */
export async function claimOutbox({ db, instanceId }: Claimer, limit: number, leaseMs: number, now = Date.now()) {
  const o = tablesOf(db).mailOutbox;
  const due = db
    .select({ id: o.id })
    .from(o)
    .where(and(eq(o.status, 'pending'), lte(o.nextAttemptAt, new Date(now))))
    .orderBy(asc(o.nextAttemptAt), asc(o.id))
    .limit(limit);
  const claimed = await db
    .update(o)
    .set({ leaseOwner: instanceId, nextAttemptAt: new Date(now + leaseMs) })
    .where(inArray(o.id, skipLocked(db, due)))
    .returning();
  return claimed.sort((x, y) => x.id - y.id);
}

/**
 * Claims up to `limit` due webhook deliveries of enabled endpoints, oldest due first, as claimOutbox does
 * (docs/decisions/131): the claim's end is the delivery's next due time, so a dead instance's claim lapses.
 */
export async function claimWebhookDeliveries({ db, instanceId }: Claimer, limit: number, leaseMs: number, now = Date.now()) {
  const tables = tablesOf(db);
  const w = tables.webhookDeliveries;
  const enabled = db
    .select({ id: tables.webhookEndpoints.id })
    .from(tables.webhookEndpoints)
    .where(eq(tables.webhookEndpoints.enabled, true));
  const due = db
    .select({ id: w.id })
    .from(w)
    .where(and(eq(w.status, 'pending'), lte(w.nextAttemptAt, new Date(now)), inArray(w.endpointId, enabled)))
    .orderBy(asc(w.nextAttemptAt), asc(w.id))
    .limit(limit);
  const claimed = await db
    .update(w)
    .set({ leaseOwner: instanceId, nextAttemptAt: new Date(now + leaseMs) })
    .where(inArray(w.id, skipLocked(db, due)))
    .returning();
  return claimed.sort((x, y) => x.id - y.id);
}

/** Hands back the webhook deliveries this instance claimed and did not send: due at once for the others. */
export async function releaseWebhookLeases({ db, instanceId }: Claimer, now = Date.now()) {
  const w = tablesOf(db).webhookDeliveries;
  await db
    .update(w)
    .set({ leaseOwner: null, nextAttemptAt: new Date(now) })
    .where(and(eq(w.leaseOwner, instanceId), eq(w.status, 'pending')));
}

/** Hands back what this instance claimed and did not send (a graceful stop): due at once for the others. */
export async function releaseLeases({ db, instanceId }: Claimer, now = Date.now()) {
  const { mailOutbox: o, newsletterDeliveries: d } = tablesOf(db);
  await db
    .update(o)
    .set({ leaseOwner: null, nextAttemptAt: new Date(now) })
    .where(and(eq(o.leaseOwner, instanceId), eq(o.status, 'pending')));
  await db
    .update(d)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(d.leaseOwner, instanceId), eq(d.status, 'pending')));
}
