// The webhooks' transactional outbox (docs/decisions/131): a service that changes something an
// endpoint subscribed to writes one delivery row per such endpoint in the transaction of the change.
// A rollback takes the rows with it, so a change that did not happen is never announced; the worker
// (webhooks.ts) sends the rows once they are committed.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { tablesOf, type Queryable } from '@app/db';
import { ALL_EVENTS, type WebhookEvent } from '@app/domain/webhooks';
import type { Deps } from '../context.ts';

export const newMessageId = () => `msg_${randomBytes(18).toString('base64url')}`;

/** The JSON body every delivery carries: `{type, timestamp, data}`. */
export const webhookBody = (type: string, data: unknown, at = new Date()) => JSON.stringify({ type, timestamp: at.toISOString(), data });

/** Whether an endpoint subscribed to these events receives `type`. */
export const subscribes = (events: string[], type: string) => events.includes(ALL_EVENTS) || events.includes(type);

/**
 * Queues `type` for every enabled endpoint that subscribed to it. Call it inside the transaction of the
 * change, with its `tx`. The worker is kicked and polls besides, so a row it could not
 * see yet (the caller's transaction still open) goes at the next poll.
 */
export async function emitWebhookEvent(deps: Deps, tx: Queryable, type: WebhookEvent, data: unknown): Promise<void> {
  const tables = tablesOf(tx);
  const e = tables.webhookEndpoints;
  const endpoints = await tx.select({ id: e.id, events: e.events }).from(e).where(eq(e.enabled, true));
  const targets = endpoints.filter((row) => subscribes(JSON.parse(row.events) as string[], type));
  if (!targets.length) return;
  const now = new Date();
  const body = webhookBody(type, data, now);
  await tx
    .insert(tables.webhookDeliveries)
    .values(targets.map((t) => ({ endpointId: t.id, messageId: newMessageId(), eventType: type, body, nextAttemptAt: now })));
  kick(deps);
}

/** Now (SQLite: the pass waits for the transaction to end) and once more shortly after (PostgreSQL: once committed, most likely). */
function kick(deps: Deps) {
  void deps.workers.webhooks.kick(deps);
  setTimeout(() => void deps.workers.webhooks.kick(deps), 200).unref();
}
