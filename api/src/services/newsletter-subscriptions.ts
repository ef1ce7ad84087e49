// Newsletter subscription life cycle: double opt-in request, confirmation by POST, unsubscription
// by token (page or RFC 8058 one-click). Answers never reveal whether an address was known. Also the
// administrators' subscribers: list, state, delete, counts and export.
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { dialectOf, tablesOf, type schema, type Queryable, first } from '@app/db';
import type { Language } from '@app/domain/inquiries';
import { CONFIRMATION_DAYS, type Subscriber } from '@app/domain/newsletter';
import type { Deps } from '../context.ts';
import { Refusal } from './refusal.ts';
import { confirmationMail, newsletterLinks } from './mail-templates.ts';
import { enqueueMail } from './outbox.ts';
import { hashToken } from './sessions.ts';
import { createThrottle, reserveAttempts } from './shared-limits.ts';
import { mailMessages, notFoundMessages } from '@app/domain/api-messages';
import { emitWebhookEvent } from './webhook-events.ts';

const newToken = () => randomBytes(32).toString('base64url');

/** One address gets at most one confirmation mail per 10 minutes and 3 a day, however many visitors ask. */
const CONFIRMATION_MAILS = [
  { name: 'newsletter-confirmation', rule: { limit: 1, windowMs: 10 * 60_000 } },
  { name: 'newsletter-confirmation-day', rule: { limit: 3, windowMs: 24 * 60 * 60_000 } },
] as const;

/**
 * Records the request and consent, and mails a confirmation link, unless the address is already
 * confirmed, or had its confirmation mails for now (then nothing changes and nothing is sent, so the
 * form cannot be used to flood a mailbox; the visitor's answer is the same either way).
 */
export async function requestSubscription(deps: Deps, q: Queryable, input: { email: string; language: Language; page?: string }) {
  const n = tablesOf(q).newsletterSubscribers;
  const { env } = deps;
  if ((await first(q.select({ isActive: n.isActive }).from(n).where(eq(n.email, input.email))))?.isActive) return;
  // Counted in the database, so concurrent requests on any instance take turns: one of them mails.
  const mails = await reserveAttempts(
    q,
    CONFIRMATION_MAILS.map(({ name, rule }) => [createThrottle(q, name, rule), input.email]),
  );
  if (!mails.ok) {
    deps.log.info('newsletter confirmation withheld: one was mailed recently');
    return;
  }
  const now = new Date();
  const confirmToken = newToken();
  const consent = { consentAt: now, consentPage: input.page ?? null, consentLanguage: input.language };
  const row = await q.transaction(
    async (tx) => {
      const existing = await first(tx.select().from(n).where(eq(n.email, input.email)));
      if (existing?.isActive) return undefined;
      if (existing) {
        return (
          await tx
            .update(n)
            .set({
              language: input.language,
              confirmTokenHash: hashToken(confirmToken),
              ...consent,
              // A pending request restarts its 30 days; a past subscriber keeps their history.
              ...(existing.confirmedAt ? {} : { subscribedAt: now }),
            })
            .where(eq(n.id, existing.id))
            .returning()
        )[0];
      }
      return (
        await tx
          .insert(n)
          .values({
            email: input.email,
            language: input.language,
            isActive: false,
            confirmTokenHash: hashToken(confirmToken),
            unsubscribeToken: newToken(),
            ...consent,
          })
          .returning()
      )[0]!;
    },
    { behavior: 'immediate' },
  );
  if (!row) return;
  const links = newsletterLinks(env.publicUrl, input.language, row.unsubscribeToken, confirmToken);
  const mail = confirmationMail(env.company, env.publicUrl, input.language, links.confirmUrl!, links.unsubscribeUrl);
  await enqueueMail(deps, q, 'newsletter_confirmation', 'newsletter', { to: row.email, ...mail, headers: links.headers });
}

export async function confirmSubscription(deps: Deps, q: Queryable, token: string): Promise<Language> {
  const n = tablesOf(q).newsletterSubscribers;
  const row = await first(
    q
      .select()
      .from(n)
      .where(eq(n.confirmTokenHash, hashToken(token))),
  );
  const expired = row?.consentAt && Date.now() - row.consentAt.getTime() > CONFIRMATION_DAYS * 24 * 60 * 60 * 1000;
  // A well-formed token that points at nothing is a 404 (a malformed one is the schema's 400).
  if (!row || expired) throw new Refusal('not-found', mailMessages.linkInvalid);
  // Confirming twice (a double click, a second tab) is harmless.
  await q.transaction(async (tx) => {
    await tx
      .update(n)
      .set({ isActive: true, confirmedAt: row.confirmedAt ?? new Date(), unsubscribedAt: null })
      .where(eq(n.id, row.id));
    // Announced once, with the id only (no address leaves with a webhook: docs/decisions/131).
    if (!row.isActive || !row.confirmedAt) await emitWebhookEvent(deps, tx, 'subscriber.confirmed', { id: row.id });
  });
  return row.language === 'en' ? 'en' : 'fr';
}

