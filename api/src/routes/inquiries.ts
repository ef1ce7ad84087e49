// /api/inquiries: the public contact form (stored first, then the notification through the outbox)
// and the administrators' list and delete.
import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { schema, first } from '@app/db';
import { HONEYPOT_FIELD, INQUIRY_SENT, InquiryInputSchema, type Inquiry } from '@app/domain/inquiries';
import { IdParamSchema, PageQuerySchema } from '@app/domain/mail';
import type { AppEnv, Deps } from '../context.ts';
import { clientIp } from '../http/client-ip.ts';
import { ApiError, fail } from '../http/errors.ts';
import { limitPerAddress } from '../http/form-rate-limit.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { contactNotification } from '../services/mail-templates.ts';
import { enqueueMail } from '../services/outbox.ts';
import { createRateLimiter } from '../services/shared-limits.ts';
import { doc } from '../http/openapi-meta.ts';
import { respondOnce } from '../http/commit-once.ts';
import * as A from './answers.ts';
import { notFoundMessages, requestMessages } from '@app/domain/api-messages';
import { emitWebhookEvent } from '../services/webhook-events.ts';

type InquiryRow = typeof schema.inquiries.$inferSelect;
export const toInquiry = (r: InquiryRow): Inquiry => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  message: r.message,
  language: r.language === 'en' ? 'en' : 'fr',
  productReference: r.productReference,
  createdAt: r.createdAt.toISOString(),
});

export const inquiriesRoutes = (deps: Deps) => {
  const { db, env } = deps;
  const t = schema.inquiries;
  // A person sends a few messages at most; a script sending more from one address is refused.
  const perAddress = createRateLimiter(db, 'inquiries', { limit: 10, windowMs: 15 * 60_000 });

  return new Hono<AppEnv>()
    .post(
      '/inquiries',
      doc({
        summary: 'Send a contact message (stored, then notified by mail)',
        responses: { 201: A.SuccessMessage },
        errors: { 413: 'Message too long' },
        example: { name: 'Jeanne Martin', email: 'jeanne@example.org', message: 'Bonjour, je souhaite un devis.', language: 'fr' },
      }),
      bodyLimit({ maxSize: 64 * 1024, onError: (c) => fail(c, 413, requestMessages.messageTooLong) }),
      // Counted before it is checked: invalid posts spend the address's allowance too.
      limitPerAddress(deps, perAddress, 'inquiries'),
      validate('json', InquiryInputSchema),
      (c) => {
        const input = c.req.valid('json');
        const answer = { success: true, message: INQUIRY_SENT[input.language] };
        if (input[HONEYPOT_FIELD]) {
          deps.log.info('inquiry honeypot filled', { ip: clientIp(c, env.TRUST_PROXY) });
          return c.json(answer, 201);
        }
        // The message, its notification and its webhook event commit together (docs/decisions/131).
        return respondOnce(c, db, 201, () =>
          db.transaction(async () => {
            const row = (
              await db
                .insert(t)
                .values({
                  name: input.name,
                  email: input.email,
                  phone: input.phone,
                  message: input.message,
                  language: input.language,
                  productReference: input.productReference,
                })
                .returning()
            )[0]!;
            const mail = contactNotification(env.company, env.publicUrl, { ...row, language: input.language });
            await enqueueMail(deps, 'contact_notification', input.language === 'en' ? 'contact_form_en' : 'contact_form_fr', {
              ...mail,
              replyTo: row.email,
              fallbackTo: env.company.email[input.language],
            });
            await emitWebhookEvent(deps, 'inquiry.received', { id: row.id, productReference: row.productReference });
            return answer;
          }),
        );
      },
    )
    .get(
      '/inquiries',
      doc({ summary: 'Contact messages, newest first', responses: { 200: A.InquiryListAnswer } }),
      requireAdmin(deps),
      validate('query', PageQuerySchema),
      async (c) => {
        const { page, limit } = c.req.valid('query');
        const total = (await first(db.select({ n: count() }).from(t)))!.n;
        const rows = await db
          .select()
          .from(t)
          .orderBy(desc(t.createdAt), desc(t.id))
          .limit(limit)
          .offset((page - 1) * limit);
        return c.json({ inquiries: rows.map(toInquiry), total, totalPages: Math.ceil(total / limit), page, limit });
      },
    )
    .get(
      '/inquiries/:id',
      doc({ summary: 'One contact message', responses: { 200: A.InquiryAnswer } }),
      requireAdmin(deps),
      validate('param', IdParamSchema),
      async (c) => {
        const row = await first(
          db
            .select()
            .from(t)
            .where(eq(t.id, c.req.valid('param').id)),
        );
        if (!row) throw new ApiError(404, notFoundMessages.inquiry);
        return c.json(toInquiry(row));
      },
    )
    .delete(
      '/inquiries/:id',
      doc({ summary: 'Delete a contact message and its replies', responses: { 200: A.Success } }),
      requireAdmin(deps),
      validate('param', IdParamSchema),
      (c) => {
        const id = c.req.valid('param').id;
        return respondOnce(c, db, 200, async () => {
          const deleted = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
          if (!deleted.length) throw new ApiError(404, notFoundMessages.inquiry);
          return { success: true };
        });
      },
    );
};
