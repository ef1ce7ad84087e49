// Newsletter subscribers (double opt-in, recorded consent) and sendings with per-recipient status.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, id, timestamp } from './columns.ts';
import { smtpAccounts } from './mail.ts';

export const newsletterSubscribers = sqliteTable(
  'newsletter_subscribers',
  {
    id: id(),
    email: text('email').notNull().unique(), // stored lower-cased
    language: text('language').notNull().default('fr'),
    isActive: bool('is_active').notNull().default(false), // true once confirmed and not unsubscribed
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at'),
    unsubscribeToken: text('unsubscribe_token').notNull().unique(), // capability in every mail's link
    unsubscribedAt: timestamp('unsubscribed_at'),
    consentAt: timestamp('consent_at'),
    consentPage: text('consent_page'),
    consentLanguage: text('consent_language'),
    subscribedAt: createdAt(),
  },
  (t) => [index('newsletter_subscribers_active_idx').on(t.isActive)],
);

export const newsletterSendings = sqliteTable('newsletter_sendings', {
  id: id(),
  // The French version (subject, content) and the English one; either may be missing, never both.
  // A missing French version is '' rather than NULL: making these columns nullable means rebuilding
  // the table in SQLite, and dropping the old table would cascade-delete every delivery row.
  subject: text('subject').notNull(),
  content: text('content').notNull(),
  subjectEn: text('subject_en'),
  contentEn: text('content_en'),
  status: text('status').notNull().default('queued'), // queued | sending | done | failed
  smtpAccountId: integer('smtp_account_id').references(() => smtpAccounts.id, { onDelete: 'set null' }),
  totalCount: integer('total_count').notNull().default(0),
  sentCount: integer('sent_count').notNull().default(0),
  failedCount: integer('failed_count').notNull().default(0),
  startedAt: timestamp('started_at'),
  finishedAt: timestamp('finished_at'),
  createdAt: createdAt(),
});

export const newsletterDeliveries = sqliteTable(
  'newsletter_deliveries',
  {
    id: id(),
    sendingId: integer('sending_id')
      .notNull()
      .references(() => newsletterSendings.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').references(() => newsletterSubscribers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'), // pending | sent | failed
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at'),
    /** The instance sending it now, until leaseUntil; after a failure, leaseUntil alone is the retry time (docs/decisions/085). */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until'),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_unique').on(t.sendingId, t.email),
    index('newsletter_deliveries_status_idx').on(t.sendingId, t.status),
  ],
);
