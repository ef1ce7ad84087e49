// Sends a newsletter in the background: one delivery row per recipient, pooled SMTP connections,
// a rate limit, retries per recipient, and progress that survives a restart (pending rows resume).
// Every instance may work on a sending: each claims small batches of deliveries with a lease
// (leases.ts, docs/decisions/085), so none is sent twice and none is lost when an instance dies.
import { and, asc, count, desc, eq, inArray, min, ne, sql } from 'drizzle-orm';
import { dialectOf, engineOfQueryable, tablesOf, type Queryable, type Tables, type schema, first, exec } from '@app/db';
import { newsletterVersion, type NewsletterSend, type NewsletterSending, type SendingStatus } from '@app/domain/newsletter';
import type { Deps } from '../context.ts';
import { coalescingWorker, interruptibleSleep as sleep, type WorkerState } from './coalescing-worker.ts';
import { Refusal } from './refusal.ts';
import {
  accountForUsage,
  accountConfig,
  createTransport,
  describeMailError,
  isPermanentFailure,
  sendMail,
  type AccountRow,
  type Transport,
} from './mailer.ts';
import { newsletterLinks, newsletterMail } from './mail-templates.ts';
import { claimDeliveries } from './leases.ts';
import { retryDelay } from './outbox.ts';
import { mailMessages, notFoundMessages } from '@app/domain/api-messages';
import { emitWebhookEvent } from './webhook-events.ts';

const MAX_DELIVERY_ATTEMPTS = 3;
const POOL_CONNECTIONS = 3;
/** Sends in flight at once: enough to keep the pool busy, few enough to keep memory flat. */
const IN_FLIGHT = POOL_CONNECTIONS * 2;
const MAX_CLAIM = 200;

/** Deliveries claimed at once: what this instance sends in a quarter of a lease at its rate. */
const claimSize = (rate: number, leaseMs: number) =>
  rate > 0 ? Math.max(1, Math.min(MAX_CLAIM, Math.floor((rate * leaseMs) / 4000))) : MAX_CLAIM;

/** Queues a sending to every active subscriber, or to the active ones among subscriberIds. */
export async function createSending(deps: Deps, q: Queryable, input: NewsletterSend): Promise<NewsletterSending> {
  const s = tablesOf(q).newsletterSendings;
  const { account } = await accountForUsage(q, 'newsletter');
  if (!account) throw new Refusal('invalid', mailMessages.noActiveAccount);
  const id = await q.transaction(
    async (tx) => {
      const sending = (
        await tx
          .insert(s)
          // '' marks a missing French version (see the schema); the schema guarantees one version is whole.
          .values({
            subject: input.subject ?? '',
            content: input.content ?? '',
            subjectEn: input.subjectEn || null,
            contentEn: input.contentEn || null,
            smtpAccountId: account.id,
          })
          .returning({ id: s.id })
      )[0]!;
      const selected = input.subscriberIds ? sql` AND ${dialectOf(engineOfQueryable(q)).inIds(sql`id`, input.subscriberIds)}` : sql``;
      const inserted = await exec(
        tx,
        sql`INSERT INTO newsletter_deliveries (sending_id, subscriber_id, email) SELECT ${sending.id}, id, email FROM newsletter_subscribers WHERE is_active${selected}`,
      );
      if (!inserted) throw new Refusal('invalid', mailMessages.noActiveSubscriber);
      await tx.update(s).set({ totalCount: inserted }).where(eq(s.id, sending.id));
      return sending.id;
    },
    { behavior: 'immediate' },
  );
  void kickNewsletters(deps);
  return (await sendingStatus(q, id))!;
}

