// /api/newsletter: public subscription (double opt-in), confirmation and unsubscription by token,
// and the administrators' subscribers, stats, export and background sendings.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HONEYPOT_FIELD, type Language } from '@app/domain/inquiries';
import { IdParamSchema } from '@app/domain/mail';
import { queryInteger } from '@app/domain/fields';
import {
  CONFIRM_ANSWER,
  EXPORT_COLUMNS,
  ExportQuerySchema,
  NewsletterSendSchema,
  SUBSCRIBE_ANSWER,
  SubscribeInputSchema,
  SubscriberListQuerySchema,
  SubscriberStatusInputSchema,
  TokenInputSchema,
  UNSUBSCRIBE_ANSWER,
} from '@app/domain/newsletter';
import { z } from 'zod';
import type { Queryable } from '@app/db';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError, fail } from '../http/errors.ts';
import { limitPerAddress } from '../http/form-rate-limit.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { toCsv } from '../services/csv.ts';
import { createSending, listSendings, sendingDeliveries, sendingStatus } from '../services/newsletter-sender.ts';
import {
  confirmSubscription,
  deleteSubscriber,
  exportSubscribers,
  findSubscriber,
  listSubscribers,
  requestSubscription,
  setSubscriberActive,
  subscriberStats,
  unsubscribe,
} from '../services/newsletter-subscriptions.ts';
import { createRateLimiter } from '../services/shared-limits.ts';
import { doc } from '../http/openapi-meta.ts';
import { respondOnce } from '../http/commit-once.ts';
import * as A from './answers.ts';
import { notFoundMessages, requestMessages } from '@app/domain/api-messages';

const DeliveriesQuerySchema = z.object({
  status: z.enum(['pending', 'sent', 'failed', 'skipped'], { error: 'Statut invalide' }).optional(),
  page: queryInteger(z.number().int().min(1).default(1)),
  limit: queryInteger(z.number().int().min(1).max(1000).default(100)),
});

export const newsletterRoutes = (deps: Deps) => {
  const { db } = deps;

  // Confirm and unsubscribe: the token of a mail acted on, answered in the subscriber's language.
  const answerToken = (
    c: Context<AppEnv>,
    token: string,
    action: (deps: Deps, q: Queryable, token: string) => Promise<Language>,
    answers: Record<Language, string>,
  ) => respondOnce(c, db, 200, async (q) => ({ success: true, message: answers[await action(deps, q, token)] }));
  const perAddress = createRateLimiter(db, 'newsletter', { limit: 10, windowMs: 15 * 60_000 });
  const tokens = createRateLimiter(db, 'newsletter-token', { limit: 30, windowMs: 15 * 60_000 });
  const small = bodyLimit({ maxSize: 8 * 1024, onError: (c) => fail(c, 413, requestMessages.tooLarge) });

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
          return respondOnce(c, db, 200, async (q) => {
            if (!input[HONEYPOT_FIELD]) await requestSubscription(deps, q, input);
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
        (c) => answerToken(c, c.req.valid('json').token, confirmSubscription, CONFIRM_ANSWER),
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
        (c) => answerToken(c, c.req.valid('json').token, unsubscribe, UNSUBSCRIBE_ANSWER),
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
          const lang = await unsubscribe(deps, db, c.req.valid('query').token);
          return c.json({ success: true, message: UNSUBSCRIBE_ANSWER[lang] });
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
          return c.json(await listSubscribers(deps, search, status));
        },
      )
      .patch(
        '/newsletter/admin/subscribers/:id/status',
        doc({ summary: 'Activate or deactivate a subscriber (toggles when isActive is absent)', responses: { 200: A.SubscriberAnswer } }),
        validate('param', IdParamSchema),
        async (c) => {
          const row = await findSubscriber(deps, c.req.valid('param').id);
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
          return respondOnce(c, db, 200, (q) => setSubscriberActive(q, row, isActive));
        },
      )
      .delete(
        '/newsletter/admin/subscribers/:id',
        doc({ summary: 'Delete a subscriber', responses: { 200: A.Success } }),
        validate('param', IdParamSchema),
        async (c) => {
          const row = await findSubscriber(deps, c.req.valid('param').id);
          return respondOnce(c, db, 200, async (q) => {
            await deleteSubscriber(q, row.id);
            return { success: true };
          });
        },
      )
      .get('/newsletter/admin/stats', doc({ summary: 'Subscriber counts', responses: { 200: A.SubscriberStatsAnswer } }), async (c) =>
        c.json(await subscriberStats(deps)),
      )
      .get(
        '/newsletter/admin/export',
        doc({ summary: 'Export subscribers as CSV or JSON (attachment)', responses: { 200: 'csv-or-json' } }),
        validate('query', ExportQuerySchema),
        async (c) => {
          const { format } = c.req.valid('query');
          const records = await exportSubscribers(deps);
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
          return respondOnce(c, db, 202, async (q) => {
            const sending = await createSending(deps, q, c.req.valid('json'));
            return { ...sending, sendingId: sending.id };
          });
        },
      )
      .get(
        '/newsletter/admin/sendings',
        doc({ summary: 'Newsletter sendings with their progress', responses: { 200: z.object({ sendings: z.array(A.SendingAnswer) }) } }),
        async (c) => c.json({ sendings: await listSendings(deps) }),
      )
      .get(
        '/newsletter/admin/sendings/:id',
        doc({ summary: 'One sending and its progress', responses: { 200: A.SendingAnswer } }),
        validate('param', IdParamSchema),
        async (c) => {
          const status = await sendingStatus(deps.db, c.req.valid('param').id);
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
          return c.json(await sendingDeliveries(deps, c.req.valid('param').id, c.req.valid('query')));
        },
      )
  );
};
