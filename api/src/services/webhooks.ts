// Webhooks (issue 37 part 2, docs/decisions/131): the endpoints, and the worker that sends what the
// services queued (webhook-events.ts). Standard Webhooks v1 signatures; at least once, with the same
// `webhook-id` on every attempt; exponential back-off with jitter over about a day; a 410, or failures
// in a row, disable the endpoint with the reason. Instances claim deliveries as they claim outbox mails
// (leases.ts): a lease on each row, SKIP LOCKED on PostgreSQL, the single connection on SQLite.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import { first, tablesOf, type Queryable, type Tables, type schema } from '@app/db';
import {
  PING_EVENT,
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOK_SECRET_PREFIX,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookPatch,
} from '@app/domain/webhooks';
import type { Deps } from '../context.ts';
import { coalescingWorker, type WorkerState } from './coalescing-worker.ts';
import { claimWebhookDeliveries, releaseWebhookLeases } from './leases.ts';
import { newMessageId, webhookBody } from './webhook-events.ts';
import { checkSavedWebhookUrl, checkWebhookUrl, guardedLookup } from './webhook-target.ts';

type EndpointRow = typeof schema.webhookEndpoints.$inferSelect;
type DeliveryRow = typeof schema.webhookDeliveries.$inferSelect;

/** Attempts per delivery: with the default 1 min base, the last one comes about 18 hours after the first. */
export const MAX_ATTEMPTS = 8;
/** Deliveries failed for good in a row that disable an endpoint. */
export const FAILURES_TO_DISABLE = 10;
/** A 2xx within this time is a delivery. */
export const DELIVERY_TIMEOUT_MS = 10_000;
const RESPONSE_KEPT_BYTES = 1024;

/** Delay before attempt n+1 after n failures: base × 3^(n-1), ±20 % jitter (1, 3, 9, 27, 81, 243, 729 min). */
export const retryDelay = (baseMs: number, failures: number, random = Math.random) =>
  Math.round(baseMs * 3 ** Math.max(0, failures - 1) * (0.8 + 0.4 * random()));

const iso = (v: Date | null) => (v ? v.toISOString() : null);
export const toWebhook = (r: EndpointRow): Webhook => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: JSON.parse(r.events) as string[],
  enabled: r.enabled,
  disabledReason: r.disabledReason,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
export const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  webhookId: r.endpointId,
  messageId: r.messageId,
  eventType: r.eventType,
  status: r.status as WebhookDelivery['status'],
  attempts: r.attempts,
  statusCode: r.statusCode,
  durationMs: r.durationMs,
  responseBody: r.responseBody,
  lastError: r.lastError,
  nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
  deliveredAt: iso(r.deliveredAt),
  createdAt: r.createdAt.toISOString(),
});

