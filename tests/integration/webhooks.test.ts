// Webhooks (issue 37 part 2, docs/decisions/131) against the real server and a real receiver on
// loopback: Standard Webhooks v1 signatures checked with the `standardwebhooks` library, the events of
// listing, image and inquiry writes with their documented bodies, retries with the same webhook-id,
// 410 disabling the endpoint, a rolled-back write announcing nothing, the SSRF guard, "*", the ping,
// the routes closed to API tokens, a newsletter sending's newsletter.sent, and two instances delivering
// each event once.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { engineInput, png, upload } from '../fixtures/catalogue.ts';
import { eq } from 'drizzle-orm';
import { tablesOf } from '@app/db';
import { WEBHOOK_BODIES } from '@app/domain/webhooks';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { withFailingUpdates } from '../support/faults.ts';
import { startInstances, type Instances } from '../support/instances.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { assignUsage, createSmtpAccount, startSmtpServer } from '../support/smtp.ts';
import { receiver, type Received } from '../support/webhook-receiver.ts';

type Json = Record<string, any>;

const FAST = { WEBHOOKS_ALLOW_LOCAL: 'true', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_WORKER_INTERVAL_MS: '50' };

/** Waits (vi.waitFor) until `check` returns a value other than undefined/false, and answers it. */
const until = <T>(check: () => T | Promise<T>, what: string, timeout = 20_000) =>
  vi.waitFor(
    async () => {
      const value = await check();
      if (value === undefined || value === false) throw new Error(`still waiting for ${what}`);
      return value as Exclude<T, false | undefined>;
    },
    { timeout, interval: 25 },
  );

let server: TestServer;
let admin: string;
const receivers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startServer({ env: FAST });
  admin = (await signInAsAdmin(server)).accessToken;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

async function endpoint(events: string[], answers: number[] = []) {
  const r = await receiver(answers);
  receivers.push(r);
  const res = await server.api('/admin/webhooks', { method: 'POST', token: admin, json: { url: r.url, events, description: 'test' } });
  expect(res.status).toBe(201);
  const created = (await res.json()) as Json;
  return { ...r, id: created.id as number, secret: created.secret as string, verifier: new Webhook(created.secret as string) };
}
const of = (list: Received[], type: string, where: (data: Json) => boolean = () => true) =>
  list.filter((m) => m.json.type === type && where(m.json.data as Json));
const newListing = async (overrides: Json = {}) => {
  const res = await server.api('/products', { method: 'POST', token: admin, json: engineInput(overrides) });
  expect(res.status).toBe(201);
  return (await res.json()) as Json;
};
const deliveries = async (id: number) =>
  ((await (await server.api(`/admin/webhooks/${id}/deliveries`, { token: admin })).json()) as { deliveries: Json[] }).deliveries;

