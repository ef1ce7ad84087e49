// PostgreSQL mirror of ../../schema/limits.ts: attempts counted against rate limits, shared by every instance.
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { bool, id, timestamp } from './columns.ts';

export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: id(),
    bucket: text('bucket').notNull(),
    at: timestamp('at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    pending: bool('pending').notNull().default(false),
  },
  (t) => [index('rate_limit_hits_bucket_idx').on(t.bucket, t.expiresAt), index('rate_limit_hits_expires_idx').on(t.expiresAt)],
);