/** Standard Webhooks v1: `v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with the secret's bytes. */
export function signWebhook(secret: string, messageId: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

export function webhooksFor(deps: Deps) {
  const { webhookEndpoints: e, webhookDeliveries: d } = tablesOf(deps.db);
  const { db } = deps;
  const crypto = deps.mailCrypto;
  const allowLocal = deps.env.WEBHOOKS_ALLOW_LOCAL;
  return {
    async list(): Promise<Webhook[]> {
      return (await db.select().from(e).orderBy(desc(e.createdAt), desc(e.id))).map(toWebhook);
    },

    async get(id: number): Promise<Webhook | undefined> {
      const row = await first(db.select().from(e).where(eq(e.id, id)));
      return row && toWebhook(row);
    },

    /** Throws WebhookTargetError when the URL's host is not allowed. */
    async create(input: WebhookCreate): Promise<Webhook & { secret: string }> {
      checkSavedWebhookUrl(input.url, allowLocal);
      const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
      const [row] = await db
        .insert(e)
        .values({
          url: input.url,
          description: input.description,
          events: JSON.stringify(input.events),
          enabled: input.enabled,
          secret: crypto.encrypt(secret),
        })
        .returning();
      return { ...toWebhook(row!), secret };
    },

    /** The fields sent; enabling clears the failures and the reason. Undefined when unknown. */
    async update(id: number, patch: WebhookPatch): Promise<Webhook | undefined> {
      if (patch.url !== undefined) checkSavedWebhookUrl(patch.url, allowLocal);
      const [row] = await db
        .update(e)
        .set({
          ...(patch.url !== undefined && { url: patch.url }),
          ...(patch.events !== undefined && { events: JSON.stringify(patch.events) }),
          ...(patch.description !== undefined && { description: patch.description }),
          ...(patch.enabled !== undefined && { enabled: patch.enabled, disabledReason: null, consecutiveFailures: 0 }),
          updatedAt: new Date(),
        })
        .where(eq(e.id, id))
        .returning();
      if (row?.enabled) kickWebhooks(deps);
      return row && toWebhook(row);
    },

    /** On `q`: a route runs it in the transaction that records its Idempotency-Key. */
    async remove(q: Queryable, id: number): Promise<boolean> {
      return (await q.delete(e).where(eq(e.id, id)).returning({ id: e.id })).length > 0;
    },

    /** Queues the `ping` event for this endpoint; undefined when unknown. */
    async ping(id: number): Promise<WebhookDelivery | undefined> {
      const endpoint = await this.get(id);
      if (!endpoint) return undefined;
      const now = new Date();
      const [row] = await db
        .insert(d)
        .values({
          endpointId: id,
          messageId: newMessageId(),
          eventType: PING_EVENT,
          body: webhookBody(PING_EVENT, { webhookId: id }, now),
          nextAttemptAt: now,
        })
        .returning();
      kickWebhooks(deps);
      return toDelivery(row!);
    },

    async deliveries(id: number): Promise<WebhookDelivery[]> {
      return (await db.select().from(d).where(eq(d.endpointId, id)).orderBy(desc(d.id)).limit(WEBHOOK_DELIVERIES_KEPT)).map(toDelivery);
    },

    /** Due again now, with the same webhook-id; one more attempt when it had failed for good. */
    async retry(id: number, deliveryId: number): Promise<WebhookDelivery | undefined> {
      const [row] = await db
        .update(d)
        .set({
          status: 'pending',
          nextAttemptAt: new Date(),
          leaseOwner: null,
          attempts: sql`case when ${d.attempts} >= ${MAX_ATTEMPTS} then ${MAX_ATTEMPTS - 1} else ${d.attempts} end`,
        })
        .where(and(eq(d.id, deliveryId), eq(d.endpointId, id), ne(d.status, 'delivered')))
        .returning();
      const found =
        row ??
        (await first(
          db
            .select()
            .from(d)
            .where(and(eq(d.id, deliveryId), eq(d.endpointId, id))),
        ));
      if (row) kickWebhooks(deps);
      return found && toDelivery(found);
    },
  };
}

type Outcome = { statusCode: number | null; durationMs: number; responseBody: string | null; error: string | null };

/** One POST, never following a redirect, answered within DELIVERY_TIMEOUT_MS; the first 1 KB of the answer kept. */
function post(url: string, headers: Record<string, string>, body: string, allowLocal: boolean): Promise<Outcome> {
  const started = Date.now();
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: Omit<Outcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...o, durationMs: Date.now() - started });
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'provence-moteurs-webhooks/1',
        },
        lookup: guardedLookup(allowLocal),
        agent: false,
        timeout: DELIVERY_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const responseBody = Buffer.concat(chunks).subarray(0, RESPONSE_KEPT_BYTES).toString('utf8');
          done({ statusCode: res.statusCode ?? null, responseBody, error: null });
          res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (size < RESPONSE_KEPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_KEPT_BYTES) finish();
        });
        res.on('end', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`));
    }, DELIVERY_TIMEOUT_MS);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`)));
    req.on('error', (err) => done({ statusCode: null, responseBody: null, error: err.message }));
    req.on('close', () => clearTimeout(timer));
    req.end(body);
  });
}

/** The instance's webhook sender (deps.workers.webhooks). */
export const createWebhookWorker = () => coalescingWorker('webhooks', processDue);
export const kickWebhooks = (deps: Deps) => void deps.workers.webhooks.kick(deps);

/** Only while this instance still holds the delivery: past its lease, another instance may have taken it. */
const mine = (deps: Deps, d: Tables['webhookDeliveries'], id: number) => and(eq(d.id, id), eq(d.leaseOwner, deps.instanceId));

async function processDue(deps: Deps, state: WorkerState) {
  for (;;) {
    if (state.stopped) return;
    const due = await claimWebhookDeliveries(deps, 10, deps.env.MAIL_LEASE_MS);
    if (!due.length) return;
    // In parallel: one slow endpoint does not hold the others' deliveries.
    await Promise.all(due.map((row) => deliver(deps, row)));
  }
}

