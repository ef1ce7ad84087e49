// Requests sent with an Idempotency-Key: claimed before the handler runs, so that one instance at a
// time runs a key, then holding the outcome a retry answers again (docs/decisions/013).
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns.ts';

export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    /** 'user:<id>' for a signed-in admin, 'client:<address>' for the public forms. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /**
     * SHA-256 of method, path and body: the same key with another request is refused. Null while a
     * multipart request runs (its parts are digested as the handler reads them).
     */
    fingerprint: text('fingerprint'),
    /** The answer, once the first request succeeded; null while it runs. */
    status: integer('status'),
    /** The headers a client needs again (content type), as JSON. */
    headers: text('headers'),
    body: text('body'),
    /** While the first request runs: which request holds the key, and until when (renewed as it runs). */
    claim: text('claim'),
    leaseUntil: timestamp('lease_until'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
