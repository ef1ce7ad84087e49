// /api/inquiries: the public contact form (stored first, then the notification through the outbox)
// and the administrators' list and delete.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HONEYPOT_FIELD, INQUIRY_SENT, InquiryInputSchema } from '@app/domain/inquiries';
import { IdParamSchema, PageQuerySchema } from '@app/domain/mail';
import type { AppEnv, Deps } from '../context.ts';
import { clientIp } from '../http/client-ip.ts';
import { fail } from '../http/errors.ts';
import { limitPerAddress } from '../http/form-rate-limit.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { deleteInquiry, findInquiry, listInquiries, receiveInquiry, toInquiry } from '../services/inquiries.ts';
import { createRateLimiter } from '../services/shared-limits.ts';
import { doc } from '../http/openapi-meta.ts';
import { respondOnce } from '../http/commit-once.ts';
import * as A from './answers.ts';
import { requestMessages } from '@app/domain/api-messages';

export const inquiriesRoutes = (deps: Deps) => {
  const { db, env } = deps;
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
        return respondOnce(c, db, 201, async (q) => {
          await receiveInquiry(deps, q, input);
          return answer;
        });
      },
    )
    .get(
      '/inquiries',
      doc({ summary: 'Contact messages, newest first', responses: { 200: A.InquiryListAnswer } }),
      requireAdmin(deps),
      validate('query', PageQuerySchema),
      async (c) => {
        const { page, limit } = c.req.valid('query');
        return c.json(await listInquiries(deps, page, limit));
      },
    )
    .get(
      '/inquiries/:id',
      doc({ summary: 'One contact message', responses: { 200: A.InquiryAnswer } }),
      requireAdmin(deps),
      validate('param', IdParamSchema),
      async (c) => c.json(toInquiry(await findInquiry(deps, c.req.valid('param').id))),
    )
    .delete(
      '/inquiries/:id',
      doc({ summary: 'Delete a contact message and its replies', responses: { 200: A.Success } }),
      requireAdmin(deps),
      validate('param', IdParamSchema),
      (c) => {
        const id = c.req.valid('param').id;
        return respondOnce(c, db, 200, async (q) => {
          await deleteInquiry(q, id);
          return { success: true };
        });
      },
    );
};