export async function sendingStatus(q: Queryable, id: number): Promise<NewsletterSending | undefined> {
  const { newsletterSendings: s, newsletterDeliveries: d } = tablesOf(q);
  const row = await first(q.select().from(s).where(eq(s.id, id)));
  if (!row) return undefined;
  const pending = (await first(
    q
      .select({ n: count() })
      .from(d)
      .where(and(eq(d.sendingId, id), eq(d.status, 'pending'))),
  ))!.n;
  const handled = row.totalCount - pending;
  return {
    id: row.id,
    subject: row.subject || row.subjectEn || '',
    status: row.status as SendingStatus,
    totalCount: row.totalCount,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    pendingCount: pending,
    progress: row.totalCount ? Math.floor((handled / row.totalCount) * 100) : 100,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The 50 latest sendings with their progress. */
export async function listSendings(deps: Deps): Promise<NewsletterSending[]> {
  const s = tablesOf(deps.db).newsletterSendings;
  const rows = await deps.db.select({ id: s.id }).from(s).orderBy(desc(s.id)).limit(50);
  return Promise.all(rows.map(async (r) => (await sendingStatus(deps.db, r.id))!));
}

/** A page of a sending's per-recipient deliveries, of one status or all. */
export async function sendingDeliveries(
  deps: Deps,
  id: number,
  q: { status?: 'pending' | 'sent' | 'failed' | 'skipped'; page: number; limit: number },
) {
  const d = tablesOf(deps.db).newsletterDeliveries;
  const { db } = deps;
  if (!(await sendingStatus(deps.db, id))) throw new Refusal('not-found', notFoundMessages.sending);
  const { status, page, limit } = q;
  const where = status ? and(eq(d.sendingId, id), eq(d.status, status)) : eq(d.sendingId, id);
  const total = (await first(db.select({ n: count() }).from(d).where(where)))!.n;
  const deliveries = (
    await db
      .select({
        id: d.id,
        subscriberId: d.subscriberId,
        email: d.email,
        status: d.status,
        attempts: d.attempts,
        lastError: d.lastError,
        sentAt: d.sentAt,
      })
      .from(d)
      .where(where)
      .orderBy(asc(d.id))
      .limit(limit)
      .offset((page - 1) * limit)
  ).map((r) => ({ ...r, sentAt: r.sentAt?.toISOString() ?? null }));
  return { deliveries, total, totalPages: Math.ceil(total / limit), page, limit };
}

/** The instance's newsletter sender (deps.workers.newsletters). */
export const createNewsletterWorker = () => coalescingWorker('newsletter', runOpenSendings);

/** Runs every queued or interrupted sending, one after the other. */
async function runOpenSendings(deps: Deps, state: WorkerState) {
  const s = tablesOf(deps.db).newsletterSendings;
  const open = await deps.db
    .select()
    .from(s)
    .where(inArray(s.status, ['queued', 'sending']))
    .orderBy(asc(s.id));
  for (const sending of open) {
    if (state.stopped) return;
    await runSending(deps, state, sending);
  }
}

export const kickNewsletters = (deps: Deps) => deps.workers.newsletters.kick(deps);

async function runSending(deps: Deps, state: WorkerState, sending: typeof schema.newsletterSendings.$inferSelect) {
  const tables = tablesOf(deps.db);
  const { newsletterSendings: s } = tables;
  const { db, env, log } = deps;
  let account: AccountRow | undefined = sending.smtpAccountId
    ? await first(db.select().from(tables.smtpAccounts).where(eq(tables.smtpAccounts.id, sending.smtpAccountId)))
    : undefined;
  if (!account?.isActive) account = (await accountForUsage(deps.db, 'newsletter')).account;
  if (!account) {
    log.warn('newsletter waiting for an active SMTP account', { sendingId: sending.id });
    return;
  }
  await db
    .update(s)
    .set({ status: 'sending', startedAt: sending.startedAt ?? new Date(), smtpAccountId: account.id })
    .where(eq(s.id, sending.id));
  log.info('newsletter sending started', { sendingId: sending.id, total: sending.totalCount });

  let transport: Transport;
  try {
    transport = await createTransport(deps, accountConfig(deps, account), { maxConnections: POOL_CONNECTIONS });
  } catch (err) {
    log.warn('newsletter transport refused', { sendingId: sending.id, error: describeMailError(err) });
    return;
  }
  const rate = env.NEWSLETTER_RATE_PER_SECOND;
  const spacing = rate > 0 ? 1000 / rate : 0;
  let nextSlot = Date.now();
  const started = Date.now();
  const size = claimSize(rate, env.MAIL_LEASE_MS);
  try {
    for (;;) {
      if (state.stopped) return;
      const claimedAt = Date.now();
      const batch = await claimDeliveries(deps, sending.id, size, env.MAIL_LEASE_MS, claimedAt);
      if (!batch.length) {
        // Nothing due: finished, or the rest is claimed by another instance or waiting for a retry.
        const next = await nextDue(deps, sending.id);
        if (next === undefined) break;
        await sleep(state, Math.min(5_000, Math.max(50, next - Date.now())));
        continue;
      }
      const recipients = await subscribersOf(deps, batch);
      const inFlight = new Set<Promise<void>>();
      for (const delivery of batch) {
        if (state.stopped) break;
        // Only in the first half of the lease: past it, a paused process could race the instance that
        // took the rest over. The rows left are due again when the lease ends.
        if (Date.now() - claimedAt > env.MAIL_LEASE_MS / 2) break;
        if (spacing) {
          const wait = nextSlot - Date.now();
          if (wait > 0) await sleep(state, wait);
          nextSlot = Math.max(Date.now(), nextSlot) + spacing;
        }
        const p = deliver(deps, transport, account, sending, { ...delivery, ...recipients.get(delivery.subscriberId ?? -1) }).finally(() =>
          inFlight.delete(p),
        );
        inFlight.add(p);
        if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
    }
    if (state.stopped) return;
    // Marked done and announced in one transaction, by the one instance whose update finished it.
    const finished = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(s)
        .set({ status: 'done', finishedAt: new Date() })
        .where(and(eq(s.id, sending.id), ne(s.status, 'done')))
        .returning({ id: s.id, subject: s.subject, sentCount: s.sentCount, failedCount: s.failedCount });
      if (row) await emitWebhookEvent(deps, tx, 'newsletter.sent', row);
      return row;
    });
    if (!finished) return; // another instance sent the last ones and said so
    const done = (await sendingStatus(db, sending.id))!;
    const seconds = (Date.now() - started) / 1000;
    log.info('newsletter sending done', {
      sendingId: sending.id,
      sent: done.sentCount,
      failed: done.failedCount,
      seconds,
      perSecond: Math.round(done.sentCount / Math.max(seconds, 0.001)),
    });
  } finally {
    transport.close();
  }
}

type Recipient = { isActive: boolean; language: string; token: string };
type DeliveryRow = { id: number; email: string; attempts: number } & Partial<Recipient>;

/** When the next pending delivery of a sending may be claimed (now when unclaimed), or undefined when none is pending. */
async function nextDue(deps: Deps, sendingId: number): Promise<number | undefined> {
  const d = tablesOf(deps.db).newsletterDeliveries;
  const row = await first(
    deps.db
      .select({ n: count(), next: min(d.leaseUntil) })
      .from(d)
      .where(and(eq(d.sendingId, sendingId), eq(d.status, 'pending'))),
  );
  if (!row?.n) return undefined;
  return row.next ? new Date(row.next).getTime() : Date.now();
}

/** The subscribers behind claimed deliveries (gone ones are missing: they get nothing). */
async function subscribersOf(deps: Deps, batch: { subscriberId: number | null }[]): Promise<Map<number, Recipient>> {
  const sub = tablesOf(deps.db).newsletterSubscribers;
  const ids = batch.flatMap((r) => (r.subscriberId === null ? [] : [r.subscriberId]));
  if (!ids.length) return new Map();
  const rows = await deps.db
    .select({ id: sub.id, isActive: sub.isActive, language: sub.language, token: sub.unsubscribeToken })
    .from(sub)
    .where(inArray(sub.id, ids));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/** Only while this instance still holds the delivery: a row another instance took over is its to record. */
const mine = (deps: Deps, d: Tables['newsletterDeliveries'], id: number) =>
  and(eq(d.id, id), eq(d.leaseOwner, deps.instanceId), eq(d.status, 'pending'));

async function deliver(
  deps: Deps,
  transport: Transport,
  account: AccountRow,
  sending: typeof schema.newsletterSendings.$inferSelect,
  delivery: DeliveryRow,
) {
  const { newsletterSendings: s, newsletterDeliveries: d } = tablesOf(deps.db);
  const { db, env } = deps;
  // Unsubscribed (or deleted) since the sending was queued: they get nothing.
  if (!delivery.isActive || !delivery.token) {
    await db
      .update(d)
      .set({ status: 'skipped', leaseOwner: null, leaseUntil: null })
      .where(mine(deps, d, delivery.id));
    return;
  }
  const lang = delivery.language === 'en' ? 'en' : 'fr';
  // The subscriber's own version, or the other one when the admin wrote only one; the mail's frame
  // (greeting, unsubscribe line) follows the version's language so one mail reads in one language;
  // the unsubscribe page is in the language the subscriber chose.
  const version = newsletterVersion(
    { ...sending, subjectEn: sending.subjectEn ?? undefined, contentEn: sending.contentEn ?? undefined },
    lang,
  )!;
  const links = newsletterLinks(env.publicUrl, lang, delivery.token);
  const mail = newsletterMail(env.company, env.publicUrl, version.lang, version.subject, version.content, links.unsubscribeUrl);
  const attempts = delivery.attempts + 1;
  try {
    await sendMail(transport, account, { to: delivery.email, ...mail, headers: links.headers });
    // Recorded in the very next step after the server's "250": a crash in between is the one way a
    // mail goes twice (docs/decisions/085).
    await db.transaction(async (tx) => {
      const sent = await tx
        .update(d)
        .set({ status: 'sent', attempts, sentAt: new Date(), lastError: null, leaseOwner: null, leaseUntil: null })
        .where(mine(deps, d, delivery.id))
        .returning({ id: d.id });
      if (sent.length)
        await tx
          .update(s)
          .set({ sentCount: sql`${s.sentCount} + 1` })
          .where(eq(s.id, sending.id));
    });
  } catch (err) {
    const failed = attempts >= MAX_DELIVERY_ATTEMPTS || isPermanentFailure(err);
    // A temporary failure is retried after a back-off, by whichever instance claims it then.
    const retryAt = failed ? null : new Date(Date.now() + retryDelay(env.MAIL_RETRY_BASE_MS, attempts));
    await db.transaction(async (tx) => {
      const recorded = await tx
        .update(d)
        .set({ status: failed ? 'failed' : 'pending', attempts, lastError: describeMailError(err), leaseOwner: null, leaseUntil: retryAt })
        .where(mine(deps, d, delivery.id))
        .returning({ id: d.id });
      if (failed && recorded.length)
        await tx
          .update(s)
          .set({ failedCount: sql`${s.failedCount} + 1` })
          .where(eq(s.id, sending.id));
    });
  }
}
