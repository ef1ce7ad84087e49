// Idempotency-Key claims and outcomes: the PostgreSQL mirror of ../../schema/idempotency.ts.
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamp } from './columns.ts';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint'),
    status: integer('status'),
    headers: text('headers'),
    body: text('body'),
    claim: text('claim'),
    leaseUntil: timestamp('lease_until'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
