// /api/email-responses: replies to contact messages, sent through a chosen account with the company
// header and signature. A reply is stored with its mail in the outbox (and its Idempotency-Key record) in
// one transaction; the outbox sends it and marks it sent (docs/decisions/013).
import { count, desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { schema, first } from '@app/db';
import {
  IdParamSchema,
  PageQuerySchema,
  QuickReplyInputSchema,
  ReplyInputSchema,
  replySubject,
  type EmailResponse,
} from '@app/domain/mail';
import { z } from 'zod';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { accountForUsage, type AccountRow } from '../services/mailer.ts';
import { enqueueMail } from '../services/outbox.ts';
import { replyMail } from '../services/mail-templates.ts';
import { doc } from '../http/openapi-meta.ts';
import { commitOnce } from '../http/commit-once.ts';
import * as A from './answers.ts';
import { mailMessages, notFoundMessages } from '@app/domain/api-messages';

type ResponseRow = typeof schema.emailResponses.$inferSelect;
const toResponse = (r: ResponseRow): EmailResponse => ({
  id: r.id,
  inquiryId: r.inquiryId,
  smtpAccountId: r.smtpAccountId,
  subject: r.subject,
  message: r.message,
  toEmail: r.toEmail,
  fromEmail: r.fromEmail,
  messageId: r.messageId,
  sentAt: r.sentAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

const InquiryParamSchema = z.object({ inquiryId: IdParamSchema.shape.id });

const REPLY_ERRORS = { 404: 'No such contact message or SMTP account' };

export const emailResponsesRoutes = (deps: Deps) => {
  const { db, env } = deps;
  const r = schema.emailResponses;

  const accountById = async (id: number): Promise<AccountRow> => {
    const account = await first(db.select().from(schema.smtpAccounts).where(eq(schema.smtpAccounts.id, id)));
    if (!account) throw new ApiError(404, notFoundMessages.smtpAccount);
    return account;
  };

  const send = async (c: Context<AppEnv>, inquiryId: number, account: AccountRow | undefined, subject: string, message: string) => {
    const inquiry = await first(db.select().from(schema.inquiries).where(eq(schema.inquiries.id, inquiryId)));
    if (!inquiry) throw new ApiError(404, notFoundMessages.inquiry);
    if (!account) throw new ApiError(400, mailMessages.noActiveAccount);
    if (!account.isActive) throw new ApiError(400, mailMessages.accountDisabled);
    const lang = inquiry.language === 'en' ? 'en' : 'fr';
    const mail = replyMail(env.company, env.publicUrl, { ...inquiry, language: lang }, subject, message);
    // The reply, its mail and the key's record commit together, after the key was claimed: a twin or a
    // retry finds the claim or the record, and the outbox sends the mail once, whichever instance it is on.
    return commitOnce(c, db, 201, async (afterCommit) => {
      const row = (
        await db
          .insert(r)
          .values({ inquiryId, smtpAccountId: account.id, subject, message, toEmail: inquiry.email, fromEmail: account.fromEmail })
          .returning()
      )[0]!;
      await enqueueMail(deps, 'reply', null, { to: inquiry.email, ...mail, accountId: account.id, responseId: row.id }, afterCommit);
      return toResponse(row);
    });
  };

  const page = async (where: ReturnType<typeof eq> | undefined, p: number, limit: number) => {
    const total = (await first(db.select({ n: count() }).from(r).where(where)))!.n;
    const rows = await db
      .select()
      .from(r)
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.id))
      .limit(limit)
      .offset((p - 1) * limit);
    return { responses: rows.map(toResponse), total, totalPages: Math.ceil(total / limit), page: p, limit };
  };

  return new Hono<AppEnv>()
    .use('/email-responses/*', requireAdmin(deps))
    .use('/email-responses', requireAdmin(deps))
    .post(
      '/email-responses/send',
      doc({
        summary: 'Reply to a contact message through an account',
        responses: { 201: A.EmailResponseAnswer },
        errors: REPLY_ERRORS,
      }),
      validate('json', ReplyInputSchema),
      async (c) => {
        const input = c.req.valid('json');
        const account = await accountById(input.smtpAccountId);
        return c.json(await send(c, input.inquiryId, account, input.subject, input.message), 201);
      },
    )
    .post(
      '/email-responses/quick-reply',
      doc({
        summary: 'Reply with the default subject through the usage account',
        responses: { 201: A.EmailResponseAnswer },
        errors: REPLY_ERRORS,
      }),
      validate('json', QuickReplyInputSchema),
      async (c) => {
        const input = c.req.valid('json');
        let account: AccountRow | undefined;
        if (input.smtpAccountId) {
          account = await accountById(input.smtpAccountId);
        } else {
          const inquiry = await first(db.select().from(schema.inquiries).where(eq(schema.inquiries.id, input.inquiryId)));
          if (!inquiry) throw new ApiError(404, notFoundMessages.inquiry);
          account = (await accountForUsage(deps, inquiry.language === 'en' ? 'contact_form_en' : 'contact_form_fr')).account;
        }
        return c.json(await send(c, input.inquiryId, account, input.subject ?? replySubject(env.company.brand), input.message), 201);
      },
    )
    .get(
      '/email-responses',
      doc({ summary: 'Replies sent, newest first', responses: { 200: A.EmailResponseListAnswer } }),
      validate('query', PageQuerySchema),
      async (c) => {
        const q = c.req.valid('query');
        return c.json(await page(undefined, q.page, q.limit));
      },
    )
    .get(
      '/email-responses/inquiry/:inquiryId',
      doc({ summary: 'Replies to one contact message', responses: { 200: A.EmailResponseListAnswer } }),
      validate('param', InquiryParamSchema),
      validate('query', PageQuerySchema),
      async (c) => {
        const q = c.req.valid('query');
        return c.json(await page(eq(r.inquiryId, c.req.valid('param').inquiryId), q.page, q.limit));
      },
    )
    .get(
      '/email-responses/:id',
      doc({ summary: 'One reply', responses: { 200: A.EmailResponseAnswer } }),
      validate('param', IdParamSchema),
      async (c) => {
        const row = await first(
          db
            .select()
            .from(r)
            .where(eq(r.id, c.req.valid('param').id)),
        );
        if (!row) throw new ApiError(404, notFoundMessages.response);
        return c.json(toResponse(row));
      },
    )
    .delete(
      '/email-responses/:id',
      doc({ summary: 'Delete a reply', responses: { 200: A.Success } }),
      validate('param', IdParamSchema),
      async (c) => {
        const deleted = await db
          .delete(r)
          .where(eq(r.id, c.req.valid('param').id))
          .returning({ id: r.id });
        if (!deleted.length) throw new ApiError(404, notFoundMessages.response);
        return c.json({ success: true });
      },
    );
};
