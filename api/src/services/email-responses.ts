// Replies to contact messages, sent through a chosen account with the company header and signature.
// A reply is stored with its mail in the outbox in one write; the outbox sends it and marks it sent
// (docs/decisions/013).
import { eq } from 'drizzle-orm';
import { tablesOf, type schema, type Queryable, first } from '@app/db';
import { mailMessages, notFoundMessages } from '@app/domain/api-messages';
import type { EmailResponse } from '@app/domain/mail';
import type { Deps } from '../context.ts';
import type { AfterCommit } from './idempotency.ts';
import { findInquiry, type InquiryRow } from './inquiries.ts';
import { replyMail, type RenderedMail } from './mail-templates.ts';
import { accountForUsage, type AccountRow } from './mailer.ts';
import { enqueueMail } from './outbox.ts';
import { newestFirst } from './paging.ts';
import { Refusal } from './refusal.ts';

type ResponseRow = typeof schema.emailResponses.$inferSelect;

const toResponse = (row: ResponseRow): EmailResponse => ({
  id: row.id,
  inquiryId: row.inquiryId,
  smtpAccountId: row.smtpAccountId,
  subject: row.subject,
  message: row.message,
  toEmail: row.toEmail,
  fromEmail: row.fromEmail,
  messageId: row.messageId,
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A reply checked and rendered, ready to be stored. */
export type Reply = { inquiry: InquiryRow; account: AccountRow; subject: string; message: string; mail: RenderedMail };

/** The account a quick reply goes through: the contact form's usage account for the message's language. */
export async function quickReplyAccount(deps: Deps, inquiryId: number): Promise<AccountRow | undefined> {
  const inquiry = await findInquiry(deps, inquiryId);
  return (await accountForUsage(deps.db, inquiry.language === 'en' ? 'contact_form_en' : 'contact_form_fr')).account;
}

/** Checks that the message exists and the account is given and active, and renders the mail. */
export async function prepareReply(
  deps: Deps,
  inquiryId: number,
  account: AccountRow | undefined,
  subject: string,
  message: string,
): Promise<Reply> {
  const { env } = deps;
  const inquiry = await findInquiry(deps, inquiryId);
  if (!account) throw new Refusal('invalid', mailMessages.noActiveAccount);
  if (!account.isActive) throw new Refusal('invalid', mailMessages.accountDisabled);
  const lang = inquiry.language === 'en' ? 'en' : 'fr';
  const mail = replyMail(env.company, env.publicUrl, { ...inquiry, language: lang }, subject, message);
  return { inquiry, account, subject, message, mail };
}

/** Stores the reply on `q` and queues its mail (sent by the outbox once this commits). */
export async function storeReply(deps: Deps, q: Queryable, reply: Reply, afterCommit: AfterCommit): Promise<EmailResponse> {
  const r = tablesOf(q).emailResponses;
  const { inquiry, account, subject, message, mail } = reply;
  const row = (
    await q
      .insert(r)
      .values({ inquiryId: inquiry.id, smtpAccountId: account.id, subject, message, toEmail: inquiry.email, fromEmail: account.fromEmail })
      .returning()
  )[0]!;
  await enqueueMail(deps, q, 'reply', null, { to: inquiry.email, ...mail, accountId: account.id, responseId: row.id }, afterCommit);
  return toResponse(row);
}

/** A page of replies, newest first: all of them, or those to one message. */
export async function listResponses(deps: Deps, inquiryId: number | undefined, page: number, limit: number) {
  const r = tablesOf(deps.db).emailResponses;
  const where = inquiryId === undefined ? undefined : eq(r.inquiryId, inquiryId);
  const { rows, ...counts } = await newestFirst(deps.db, r, where, page, limit);
  return { responses: rows.map(toResponse), ...counts };
}

export async function findResponse(deps: Deps, id: number): Promise<EmailResponse> {
  const r = tablesOf(deps.db).emailResponses;
  const row = await first(deps.db.select().from(r).where(eq(r.id, id)));
  if (!row) throw new Refusal('not-found', notFoundMessages.response);
  return toResponse(row);
}

export async function deleteResponse(deps: Deps, id: number) {
  const r = tablesOf(deps.db).emailResponses;
  const deleted = await deps.db.delete(r).where(eq(r.id, id)).returning({ id: r.id });
  if (!deleted.length) throw new Refusal('not-found', notFoundMessages.response);
}
