// /api/newsletter: public subscription (double opt-in), confirmation and unsubscription by token,
// and the administrators' subscribers, stats, export and background sendings.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { dialect, schema, first } from '@app/db';
import { HONEYPOT_FIELD, type Language } from '@app/domain/inquiries';
import { IdParamSchema } from '@app/domain/mail';
import { queryInteger } from '@app/domain/fields';
import {
  EXPORT_COLUMNS,
  ExportQuerySchema,
  NewsletterSendSchema,
  SUBSCRIBE_ANSWER,
  SubscribeInputSchema,
  SubscriberListQuerySchema,
  SubscriberStatusInputSchema,
  TokenInputSchema,
  type Subscriber,
} from '@app/domain/newsletter';
import { z } from 'zod';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError, fail } from '../http/errors.ts';
import { limitPerAddress } from '../http/form-rate-limit.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { toCsv } from '../services/csv.ts';
import { createSending, sendingStatus } from '../services/newsletter-sender.ts';
import { confirmSubscription, requestSubscription, unsubscribe } from '../services/newsletter-subscriptions.ts';
import { createRateLimiter } from '../services/shared-limits.ts';
import { doc } from '../http/openapi-meta.ts';
import { respondOnce } from '../http/commit-once.ts';
import * as A from './answers.ts';
import { notFoundMessages, requestMessages } from '@app/domain/api-messages';

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

const DeliveriesQuerySchema = z.object({
  status: z.enum(['pending', 'sent', 'failed', 'skipped'], { error: 'Statut invalide' }).optional(),
  page: queryInteger(z.number().int().min(1).default(1)),
  limit: queryInteger(z.number().int().min(1).max(1000).default(100)),
});

const CONFIRMED = { fr: 'Votre inscription à la newsletter est confirmée.', en: 'Your newsletter subscription is confirmed.' };
const UNSUBSCRIBED = { fr: 'Vous êtes désinscrit de la newsletter.', en: 'You have been unsubscribed from the newsletter.' };

