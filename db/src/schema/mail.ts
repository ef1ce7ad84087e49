// Contact messages, replies, outgoing mail accounts and their uses, and the retrying outbox.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, id, timestamp, updatedAt } from './columns.ts';

export const inquiries = sqliteTable(
  'inquiries',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    language: text('language').notNull().default('fr'), // fr | en
    productReference: text('product_reference'),
    createdAt: createdAt(),
  },
  (t) => [index('inquiries_created_idx').on(t.createdAt)],
);

export const smtpAccounts = sqliteTable('smtp_accounts', {
  id: id(),
  name: text('name').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull().default(587),
  secure: bool('secure').notNull().default(false),
  user: text('user').notNull(),
  passwordEncrypted: text('password_encrypted').notNull(), // AES-256-GCM, never returned
  fromName: text('from_name').notNull(),
  fromEmail: text('from_email').notNull(),
  isActive: bool('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Which account sends for each use, and who receives contact notifications. */
export const smtpSettings = sqliteTable('smtp_settings', {
  usageType: text('usage_type').primaryKey(), // contact_form_fr | contact_form_en | newsletter
  smtpAccountId: integer('smtp_account_id').references(() => smtpAccounts.id, { onDelete: 'set null' }),
  recipientEmail: text('recipient_email'),
  updatedAt: updatedAt(),
});

export const emailResponses = sqliteTable(
  'email_responses',
  {
    id: id(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    smtpAccountId: integer('smtp_account_id').references(() => smtpAccounts.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    toEmail: text('to_email').notNull(),
    fromEmail: text('from_email').notNull(),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_responses_inquiry_idx').on(t.inquiryId, t.createdAt)],
);

/** Mail waiting to be sent, retried with back-off until it goes or gives up. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: id(),
    kind: text('kind').notNull(), // contact_notification | newsletter_confirmation | ...
    usageType: text('usage_type'), // which smtp_settings row chooses the account
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'), // pending | sent | failed
    attempts: integer('attempts').notNull().default(0),
    /** When the mail is due; while an instance sends it, the end of that instance's lease (docs/decisions/085). */
    nextAttemptAt: timestamp('next_attempt_at').notNull(),
    /** The instance sending it now; a lease past nextAttemptAt is void and any instance may take the mail. */
    leaseOwner: text('lease_owner'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
