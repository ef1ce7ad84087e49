// Contact messages, replies, mail accounts and the outbox: the PostgreSQL mirror of ../../schema/mail.ts.
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bool, createdAt, id, timestamp, updatedAt } from './columns.ts';

export const inquiries = pgTable(
  'inquiries',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    language: text('language').notNull().default('fr'),
    productReference: text('product_reference'),
    createdAt: createdAt(),
  },
  (t) => [index('inquiries_created_idx').on(t.createdAt)],
);

export const smtpAccounts = pgTable('smtp_accounts', {
  id: id(),
  name: text('name').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull().default(587),
  secure: bool('secure').notNull().default(false),
  user: text('user').notNull(),
  passwordEncrypted: text('password_encrypted').notNull(),
  fromName: text('from_name').notNull(),
  fromEmail: text('from_email').notNull(),
  isActive: bool('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const smtpSettings = pgTable('smtp_settings', {
  usageType: text('usage_type').primaryKey(),
  smtpAccountId: integer('smtp_account_id').references(() => smtpAccounts.id, { onDelete: 'set null' }),
  recipientEmail: text('recipient_email'),
  updatedAt: updatedAt(),
});

export const emailResponses = pgTable(
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

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    usageType: text('usage_type'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at').notNull(),
    leaseOwner: text('lease_owner'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
