// Contact messages: one received from the public form is stored with its notification mail and its
// webhook event; administrators page through them and delete them (their replies go with them).
import { eq } from 'drizzle-orm';
import { tablesOf, type schema, type Queryable, first } from '@app/db';
import { notFoundMessages } from '@app/domain/api-messages';
import type { Inquiry, InquiryData } from '@app/domain/inquiries';
import type { Deps } from '../context.ts';
import { contactNotification } from './mail-templates.ts';
import { enqueueMail } from './outbox.ts';
import { newestFirst } from './paging.ts';
import { Refusal } from './refusal.ts';
import { emitWebhookEvent } from './webhook-events.ts';

export type InquiryRow = typeof schema.inquiries.$inferSelect;

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

/** Stores a message; its notification and its webhook event commit with it (docs/decisions/131). */
export async function receiveInquiry(deps: Deps, q: Queryable, input: InquiryData) {
  const t = tablesOf(q).inquiries;
  const { env } = deps;
  await q.transaction(async (tx) => {
    const row = (
      await tx
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
    await enqueueMail(deps, tx, 'contact_notification', input.language === 'en' ? 'contact_form_en' : 'contact_form_fr', {
      ...mail,
      replyTo: row.email,
      fallbackTo: env.company.email[input.language],
    });
    await emitWebhookEvent(deps, tx, 'inquiry.received', { id: row.id, productReference: row.productReference });
  });
}

/** A page of messages, newest first. */
export async function listInquiries(deps: Deps, page: number, limit: number) {
  const t = tablesOf(deps.db).inquiries;
  const { rows, ...counts } = await newestFirst(deps.db, t, undefined, page, limit);
  return { inquiries: rows.map(toInquiry), ...counts };
}

/** The stored message; not-found when there is none. */
export async function findInquiry(deps: Deps, id: number): Promise<InquiryRow> {
  const t = tablesOf(deps.db).inquiries;
  const row = await first(deps.db.select().from(t).where(eq(t.id, id)));
  if (!row) throw new Refusal('not-found', notFoundMessages.inquiry);
  return row;
}

export async function deleteInquiry(q: Queryable, id: number) {
  const t = tablesOf(q).inquiries;
  const deleted = await q.delete(t).where(eq(t.id, id)).returning({ id: t.id });
  if (!deleted.length) throw new Refusal('not-found', notFoundMessages.inquiry);
}
