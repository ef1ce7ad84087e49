// Outcomes of requests sent with an Idempotency-Key, so that a retried write answers again instead
// of changing anything twice (docs/decisions/013). Written in the same transaction as the change.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';

export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    /** 'user:<id>' for a signed-in admin, 'client:<address>' for the public forms. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status').notNull(),
    /** The headers a client needs again (content type), as JSON. */
    headers: text('headers').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