export const newsletterRoutes = (deps: Deps) => {
  const { db } = deps;
  const n = schema.newsletterSubscribers;
  const s = schema.newsletterSendings;
  const d = schema.newsletterDeliveries;

  // Confirm and unsubscribe: the token of a mail acted on, answered in the subscriber's language.
  const answerToken = (
    c: Context<AppEnv>,
    token: string,
    action: (deps: Deps, token: string) => Promise<Language>,
    answers: Record<Language, string>,
  ) => respondOnce(c, db, 200, async () => ({ success: true, message: answers[await action(deps, token)] }));
  const perAddress = createRateLimiter(db, 'newsletter', { limit: 10, windowMs: 15 * 60_000 });
  const tokens = createRateLimiter(db, 'newsletter-token', { limit: 30, windowMs: 15 * 60_000 });
  const small = bodyLimit({ maxSize: 8 * 1024, onError: (c) => fail(c, 413, requestMessages.tooLarge) });

  const filtered = (search?: string, status = 'all') => {
    const where: SQL[] = [];
    if (search) where.push(dialect.contains(n.email, search));
    if (status !== 'all') where.push(eq(n.isActive, status === 'active'));
    return where.length ? and(...where) : undefined;
  };
  const findSubscriber = async (id: number) => {
    const row = await first(db.select().from(n).where(eq(n.id, id)));
    if (!row) throw new ApiError(404, notFoundMessages.subscriber);
    return row;
  };

  return (
    new Hono<AppEnv>()
      // Public: the popup, and the site's confirm / unsubscribe pages (POST, so link scanners change nothing).
      .post(
        '/newsletter/subscribe',
        doc({
          summary: 'Subscribe (double opt-in: a confirmation mail is sent)',
          responses: { 200: A.SuccessMessage },
          errors: { 413: 'Body too large' },
          example: { email: 'lecteur@example.org', language: 'fr' },
        }),
        small,
        limitPerAddress(deps, perAddress, 'newsletter'),
        validate('json', SubscribeInputSchema),
        (c) => {
          const input = c.req.valid('json');
          return respondOnce(c, db, 200, async () => {
            if (!input[HONEYPOT_FIELD]) await requestSubscription(deps, input);
            return { success: true, message: SUBSCRIBE_ANSWER[input.language] };
          });
        },
      )
      .post(
        '/newsletter/confirm',
        doc({
          summary: 'Confirm a subscription with the token from the mail',
          responses: { 200: A.SuccessMessage },
          errors: { 404: 'Unknown or expired link (a well-formed token that matches no subscription)', 413: 'Body too large' },
        }),
        small,
        limitPerAddress(deps, tokens, 'newsletter-token'),
        validate('json', TokenInputSchema),
        (c) => answerToken(c, c.req.valid('json').token, confirmSubscription, CONFIRMED),
      )
      .post(
        '/newsletter/unsubscribe',
        doc({
          summary: 'Unsubscribe with the token from a mail',
          responses: { 200: A.SuccessMessage },
          errors: { 404: 'Unknown link (a well-formed token that matches no subscription)', 413: 'Body too large' },
        }),
        small,
        limitPerAddress(deps, tokens, 'newsletter-token'),
        validate('json', TokenInputSchema),
        (c) => answerToken(c, c.req.valid('json').token, unsubscribe, UNSUBSCRIBED),
      )
      // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" to the address of the List-Unsubscribe header.
      .post(
        '/newsletter/unsubscribe/one-click',
        doc({
          summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post)',
          responses: { 200: A.SuccessMessage },
          errors: { 404: 'Unknown link (a well-formed token that matches no subscription)', 413: 'Body too large' },
        }),
        small,
        validate('query', TokenInputSchema),
        async (c) => {
          const lang = await unsubscribe(deps, c.req.valid('query').token);
          return c.json({ success: true, message: UNSUBSCRIBED[lang] });
        },
      )

      .use('/newsletter/admin/*', requireAdmin(deps))
      .get(
        '/newsletter/admin/subscribers',
        doc({
          summary: 'Subscribers, filtered by status or search',
          responses: { 200: z.object({ subscribers: z.array(A.SubscriberAnswer), total: z.number() }) },
        }),
        validate('query', SubscriberListQuerySchema),
        async (c) => {
          const { search, status } = c.req.valid('query');
          const rows = await db.select().from(n).where(filtered(search, status)).orderBy(desc(n.subscribedAt), desc(n.id));
          return c.json({ subscribers: rows.map(toSubscriber), total: rows.length });
        },
      )
      .patch(
        '/newsletter/admin/subscribers/:id/status',
        doc({ summary: 'Activate or deactivate a subscriber (toggles when isActive is absent)', responses: { 200: A.SubscriberAnswer } }),
        validate('param', IdParamSchema),
        async (c) => {
          const row = await findSubscriber(c.req.valid('param').id);
          // The body is optional (the badge toggles); an explicit { isActive } sets that state.
          const text = await c.req.text();
          let body: unknown;
          try {
            body = text.trim() ? JSON.parse(text) : {};
          } catch {
            throw new ApiError(400, requestMessages.json);
          }
          const parsed = SubscriberStatusInputSchema.safeParse(body);
          if (!parsed.success) throw new ApiError(400, requestMessages.boolean, [{ field: 'isActive', message: requestMessages.boolean }]);
          const isActive = parsed.data.isActive ?? !row.isActive;
          return respondOnce(c, db, 200, async () =>
            toSubscriber(
              (
                await db
                  .update(n)
                  .set({ isActive, unsubscribedAt: isActive ? null : (row.unsubscribedAt ?? new Date()) })
                  .where(eq(n.id, row.id))
                  .returning()
              )[0]!,
            ),
          );
        },
      )
      .delete(
        '/newsletter/admin/subscribers/:id',
        doc({ summary: 'Delete a subscriber', responses: { 200: A.Success } }),
        validate('param', IdParamSchema),
        async (c) => {
          const row = await findSubscriber(c.req.valid('param').id);
          return respondOnce(c, db, 200, async () => {
            await db.delete(n).where(eq(n.id, row.id));
            return { success: true };
          });
        },
      )
      .get('/newsletter/admin/stats', doc({ summary: 'Subscriber counts', responses: { 200: A.SubscriberStatsAnswer } }), async (c) => {
        const row = (await first(db.select({ total: count(), active: sql<number>`count(*) filter (where ${n.isActive})` }).from(n)))!;
        return c.json({ totalSubscribers: row.total, activeSubscribers: row.active, inactiveSubscribers: row.total - row.active });
      })
      .get(
        '/newsletter/admin/export',
        doc({ summary: 'Export subscribers as CSV or JSON (attachment)', responses: { 200: 'csv-or-json' } }),
        validate('query', ExportQuerySchema),
        async (c) => {
          const { format } = c.req.valid('query');
          const rows = await db.select().from(n).orderBy(asc(n.id));
          const records = rows.map((r) => ({
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
          c.header('Content-Disposition', `attachment; filename="newsletter-subscribers.${format}"`);
          c.header('Cache-Control', 'no-store');
          if (format === 'json') {
            c.header('Content-Type', 'application/json; charset=utf-8');
            return c.body(JSON.stringify(records, null, 2));
          }
          const strings = records.map((r) => Object.fromEntries(EXPORT_COLUMNS.map((k) => [k, r[k] === null ? '' : String(r[k])])));
          c.header('Content-Type', 'text/csv; charset=utf-8');
          return c.body(toCsv(EXPORT_COLUMNS, strings));
        },
      )
      .post(
        '/newsletter/admin/send',
        doc({
          summary: 'Send a newsletter to every active subscriber (in the background)',
          responses: { 202: A.SendingAnswer.extend({ sendingId: z.number() }) },
        }),
        validate('json', NewsletterSendSchema),
        (c) => {
          // A retried send answers the first sending: subscribers never get the newsletter twice.
          return respondOnce(c, db, 202, async () => {
            const sending = await createSending(deps, c.req.valid('json'));
            return { ...sending, sendingId: sending.id };
          });
        },
      )
      .get(
        '/newsletter/admin/sendings',
        doc({ summary: 'Newsletter sendings with their progress', responses: { 200: z.object({ sendings: z.array(A.SendingAnswer) }) } }),
        async (c) => {
          const rows = await db.select({ id: s.id }).from(s).orderBy(desc(s.id)).limit(50);
          return c.json({ sendings: await Promise.all(rows.map(async (r) => (await sendingStatus(deps, r.id))!)) });
        },
      )
      .get(
        '/newsletter/admin/sendings/:id',
        doc({ summary: 'One sending and its progress', responses: { 200: A.SendingAnswer } }),
        validate('param', IdParamSchema),
        async (c) => {
          const status = await sendingStatus(deps, c.req.valid('param').id);
          if (!status) throw new ApiError(404, notFoundMessages.sending);
          return c.json(status);
        },
      )
      .get(
        '/newsletter/admin/sendings/:id/deliveries',
        doc({ summary: 'Per-recipient deliveries of a sending', responses: { 200: A.DeliveriesAnswer } }),
        validate('param', IdParamSchema),
        validate('query', DeliveriesQuerySchema),
        async (c) => {
          const id = c.req.valid('param').id;
          if (!(await sendingStatus(deps, id))) throw new ApiError(404, notFoundMessages.sending);
          const { status, page, limit } = c.req.valid('query');
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
          ).map((r) => ({ ...r, sentAt: iso(r.sentAt) }));
          return c.json({ deliveries, total, totalPages: Math.ceil(total / limit), page, limit });
        },
      )
  );
};
