// Background work of the server process: outbox retries, newsletter sendings (resumed after a
// restart) and the retention purge. startJobs returns the function that stops them.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { tablesOf } from '@app/db';
import { INQUIRY_RETENTION_YEARS } from '@app/domain/inquiries';
import { CONFIRMATION_DAYS } from '@app/domain/newsletter';
import type { Deps } from '../context.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { releaseLeases } from './leases.ts';
import { purgeRateLimitHits } from './shared-limits.ts';
import { kickNewsletters } from './newsletter-sender.ts';
import { kickOutbox } from './outbox.ts';
import { startWebhooks } from './webhooks.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deletes what the privacy policy says we no longer keep: contact messages (their replies go with
 * them through the foreign key) after 3 years, unconfirmed subscriptions after 30 days, and the
 * outbox copies of mails once they are old.
 */
export async function purgeExpired(deps: Deps, now = new Date()) {
  const tables = tablesOf(deps.db);
  const { db } = deps;
  const yearsAgo = new Date(now);
  yearsAgo.setFullYear(yearsAgo.getFullYear() - INQUIRY_RETENTION_YEARS);
  const inquiries = (
    await db.delete(tables.inquiries).where(lt(tables.inquiries.createdAt, yearsAgo)).returning({ id: tables.inquiries.id })
  ).length;
  const n = tables.newsletterSubscribers;
  const subscribers = (
    await db
      .delete(n)
      .where(and(isNull(n.confirmedAt), eq(n.isActive, false), lt(n.subscribedAt, new Date(now.getTime() - CONFIRMATION_DAYS * DAY))))
      .returning({ id: n.id })
  ).length;
  const o = tables.mailOutbox;
  const outbox = (
    await db
      .delete(o)
      .where(
        or(
          and(eq(o.status, 'sent'), lt(o.createdAt, new Date(now.getTime() - 7 * DAY))),
          and(eq(o.status, 'failed'), lt(o.createdAt, new Date(now.getTime() - 90 * DAY))),
        ),
      )
      .returning({ id: o.id })
  ).length;
  const idempotencyKeys = await purgeIdempotencyKeys(db, now.getTime());
  const rateLimitHits = await purgeRateLimitHits(db, now.getTime());
  if (inquiries || subscribers || outbox || idempotencyKeys || rateLimitHits)
    deps.log.info('retention purge', { inquiries, subscribers, outbox, idempotencyKeys, rateLimitHits });
  return { inquiries, subscribers, outbox, idempotencyKeys, rateLimitHits };
}

export function startJobs(deps: Deps): () => Promise<void> {
  const { env, log } = deps;
  deps.mailCrypto.ready(); // creates the key file on first start rather than at the first account
  const tick = () => {
    void kickOutbox(deps);
    void kickNewsletters(deps);
  };
  const retention = async () => {
    try {
      await purgeExpired(deps);
    } catch (err) {
      log.error('retention purge failed', { error: String(err) });
    }
  };
  tick();
  void retention();
  const stopWebhooks = startWebhooks(deps);
  // Hourly: Idempotency-Key records go one day after their request (the rest is cheap to re-check).
  const timers = [setInterval(tick, env.MAIL_WORKER_INTERVAL_MS), setInterval(() => void retention(), DAY / 24)];
  for (const t of timers) t.unref();
  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all([deps.workers.outbox.stop(), deps.workers.newsletters.stop(), stopWebhooks()]);
    // What this instance claimed and did not send goes to the other instances at once, not after its lease.
    await releaseLeases(deps);
  };
}
