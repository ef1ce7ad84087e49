// Webhooks: the PostgreSQL mirror of ../../schema/webhooks.ts.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bool, createdAt, id, timestamp, updatedAt } from './columns.ts';

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  url: text('url').notNull(),
  description: text('description'),
  /** JSON array of event types; `["*"]` is every event, future ones included. */
  events: text('events').notNull(),
  /** The `whsec_…` signing secret, encrypted with the mail key (mail-crypto.ts). */
  secret: text('secret').notNull(),
  enabled: bool('enabled').notNull().default(true),
  /** Why the server disabled it (410, failures in a row); null when enabled or disabled by hand. */
  disabledReason: text('disabled_reason'),
  /** Deliveries that failed for good in a row, reset by any success. */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the same on every attempt. */
    messageId: text('message_id').notNull().unique(),
    eventType: text('event_type').notNull(),
    /** The exact body signed and sent. */
    body: text('body').notNull(),
    /** pending | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it is due; while an instance sends it, the end of that instance's lease. */
    nextAttemptAt: timestamp('next_attempt_at').notNull(),
    leaseOwner: text('lease_owner'),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    /** The first 1 KB of the last answer's body, or why there was no answer. */
    responseBody: text('response_body'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);
