// /api/email-responses: replies to contact messages, sent through a chosen account with the company
// header and signature. A reply is stored with its mail in the outbox (and its Idempotency-Key record) in
// one transaction; the outbox sends it and marks it sent (docs/decisions/013).
import { Hono, type Context } from 'hono';
import { IdParamSchema, PageQuerySchema, QuickReplyInputSchema, ReplyInputSchema, replySubject } from '@app/domain/mail';
import { z } from 'zod';
import type { AppEnv, Deps } from '../context.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import type { AccountRow } from '../services/mailer.ts';
import { deleteResponse, findResponse, listResponses, prepareReply, quickReplyAccount, storeReply } from '../services/email-responses.ts';
import { findAccount } from '../services/smtp-accounts.ts';
import { doc } from '../http/openapi-meta.ts';
import { commitOnce } from '../http/commit-once.ts';
import * as A from './answers.ts';

const InquiryParamSchema = z.object({ inquiryId: IdParamSchema.shape.id });

const REPLY_ERRORS = { 404: 'No such contact message or SMTP account' };

export const emailResponsesRoutes = (deps: Deps) => {
  const { db, env } = deps;

  const send = async (c: Context<AppEnv>, inquiryId: number, account: AccountRow | undefined, subject: string, message: string) => {
    const reply = await prepareReply(deps, inquiryId, account, subject, message);
    // The reply, its mail and the key's record commit together, after the key was claimed: a twin or a
    // retry finds the claim or the record, and the outbox sends the mail once, whichever instance it is on.
    return commitOnce(c, db, 201, (q, afterCommit) => storeReply(deps, q, reply, afterCommit));
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
        const account = await findAccount(deps, input.smtpAccountId);
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
        const account = input.smtpAccountId ? await findAccount(deps, input.smtpAccountId) : await quickReplyAccount(deps, input.inquiryId);
        return c.json(await send(c, input.inquiryId, account, input.subject ?? replySubject(env.company.brand), input.message), 201);
      },
    )
    .get(
      '/email-responses',
      doc({ summary: 'Replies sent, newest first', responses: { 200: A.EmailResponseListAnswer } }),
      validate('query', PageQuerySchema),
      async (c) => {
        const q = c.req.valid('query');
        return c.json(await listResponses(deps, undefined, q.page, q.limit));
      },
    )
    .get(
      '/email-responses/inquiry/:inquiryId',
      doc({ summary: 'Replies to one contact message', responses: { 200: A.EmailResponseListAnswer } }),
      validate('param', InquiryParamSchema),
      validate('query', PageQuerySchema),
      async (c) => {
        const q = c.req.valid('query');
        return c.json(await listResponses(deps, c.req.valid('param').inquiryId, q.page, q.limit));
      },
    )
    .get(
      '/email-responses/:id',
      doc({ summary: 'One reply', responses: { 200: A.EmailResponseAnswer } }),
      validate('param', IdParamSchema),
      async (c) => c.json(await findResponse(deps, c.req.valid('param').id)),
    )
    .delete(
      '/email-responses/:id',
      doc({ summary: 'Delete a reply', responses: { 200: A.Success } }),
      validate('param', IdParamSchema),
      async (c) => {
        await deleteResponse(deps, c.req.valid('param').id);
        return c.json({ success: true });
      },
    );
};