async function deliver(deps: Deps, row: DeliveryRow) {
  const { webhookEndpoints: e, webhookDeliveries: d } = tablesOf(deps.db);
  const { db, env, log } = deps;
  const endpoint = await first(db.select().from(e).where(eq(e.id, row.endpointId)));
  if (!endpoint) return;
  const secret = deps.mailCrypto.decrypt(endpoint.secret);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'webhook-id': row.messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, row.messageId, timestamp, row.body),
  };
  let outcome: Outcome;
  try {
    await checkWebhookUrl(endpoint.url, env.WEBHOOKS_ALLOW_LOCAL);
    outcome = await post(endpoint.url, headers, row.body, env.WEBHOOKS_ALLOW_LOCAL);
  } catch (err) {
    outcome = { statusCode: null, durationMs: 0, responseBody: null, error: (err as Error).message };
  }
  const attempts = row.attempts + 1;
  const code = outcome.statusCode;
  const delivered = code !== null && code >= 200 && code < 300;
  const gone = code === 410;
  const failed = !delivered && (gone || attempts >= MAX_ATTEMPTS);
  const error = delivered
    ? null
    : (outcome.error ?? (code !== null && code >= 300 && code < 400 ? `HTTP ${code} (redirects are not followed)` : `HTTP ${code}`));
  const now = new Date();
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(d)
      .set({
        status: delivered ? 'delivered' : failed ? 'failed' : 'pending',
        attempts,
        statusCode: code,
        durationMs: outcome.durationMs,
        responseBody: outcome.responseBody,
        lastError: error,
        deliveredAt: delivered ? now : null,
        nextAttemptAt: new Date(now.getTime() + (delivered || failed ? 0 : retryDelay(env.WEBHOOK_RETRY_BASE_MS, attempts))),
        leaseOwner: null,
      })
      .where(mine(deps, d, row.id))
      .returning({ id: d.id });
    if (!updated) return; // another instance took it over meanwhile
    if (delivered) await tx.update(e).set({ consecutiveFailures: 0 }).where(eq(e.id, endpoint.id));
    else if (gone) await disable(deps, tx, endpoint.id, `The endpoint answered 410 Gone (delivery ${row.messageId})`);
    else if (failed) {
      const [counted] = await tx
        .update(e)
        .set({ consecutiveFailures: sql`${e.consecutiveFailures} + 1` })
        .where(eq(e.id, endpoint.id))
        .returning({ n: e.consecutiveFailures });
      if ((counted?.n ?? 0) >= FAILURES_TO_DISABLE)
        await disable(
          deps,
          tx,
          endpoint.id,
          `${FAILURES_TO_DISABLE} deliveries in a row failed after ${MAX_ATTEMPTS} attempts (last: ${error})`,
        );
    }
    if (delivered || failed) await prune(tx, endpoint.id);
  });
  log[delivered ? 'info' : 'warn']('webhook delivery', {
    id: row.id,
    webhook: endpoint.id,
    event: row.eventType,
    attempts,
    status: code,
    willRetry: !delivered && !failed,
    error,
  });
}

async function disable(deps: Deps, tx: Queryable, id: number, reason: string) {
  const e = tablesOf(tx).webhookEndpoints;
  await tx.update(e).set({ enabled: false, disabledReason: reason, updatedAt: new Date() }).where(eq(e.id, id));
  deps.log.warn('webhook disabled', { webhook: id, reason });
}

/** Keeps the newest WEBHOOK_DELIVERIES_KEPT deliveries of the endpoint; pending ones always stay. */
async function prune(tx: Queryable, endpointId: number) {
  const d = tablesOf(tx).webhookDeliveries;
  const [cutoff] = await tx
    .select({ id: d.id })
    .from(d)
    .where(eq(d.endpointId, endpointId))
    .orderBy(desc(d.id))
    .limit(1)
    .offset(WEBHOOK_DELIVERIES_KEPT - 1);
  if (cutoff) await tx.delete(d).where(and(eq(d.endpointId, endpointId), lt(d.id, cutoff.id), ne(d.status, 'pending')));
}

/** Polls for due deliveries (retries, and rows the kick could not see yet); returns the stop. */
export function startWebhooks(deps: Deps): () => Promise<void> {
  kickWebhooks(deps);
  const timer = setInterval(() => kickWebhooks(deps), deps.env.WEBHOOK_WORKER_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await deps.workers.webhooks.stop();
    await releaseWebhookLeases(deps);
  };
}