/** Idempotent: a second call answers the same; the pending confirmation link dies with it. */
export async function unsubscribe(deps: Deps, q: Queryable, token: string): Promise<Language> {
  const n = tablesOf(q).newsletterSubscribers;
  const row = await first(q.select().from(n).where(eq(n.unsubscribeToken, token)));
  if (!row) throw new Refusal('not-found', mailMessages.linkInvalid);
  await q.transaction(async (tx) => {
    await tx
      .update(n)
      .set({
        isActive: false,
        unsubscribedAt: row.unsubscribedAt && !row.isActive ? row.unsubscribedAt : new Date(),
        confirmTokenHash: null,
      })
      .where(eq(n.id, row.id));
    if (row.isActive) await emitWebhookEvent(deps, tx, 'subscriber.unsubscribed', { id: row.id });
  });
  return row.language === 'en' ? 'en' : 'fr';
}

type SubscriberRow = typeof schema.newsletterSubscribers.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;
const toSubscriber = (r: SubscriberRow): Subscriber => ({
  id: r.id,
  email: r.email,
  language: r.language === 'en' ? 'en' : 'fr',
  isActive: r.isActive,
  confirmed: r.confirmedAt !== null,
  subscribedAt: r.subscribedAt.toISOString(),
  confirmedAt: iso(r.confirmedAt),
  unsubscribedAt: iso(r.unsubscribedAt),
});

/** Subscribers whose address contains `search`, active or not as `status` says, newest first. */
export async function listSubscribers(deps: Deps, search?: string, status = 'all') {
  const n = tablesOf(deps.db).newsletterSubscribers;
  const where: SQL[] = [];
  if (search) where.push(dialectOf(deps.db.$engine).contains(n.email, search));
  if (status !== 'all') where.push(eq(n.isActive, status === 'active'));
  const rows = await deps.db
    .select()
    .from(n)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(n.subscribedAt), desc(n.id));
  return { subscribers: rows.map(toSubscriber), total: rows.length };
}

export async function findSubscriber(deps: Deps, id: number): Promise<SubscriberRow> {
  const n = tablesOf(deps.db).newsletterSubscribers;
  const row = await first(deps.db.select().from(n).where(eq(n.id, id)));
  if (!row) throw new Refusal('not-found', notFoundMessages.subscriber);
  return row;
}

/** An administrator's activation or deactivation; a deactivated subscriber keeps its first unsubscription date. */
export async function setSubscriberActive(q: Queryable, row: SubscriberRow, isActive: boolean): Promise<Subscriber> {
  const n = tablesOf(q).newsletterSubscribers;
  return toSubscriber(
    (
      await q
        .update(n)
        .set({ isActive, unsubscribedAt: isActive ? null : (row.unsubscribedAt ?? new Date()) })
        .where(eq(n.id, row.id))
        .returning()
    )[0]!,
  );
}

export async function deleteSubscriber(q: Queryable, id: number) {
  const n = tablesOf(q).newsletterSubscribers;
  await q.delete(n).where(eq(n.id, id));
}

export async function subscriberStats(deps: Deps) {
  const n = tablesOf(deps.db).newsletterSubscribers;
  const row = (await first(deps.db.select({ total: count(), active: sql<number>`count(*) filter (where ${n.isActive})` }).from(n)))!;
  return { totalSubscribers: row.total, activeSubscribers: row.active, inactiveSubscribers: row.total - row.active };
}

/** Every subscriber with its consent, for the export (dates as ISO text, absent ones null). */
export async function exportSubscribers(deps: Deps) {
  const n = tablesOf(deps.db).newsletterSubscribers;
  const rows = await deps.db.select().from(n).orderBy(asc(n.id));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    language: r.language,
    isActive: r.isActive,
    subscribedAt: r.subscribedAt.toISOString(),
    confirmedAt: iso(r.confirmedAt),
    unsubscribedAt: iso(r.unsubscribedAt),
    consentAt: iso(r.consentAt),
    consentPage: r.consentPage,
    consentLanguage: r.consentLanguage,
  }));
}