describe('webhook endpoints', () => {
  it('answers a whsec_ secret once and lists endpoints without it', async () => {
    const hook = await endpoint(['listing.created']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(hook.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const listed = ((await (await server.api('/admin/webhooks', { token: admin })).json()) as { webhooks: Json[] }).webhooks;
    const mine = listed.find((w) => w.id === hook.id)!;
    expect(mine).toMatchObject({ url: hook.url, events: ['listing.created'], enabled: true, disabledReason: null, description: 'test' });
    expect(JSON.stringify(listed)).not.toContain(hook.secret);

    // PATCH changes only the fields sent.
    const patched = await server.api(`/admin/webhooks/${hook.id}`, {
      method: 'PATCH',
      token: admin,
      json: { events: ['*'], enabled: false },
    });
    expect(patched.status).toBe(200);
    expect((await patched.json()) as Json).toMatchObject({ url: hook.url, events: ['*'], enabled: false, description: 'test' });
    const back = await server.api(`/admin/webhooks/${hook.id}`, {
      method: 'PATCH',
      token: admin,
      json: { events: ['listing.created'], enabled: true },
    });
    expect((await back.json()) as Json).toMatchObject({ events: ['listing.created'], enabled: true, description: 'test' });
    expect((await server.api('/admin/webhooks/999999', { method: 'PATCH', token: admin, json: { enabled: true } })).status).toBe(404);
  });

  it('listing create, update, image upload and delete each send their event, signed as Standard Webhooks v1', async () => {
    const hook = await endpoint(['listing.created', 'listing.updated', 'listing.deleted']);
    const listing = await newListing();
    const created = await until(() => of(hook.received, 'listing.created', (d) => d.id === listing.id)[0], 'listing.created');
    // The body as GET /api/products/{id} answers the listing.
    expect(created.json.data).toEqual(listing);
    expect(Date.parse(created.json.timestamp as string)).not.toBeNaN();
    expect(hook.verifier.verify(created.body, created.headers as Record<string, string>)).toEqual(created.json);
    expect(created.headers['webhook-signature']).toMatch(/^v1,/);
    expect(Number(created.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);

    const patched = await server.api(`/products/${listing.id}`, {
      method: 'PATCH',
      token: admin,
      json: { price: 4321, version: listing.version },
    });
    expect(patched.status).toBe(200);
    await until(() => of(hook.received, 'listing.updated', (d) => d.id === listing.id && d.price === 4321)[0], 'listing.updated');

    const image = await upload(server, `/products/${listing.id}/images`, admin, [
      { field: 'image', name: 'vue.png', bytes: await png(400, 300), type: 'image/png' },
    ]);
    expect(image.status).toBe(201);
    const withImage = await until(
      () => of(hook.received, 'listing.updated', (d) => d.id === listing.id && (d.images as Json[]).length === 1)[0],
      'listing.updated with the image',
    );
    expect(withImage.json.data).toEqual((await (await server.api(`/products/${listing.id}`)).json()) as Json);

    expect((await server.api(`/products/${listing.id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    const deleted = await until(() => of(hook.received, 'listing.deleted', (d) => d.id === listing.id)[0], 'listing.deleted');
    expect(deleted.json.data).toEqual({ id: listing.id });
    for (const m of hook.received) expect(() => hook.verifier.verify(m.body, m.headers as Record<string, string>)).not.toThrow();
  });

  it('an inquiry sends its id only, no personal data', async () => {
    const hook = await endpoint(['inquiry.received']);
    const res = await server.api('/inquiries', {
      method: 'POST',
      json: { name: 'Jeanne Martin', email: 'jeanne@example.org', message: 'Bonjour, je souhaite un devis.', language: 'fr' },
    });
    expect(res.status).toBe(201);
    const got = await until(() => of(hook.received, 'inquiry.received')[0], 'inquiry.received');
    expect(got.json.data).toEqual({ id: expect.any(Number), productReference: null });
    expect(got.body).not.toContain('jeanne');
  });

  it('events ["*"] gets every event; the ping test event goes whatever the subscription', async () => {
    const all = await endpoint(['*']);
    const listing = await newListing();
    await until(() => of(all.received, 'listing.created', (d) => d.id === listing.id)[0], 'listing.created on *');
    await server.api('/inquiries', {
      method: 'POST',
      json: { name: 'Paul', email: 'paul@example.org', message: 'Un renseignement, merci.', language: 'fr' },
    });
    await until(() => of(all.received, 'inquiry.received')[0], 'inquiry.received on *');

    const narrow = await endpoint(['newsletter.sent']);
    const ping = await server.api(`/admin/webhooks/${narrow.id}/test`, { method: 'POST', token: admin });
    expect(ping.status).toBe(202);
    const got = await until(() => of(narrow.received, 'ping')[0], 'ping');
    expect(got.json.data).toEqual({ webhookId: narrow.id });
    expect(narrow.verifier.verify(got.body, got.headers as Record<string, string>)).toEqual(got.json);
    const [delivery] = await until(async () => {
      const list = await deliveries(narrow.id);
      return list[0]?.status === 'delivered' && list;
    }, 'the ping recorded as delivered');
    expect(delivery).toMatchObject({ eventType: 'ping', status: 'delivered', attempts: 1, statusCode: 200, responseBody: 'answer 200' });
    expect(delivery!.durationMs).toEqual(expect.any(Number));
  });

  it('a receiver that answers 500 then 200 gets the same webhook-id twice', async () => {
    const hook = await endpoint(['listing.created'], [500]);
    const listing = await newListing();
    const twice = await until(() => {
      const got = of(hook.received, 'listing.created', (d) => d.id === listing.id);
      return got.length >= 2 && got;
    }, 'the retry');
    expect(twice[0]!.id).toBe(twice[1]!.id);
    expect(twice[0]!.body).toBe(twice[1]!.body);
    const [delivery] = await until(async () => {
      const list = await deliveries(hook.id);
      return list[0]?.status === 'delivered' && list;
    }, 'delivered');
    expect(delivery).toMatchObject({ attempts: 2, statusCode: 200, messageId: twice[0]!.id });

    // The retry route sends it again, still with the same id.
    const retry = await server.api(`/admin/webhooks/${hook.id}/deliveries/${delivery!.id}/retry`, { method: 'POST', token: admin });
    expect(retry.status).toBe(202);
  });

  it('a 410 disables the endpoint, and GET says why; a redirect is a failure', async () => {
    const hook = await endpoint(['listing.created'], [410]);
    await newListing();
    const disabled = await until(async () => {
      const list = ((await (await server.api('/admin/webhooks', { token: admin })).json()) as { webhooks: Json[] }).webhooks;
      const mine = list.find((w) => w.id === hook.id)!;
      return !mine.enabled && mine;
    }, 'the endpoint disabled');
    expect(disabled.disabledReason).toContain('410');
    expect(hook.received).toHaveLength(1);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'failed', statusCode: 410 });

    const moved = await endpoint(['listing.created'], [302, 200]);
    await newListing();
    await until(() => moved.received.length >= 2, 'the retry after a 302');
    expect(moved.received[0]!.id).toBe(moved.received[1]!.id);
  });

  it('a write that rolls back announces nothing', async () => {
    const hook = await endpoint(['listing.updated']);
    const listing = await newListing();
    const add = async () =>
      expect(
        (
          await upload(server, `/products/${listing.id}/images`, admin, [
            { field: 'image', name: 'vue.png', bytes: await png(300, 200), type: 'image/png' },
          ])
        ).status,
      ).toBe(201);
    await add();
    await add();
    await until(() => of(hook.received, 'listing.updated', (d) => d.id === listing.id).length >= 2, 'the two uploads');
    const images = ((await (await server.api(`/products/${listing.id}`)).json()) as Json).images as Json[];
    // The image delete renumbers the others: a failing update rolls the whole delete back.
    await withFailingUpdates(server, 'product_images', async () => {
      expect((await server.api(`/products/${listing.id}/images/${images[0]!.id}`, { method: 'DELETE', token: admin })).status).toBe(500);
    });
    // A later change goes out; the rolled-back one, queued before it had it been written, never does.
    const current = (await (await server.api(`/products/${listing.id}`)).json()) as Json;
    await server.api(`/products/${listing.id}`, { method: 'PATCH', token: admin, json: { price: 999, version: current.version } });
    await until(() => of(hook.received, 'listing.updated', (d) => d.id === listing.id && d.price === 999)[0], 'the later change');
    const updates = of(hook.received, 'listing.updated', (d) => d.id === listing.id);
    // The two uploads (1 then 2 images) and the patch (2 images): no announcement of the delete (1 image).
    expect(updates.map((m) => (m.json.data.images as Json[]).length).sort()).toEqual([1, 2, 2]);
    expect(await deliveries(hook.id)).toHaveLength(3);
  });

  it('API tokens get 403 on every management route', async () => {
    const res = await server.api('/admin/api-tokens', {
      method: 'POST',
      token: admin,
      json: { name: 'ERP', access: 'full', expiresInDays: 30 },
    });
    const token = ((await res.json()) as Json).token as string;
    const routes: [string, string][] = [
      ['GET', '/admin/webhooks'],
      ['POST', '/admin/webhooks'],
      ['PATCH', '/admin/webhooks/1'],
      ['DELETE', '/admin/webhooks/1'],
      ['POST', '/admin/webhooks/1/test'],
      ['GET', '/admin/webhooks/1/deliveries'],
      ['POST', '/admin/webhooks/1/deliveries/1/retry'],
    ];
    for (const [method, p] of routes) {
      const json = method === 'POST' || method === 'PATCH' ? { url: 'https://example.com/hook', events: ['*'] } : undefined;
      expect([method, p, (await server.api(p, { method, token, json })).status]).toEqual([method, p, 403]);
    }
  });

  it('refuses bad URLs and events with 400', async () => {
    for (const url of ['ftp://example.com/x', 'https://user:pass@example.com/x', `https://example.com/${'a'.repeat(2100)}`, 'not a url']) {
      const res = await server.api('/admin/webhooks', { method: 'POST', token: admin, json: { url, events: ['*'] } });
      expect([url.slice(0, 40), res.status]).toEqual([url.slice(0, 40), 400]);
    }
    const bad = await server.api('/admin/webhooks', {
      method: 'POST',
      token: admin,
      json: { url: 'https://example.com/x', events: ['nope'] },
    });
    expect(bad.status).toBe(400);
    // Link-local and metadata addresses stay refused even with WEBHOOKS_ALLOW_LOCAL.
    for (const url of [
      'http://169.254.169.254/latest',
      'http://[fe80::1]/x',
      'http://100.100.100.200/x',
      'http://[::ffff:169.254.169.254]/x',
    ]) {
      const res = await server.api('/admin/webhooks', { method: 'POST', token: admin, json: { url, events: ['*'] } });
      expect([url, res.status]).toEqual([url, 422]);
    }
  });
});

describe('subscriber events', () => {
  it('confirm and unsubscribe send the subscriber id only', async () => {
    const smtp = await startSmtpServer();
    try {
      const accountId = await createSmtpAccount(server, admin, smtp, { fromName: 'Newsletter', fromEmail: 'news@example.test' });
      await assignUsage(server, admin, 'newsletter', accountId, null);
      const hook = await endpoint(['subscriber.confirmed', 'subscriber.unsubscribed']);
      const email = 'abonne-webhook@example.org';
      expect((await server.api('/newsletter/subscribe', { method: 'POST', json: { email, language: 'fr', page: '/' } })).status).toBe(200);
      const [mail] = await smtp.waitFor((m) => m.to.includes(email));
      const confirmToken = /\/newsletter\/confirmer\?token=([A-Za-z0-9_-]+)/.exec(mail!.parsed.text ?? '')![1]!;
      const unsubscribeToken = /one-click\?token=([A-Za-z0-9_-]+)/.exec(mail!.header('list-unsubscribe') ?? '')![1]!;
      expect((await server.api('/newsletter/confirm', { method: 'POST', json: { token: confirmToken } })).status).toBe(200);
      const confirmed = await until(() => of(hook.received, 'subscriber.confirmed')[0], 'subscriber.confirmed');
      expect(confirmed.json.data).toEqual({ id: expect.any(Number) });
      expect(confirmed.body).not.toContain('abonne');
      expect((await server.api('/newsletter/unsubscribe', { method: 'POST', json: { token: unsubscribeToken } })).status).toBe(200);
      const left = await until(() => of(hook.received, 'subscriber.unsubscribed')[0], 'subscriber.unsubscribed');
      expect(left.json.data).toEqual(confirmed.json.data);
    } finally {
      await smtp.stop();
    }
  });
});

describe('newsletter events', () => {
  it('a finished sending emits newsletter.sent with its id, subject and counts, as the docs promise', async () => {
    const smtp = await startSmtpServer();
    try {
      const accountId = await createSmtpAccount(server, admin, smtp, { fromName: 'Newsletter', fromEmail: 'news@example.test' });
      await assignUsage(server, admin, 'newsletter', accountId, null);
      const hook = await endpoint(['newsletter.sent']);
      const emails = ['lecteur-webhook@example.org', 'reader-webhook@example.org'];
      await withDb(server, (db) =>
        db.insert(tablesOf(db).newsletterSubscribers).values(
          emails.map((email, i) => ({
            email,
            language: i ? 'en' : 'fr',
            unsubscribeToken: randomBytes(32).toString('base64url'),
            isActive: true,
            confirmedAt: new Date(),
          })),
        ),
      );
      const subject = 'Nouveautés de mai';
      const sent = await server.api('/newsletter/admin/send', {
        method: 'POST',
        token: admin,
        json: { subject, content: 'Bonjour, voici nos nouveaux moteurs.' },
      });
      expect(sent.status).toBe(202);
      const { sendingId } = (await sent.json()) as { sendingId: number };

      const event = await until(() => of(hook.received, 'newsletter.sent', (d) => d.id === sendingId)[0], 'newsletter.sent', 30_000);
      await smtp.waitFor((m) => emails.some((e) => m.to.includes(e)), { count: emails.length });
      // {type, timestamp, data: {id, subject, sentCount, failedCount}} (docs/api.md, decision 131), signed.
      expect(hook.verifier.verify(event.body, event.headers as Record<string, string>)).toEqual(event.json);
      expect(event.json).toEqual({
        type: 'newsletter.sent',
        timestamp: expect.any(String),
        data: { id: sendingId, subject, sentCount: 2, failedCount: 0 },
      });
      expect(WEBHOOK_BODIES['newsletter.sent'].parse(event.json)).toEqual(event.json);
      expect(Date.parse(event.json.timestamp as string)).not.toBeNaN();
      expect(event.body).not.toContain('@example.org');
      // The counts are the sending's own, once it is done; and it is announced once.
      const status = (await (await server.api(`/newsletter/admin/sendings/${sendingId}`, { token: admin })).json()) as Json;
      expect(status).toMatchObject({ status: 'done', sentCount: 2, failedCount: 0 });
      expect(of(hook.received, 'newsletter.sent')).toHaveLength(1);
    } finally {
      await smtp.stop();
    }
  });
});

describe('without WEBHOOKS_ALLOW_LOCAL', () => {
  // One server for both tests: the first saves nothing (every target refused), the second saves its own endpoint.
  let strict: TestServer;
  let token: string;
  beforeAll(async () => {
    strict = await startServer({ env: { WEBHOOK_WORKER_INTERVAL_MS: '50' } });
    token = (await signInAsAdmin(strict)).accessToken;
  }, 60_000);
  afterAll(() => strict?.stop());

  it('refuses a loopback or private target with 422 and a clear message', async () => {
    for (const url of ['http://127.0.0.1:8080/hook', 'http://10.0.0.5/hook', 'http://localhost/hook', 'http://[::1]/hook']) {
      const res = await strict.api('/admin/webhooks', { method: 'POST', token, json: { url, events: ['*'] } });
      expect([url, res.status]).toEqual([url, 422]);
      expect(((await res.json()) as Json).error).toContain('Adresse refusée');
    }
    // Another spelling of loopback is not a host form the document's pattern names (dotted IPv4 only): refused as a URL.
    const integer = await strict.api('/admin/webhooks', {
      method: 'POST',
      token,
      json: { url: 'http://2130706433/hook', events: ['*'] },
    });
    expect(integer.status).toBe(400);
    expect(((await integer.json()) as Json).error).toContain('URL invalide');
  }, 60_000);

  it('saves a name that does not resolve; its deliveries fail (never reaching anything) and are retried', async () => {
    const res = await strict.api('/admin/webhooks', {
      method: 'POST',
      token,
      json: { url: 'https://erp.example.invalid/hooks/catalogue', events: ['*'] },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect((await strict.api(`/admin/webhooks/${id}/test`, { method: 'POST', token })).status).toBe(202);
    const failed = await until(async () => {
      const { deliveries } = (await (await strict.api(`/admin/webhooks/${id}/deliveries`, { token })).json()) as { deliveries: Json[] };
      return deliveries.find((d) => (d.attempts as number) >= 1);
    }, 'the first attempt');
    expect(failed).toMatchObject({ status: 'pending', statusCode: null, deliveredAt: null, lastError: expect.stringContaining('host') });
  }, 60_000);
});

describe('two instances', () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstances({ env: FAST });
  }, 60_000);
  afterAll(() => instances?.stop());

  it('deliver each event exactly once', async () => {
    const token = (await signInAsAdmin(instances.a)).accessToken;
    const r = await receiver();
    receivers.push(r);
    const created = (await (
      await instances.a.api('/admin/webhooks', { method: 'POST', token, json: { url: r.url, events: ['listing.created'] } })
    ).json()) as Json;
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const target = i % 2 ? instances.a : instances.b;
      const res = await target.api('/products', { method: 'POST', token, json: engineInput() });
      ids.push(((await res.json()) as Json).id as number);
    }
    const list = async () =>
      ((await (await instances.a.api(`/admin/webhooks/${created.id}/deliveries`, { token })).json()) as { deliveries: Json[] }).deliveries;
    await until(async () => {
      const all = await list();
      return all.length === ids.length && all.every((d) => d.status === 'delivered');
    }, 'every delivery delivered');
    expect(r.received).toHaveLength(ids.length);
    expect(new Set(r.received.map((m) => m.id)).size).toBe(ids.length);
    expect(r.received.map((m) => m.json.data.id as number).sort((x, y) => x - y)).toEqual(ids.sort((x, y) => x - y));
  });
});

describe('two instances, the sender killed mid-delivery', () => {
  let instances: Instances;
  beforeAll(async () => {
    instances = await startInstances({ env: { ...FAST, MAIL_LEASE_MS: '1000' } });
  }, 60_000);
  afterAll(() => instances?.stop());

  it('the other instance delivers it after the lease, with the same webhook-id', async () => {
    const token = (await signInAsAdmin(instances.a)).accessToken;
    const r = await receiver([0]);
    receivers.push(r);
    const created = (await (
      await instances.a.api('/admin/webhooks', { method: 'POST', token, json: { url: r.url, events: ['listing.created'] } })
    ).json()) as Json;
    const listing = (await (await instances.a.api('/products', { method: 'POST', token, json: engineInput() })).json()) as Json;
    await until(() => r.received.length === 1, 'the first attempt, held');
    // The instance holding the claim (its pid is in lease_owner) dies without a word.
    const owner = await withDb(instances.a, async (db) => {
      const [row] = await db
        .select()
        .from(tablesOf(db).webhookDeliveries)
        .where(eq(tablesOf(db).webhookDeliveries.endpointId, created.id as number));
      return row!.leaseOwner!;
    });
    const pid = Number(owner.split(':')[1]);
    const [dead, alive] = instances.a.process.pid === pid ? [instances.a, instances.b] : [instances.b, instances.a];
    expect(dead.process.pid).toBe(pid);
    await dead.stop('SIGKILL');

    await until(() => r.received.length === 2, 'the attempt of the other instance');
    expect(r.received[1]!.id).toBe(r.received[0]!.id);
    expect(r.received[1]!.json.data.id).toBe(listing.id);
    const [delivery] = await until(async () => {
      const list = ((await (await alive.api(`/admin/webhooks/${created.id}/deliveries`, { token })).json()) as { deliveries: Json[] })
        .deliveries;
      return list[0]?.status === 'delivered' && list;
    }, 'delivered');
    expect(delivery).toMatchObject({ statusCode: 200, messageId: r.received[0]!.id });
  });
});
