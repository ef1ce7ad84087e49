// Attempts counted against rate limits (sign-in throttling, public-form flood limits), in the
// database so that every instance counts the same attempts (docs/decisions/085).
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, id, timestamp } from './columns.ts';

export const rateLimitHits = sqliteTable(
  'rate_limit_hits',
  {
    id: id(),
    /** What is limited and for whom: 'login-account:<e-mail>', 'form-inquiries:<address>'… */
    bucket: text('bucket').notNull(),
    at: timestamp('at').notNull(),
    /** The hit stops counting at this time (at + the rule's window); expired rows are purged. */
    expiresAt: timestamp('expires_at').notNull(),
    /** A sign-in still being checked: it counts until it finishes, then is kept (failure) or removed. */
    pending: bool('pending').notNull().default(false),
  },
  (t) => [index('rate_limit_hits_bucket_idx').on(t.bucket, t.expiresAt), index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);
