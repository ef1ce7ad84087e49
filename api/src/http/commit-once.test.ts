import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { row, tablesOf, type Db } from '@app/db';
import type { AppEnv } from '../context.ts';
import { toErrorResponse } from './errors.ts';
import { idempotency } from '../middleware/idempotency.ts';
import { memoryDeps } from '../services/test-db.ts';
import { respondOnce } from './commit-once.ts';

// The change and its Idempotency-Key record commit together: a failure between them keeps neither.
describe('respondOnce', () => {
  let db: Db;
  let app: Hono<AppEnv>;
  let failAfterChange: 'throw' | 'record-conflict' | null;
  const count = async (table: 'app_meta' | 'idempotency_keys') =>
    (await row<{ n: number }>(db, sql`select count(*) as n from ${sql.identifier(table)}`))!.n;
  // Keys are UUIDs (decision 122); one per case.
  const KEYS = { a: crypto.randomUUID(), b: crypto.randomUUID(), c: crypto.randomUUID() };
  const post = (name: keyof typeof KEYS) =>
    // A public form's path: an anonymous key counts there (elsewhere the route's 401 comes first).
    app.request('/api/inquiries', {
      method: 'POST',
      headers: { 'idempotency-key': KEYS[name], 'content-type': 'application/json' },
      body: '{}',
    });

  beforeEach(async () => {
    const deps = await memoryDeps();
    db = deps.db;
    failAfterChange = null;
    app = new Hono<AppEnv>().use(idempotency(deps)).post('/api/inquiries', (c) =>
      respondOnce(c, db, 201, async (q) => {
        await q.insert(tablesOf(q).appMeta).values({ key: `k${Math.random()}`, value: 'x' });
        if (failAfterChange === 'throw') throw new Error('crash after the change');
        if (failAfterChange === 'record-conflict') {
          // Someone else's row already holds the key: recording fails after the change was made.
          const pending = c.get('idempotency')!;
          await q
            .insert(tablesOf(q).idempotencyKeys)
            .values({ scope: pending.scope, key: pending.key, fingerprint: 'x', status: 200, headers: '{}', body: '{}' });
        }
        return { ok: true };
      }),
    );
    app.onError((err, c) => toErrorResponse(err, c, () => undefined));
  });

  it('keeps the change and its record together', async () => {
    expect((await post('a')).status).toBe(201);
    expect((await post('a')).headers.get('idempotent-replayed')).toBe('true');
    expect([await count('app_meta'), await count('idempotency_keys')]).toEqual([1, 1]);
  });

  it('keeps neither when the handler fails after its change', async () => {
    failAfterChange = 'throw';
    expect((await post('b')).status).toBe(500);
    expect([await count('app_meta'), await count('idempotency_keys')]).toEqual([0, 0]);
  });

  it('keeps neither when the record cannot be written', async () => {
    failAfterChange = 'record-conflict';
    expect((await post('c')).status).toBe(500);
    expect([await count('app_meta'), await count('idempotency_keys')]).toEqual([0, 0]);
  });
});
