// Subscribers, sendings and deliveries: the PostgreSQL mirror of ../../schema/newsletter.ts.
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bool, createdAt, id, timestamp } from './columns.ts';
import { smtpAccounts } from './mail.ts';

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    email: text('email').notNull().unique(),
    language: text('language').notNull().default('fr'),
    isActive: bool('is_active').notNull().default(false),
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at'),
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    unsubscribedAt: timestamp('unsubscribed_at'),
    consentAt: timestamp('consent_at'),
    consentPage: text('consent_page'),
    consentLanguage: text('consent_language'),
    subscribedAt: createdAt(),
  },
  (t) => [index('newsletter_subscribers_active_idx').on(t.isActive)],
);

export const newsletterSendings = pgTable('newsletter_sendings', {
  id: id(),
  // '' for a missing French version, as on SQLite (see there), so both engines hold the same values.
  subject: text('subject').notNull(),
  content: text('content').notNull(),
  subjectEn: text('subject_en'),
  contentEn: text('content_en'),
  status: text('status').notNull().default('queued'),
  smtpAccountId: integer('smtp_account_id').references(() => smtpAccounts.id, { onDelete: 'set null' }),
  totalCount: integer('total_count').notNull().default(0),
  sentCount: integer('sent_count').notNull().default(0),
  failedCount: integer('failed_count').notNull().default(0),
  startedAt: timestamp('started_at'),
  finishedAt: timestamp('finished_at'),
  createdAt: createdAt(),
});

export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: id(),
    sendingId: integer('sending_id')
      .notNull()
      .references(() => newsletterSendings.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').references(() => newsletterSubscribers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at'),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until'),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_unique').on(t.sendingId, t.email),
    index('newsletter_deliveries_status_idx').on(t.sendingId, t.status),
  ],
);
