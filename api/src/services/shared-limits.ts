// Rate limits counted in the database (table rate_limit_hits), so every instance on one database
// counts the same attempts (docs/decisions/085). Two kinds share the table:
// - a rate limiter counts every hit of a key in a sliding window (public forms, SMTP tests);
// - a throttle counts only failures (sign-in): an attempt is written as pending while it is checked,
//   counts as a failure until it finishes, then is kept (it failed) or removed (it succeeded), so a
//   burst of concurrent attempts cannot all pass, on one instance or across several.
// Keys are bucketed by the limiter's name ('inquiries:<address>'), so limiters never share counts.
import { and, asc, count, desc, eq, gt, lte } from 'drizzle-orm';
import { dialectOf, engineOfQueryable, exec, tablesOf, type Engine, type Queryable, type Tables } from '@app/db';

export type LimitRule = { limit: number; windowMs: number };

const alive = (h: Tables['rateLimitHits'], bucket: string, now: number) => and(eq(h.bucket, bucket), gt(h.expiresAt, new Date(now)));

async function record(q: Queryable, bucket: string, { windowMs }: LimitRule, now: number, pending: boolean): Promise<number> {
  const h = tablesOf(q).rateLimitHits;
  const [row] = await q
    .insert(h)
    .values({ bucket, at: new Date(now), expiresAt: new Date(now + windowMs), pending })
    .returning({ id: h.id });
  return row!.id;
}

export type RateLimiter = {
  /** Counts one hit for key; false when the key is over its limit (the hit is still counted). */
  hit(key: string, now?: number): Promise<boolean>;
  /** Milliseconds until key may try again (0 when it may). */
  retryAfterMs(key: string, now?: number): Promise<number>;
};

export function createRateLimiter(db: Queryable, name: string, rule: LimitRule): RateLimiter {
  const h = tablesOf(db).rateLimitHits;
  const bucket = (key: string) => `${name}:${key}`;
  return {
    // Written first, counted after: of concurrent hits, the n-th written sees at least n, so no more
    // than `limit` of them can pass, without a transaction.
    async hit(key, now = Date.now()) {
      await record(db, bucket(key), rule, now, false);
      const [row] = await db
        .select({ n: count() })
        .from(h)
        .where(alive(h, bucket(key), now));
      return row!.n <= rule.limit;
    },
    async retryAfterMs(key, now = Date.now()) {
      const latest = await db
        .select({ at: h.at })
        .from(h)
        .where(alive(h, bucket(key), now))
        .orderBy(desc(h.at), desc(h.id))
        .limit(rule.limit);
      if (latest.length < rule.limit) return 0;
      return Math.max(0, rule.windowMs - (now - latest[rule.limit - 1]!.at.getTime()));
    },
  };
}

export type Throttle = {
  readonly name: string;
  readonly rule: LimitRule;
  /** Would an attempt for key be refused now? Milliseconds to wait, 0 when it may go. */
  retryAfterMs(key: string, now?: number, q?: Queryable): Promise<number>;
  /** Ends an attempt reserved with reserveAttempts(): kept as a failure, or forgotten. */
  finish(id: number, failed: boolean): Promise<void>;
  /** Forgets the failures of key (after a successful sign-in on that account). */
  clear(key: string): Promise<void>;
};

export function createThrottle(db: Queryable, name: string, rule: LimitRule): Throttle {
  const h = tablesOf(db).rateLimitHits;
  return {
    name,
    rule,
    async retryAfterMs(key, now = Date.now(), q = db) {
      const rows = await q
        .select({ at: h.at, pending: h.pending })
        .from(h)
        .where(alive(h, `${name}:${key}`, now))
        .orderBy(asc(h.at), asc(h.id));
      if (rows.length < rule.limit) return 0;
      const failures = rows.filter((r) => !r.pending);
      // Over the limit only because of attempts in flight: ask to come back shortly.
      const oldest = failures[Math.max(0, failures.length - rule.limit)];
      return oldest === undefined ? 1000 : Math.max(1000, rule.windowMs - (now - oldest.at.getTime()));
    },
    async finish(id, failed) {
      if (failed) await db.update(h).set({ pending: false }).where(eq(h.id, id));
      else await db.delete(h).where(eq(h.id, id));
    },
    async clear(key) {
      await db.delete(h).where(and(eq(h.bucket, `${name}:${key}`), eq(h.pending, false)));
    },
  };
}

export type Reservation = { ok: true; ids: number[] } | { ok: false; retryAfterMs: number };

/**
 * Checks every (throttle, key) and, when none must wait, records a pending attempt for each, in one
 * transaction: concurrent attempts, on this instance or another, are counted one after the other.
 */
export function reserveAttempts(q: Queryable, claims: [Throttle, string][], now = Date.now()): Promise<Reservation> {
  return q.transaction(async (tx) => {
    const buckets = claims.map(([t, key]) => `${t.name}:${key}`);
    await serializeBuckets(engineOfQueryable(q), tx, buckets);
    const waits = await Promise.all(claims.map(([t, key]) => t.retryAfterMs(key, now, tx)));
    const wait = Math.max(0, ...waits);
    if (wait > 0) return { ok: false, retryAfterMs: wait };
    const ids: number[] = [];
    for (const [i, [t]] of claims.entries()) ids.push(await record(tx, buckets[i]!, t.rule, now, true));
    return { ok: true, ids };
  });
}

/**
 * SQLite runs one write transaction at a time (BEGIN IMMEDIATE), so reading then writing is safe
 * there; PostgreSQL's READ COMMITTED is not, so two transactions on one bucket take turns on a
 * transaction-scoped advisory lock, in a fixed order so that two of them never wait on each other.
 */
async function serializeBuckets(engine: Engine, tx: Queryable, buckets: string[]) {
  for (const bucket of [...buckets].sort()) {
    const lock = dialectOf(engine).serialize(bucket);
    if (lock) await exec(tx, lock);
  }
}

/** Deletes hits that no longer count (the retention job). */
export async function purgeRateLimitHits(db: Queryable, now = Date.now()): Promise<number> {
  const h = tablesOf(db).rateLimitHits;
  return (
    await db
      .delete(h)
      .where(lte(h.expiresAt, new Date(now)))
      .returning({ id: h.id })
  ).length;
}
