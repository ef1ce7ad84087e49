// Newsletter administration: subscribers with search and status filters, status toggle, delete,
// stats, exports (CSV with BOM and quoting, JSON) that parse back to the same rows; retention purge.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tablesOf, type schema } from '@app/db';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let token: string;

const call = async (pathname: string, init: RequestInit & { json?: unknown } = {}) => {
  const res = await server.api(pathname, { ...init, token });
  return { status: res.status, body: (await res.json()) as any };
};

const DAY = 24 * 60 * 60 * 1000;
const addSubscriber = (email: string, values: Partial<typeof schema.newsletterSubscribers.$inferInsert> = {}) =>
  withDb(
    server,
    async (db) =>
      (
        await db
          .insert(tablesOf(db).newsletterSubscribers)
          .values({
            email,
            unsubscribeToken: crypto.randomBytes(32).toString('base64url'),
            isActive: true,
            confirmedAt: new Date(),
            consentAt: new Date(),
            consentPage: '/',
            consentLanguage: 'fr',
            ...values,
          })
          .returning()
      )[0]!,
  );

/** RFC 4180 reader, enough to read back what the export wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted || (ch !== ',' && ch !== '\r')) {
      cell += ch;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += ch;
    }
  }
  return rows;
}

beforeAll(async () => {
  server = await startServer();
  token = (await signInAsAdmin(server)).accessToken;
  await addSubscriber('alice@example.org', { subscribedAt: new Date(Date.now() - 3 * DAY) });
  await addSubscriber('bob.martin@example.com', {
    subscribedAt: new Date(Date.now() - 2 * DAY),
    language: 'en',
    consentPage: '/en/annonces',
    consentLanguage: 'en',
  });
  await addSubscriber('"quoted,comma"@example.org', { isActive: false, consentPage: '/produit/12' });
  await addSubscriber('Élodie@exemple.fr'.toLowerCase(), { confirmedAt: null, isActive: false });
});

afterAll(async () => {
  await server?.stop();
});

describe('subscribers', () => {
  test('list, case-insensitive search on the e-mail, status filter', async () => {
    const all = await call('/newsletter/admin/subscribers');
    expect(all.body.total).toBe(4);
    expect(all.body.subscribers[0]).toMatchObject({
      email: expect.any(String),
      isActive: expect.any(Boolean),
      subscribedAt: expect.any(String),
    });
    expect((await call('/newsletter/admin/subscribers?search=MARTIN')).body.subscribers.map((s: any) => s.email)).toEqual([
      'bob.martin@example.com',
    ]);
    expect((await call('/newsletter/admin/subscribers?search=%25')).body.total).toBe(0);
    expect((await call('/newsletter/admin/subscribers?status=active')).body.subscribers.map((s: any) => s.email).sort()).toEqual([
      'alice@example.org',
      'bob.martin@example.com',
    ]);
    expect((await call('/newsletter/admin/subscribers?status=inactive')).body.total).toBe(2);
    expect((await call('/newsletter/admin/subscribers?status=maybe')).status).toBe(400);
  });

  test('stats count total, active and inactive', async () => {
    expect((await call('/newsletter/admin/stats')).body).toEqual({ totalSubscribers: 4, activeSubscribers: 2, inactiveSubscribers: 2 });
  });

  test('PATCH status toggles with no body, or sets the given state', async () => {
    const alice = (await call('/newsletter/admin/subscribers?search=alice')).body.subscribers[0];
    const off = await server.api(`/newsletter/admin/subscribers/${alice.id}/status`, { method: 'PATCH', token });
    expect(((await off.json()) as any).isActive).toBe(false);
    expect((await call(`/newsletter/admin/subscribers/${alice.id}/status`, { method: 'PATCH', json: {} })).body.isActive).toBe(true);
    expect(
      (await call(`/newsletter/admin/subscribers/${alice.id}/status`, { method: 'PATCH', json: { isActive: true } })).body.isActive,
    ).toBe(true);
    expect((await call(`/newsletter/admin/subscribers/${alice.id}/status`, { method: 'PATCH', json: { isActive: 'yes' } })).status).toBe(
      400,
    );
    expect((await call('/newsletter/admin/subscribers/999999/status', { method: 'PATCH' })).status).toBe(404);
  });

  test('exports parse back to the same rows: CSV with BOM and quoting, JSON', async () => {
    const csvRes = await server.api('/newsletter/admin/export?format=csv', { token });
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get('content-disposition')).toBe('attachment; filename="newsletter-subscribers.csv"');
    expect(csvRes.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csvRes.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1));
    // The columns as the spec lists them, in the CSV's own notation.
    expect(header!.join(',')).toBe(
      'id,email,language,isActive,subscribedAt,confirmedAt,unsubscribedAt,consentAt,consentPage,consentLanguage',
    );

    const jsonRes = await server.api('/newsletter/admin/export?format=json', { token });
    expect(jsonRes.headers.get('content-disposition')).toBe('attachment; filename="newsletter-subscribers.json"');
    const json = (await jsonRes.json()) as Record<string, unknown>[];

    const fromCsv = lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]])));
    const fromJson = json.map((r) => Object.fromEntries(header!.map((h) => [h, r[h] === null ? '' : String(r[h])])));
    expect(fromCsv).toEqual(fromJson);
    expect(fromCsv.map((r) => r.email)).toEqual([
      'alice@example.org',
      'bob.martin@example.com',
      '"quoted,comma"@example.org',
      'élodie@exemple.fr',
    ]);

    // The same rows as the database holds.
    const db = await withDb(server, (d) =>
      d.select().from(tablesOf(d).newsletterSubscribers).orderBy(tablesOf(d).newsletterSubscribers.id),
    );
    expect(json.map((r) => [r.id, r.email, r.isActive, r.consentPage])).toEqual(db.map((r) => [r.id, r.email, r.isActive, r.consentPage]));

    expect((await server.api('/newsletter/admin/export?format=xml', { token })).status).toBe(400);
  });

  test('delete: 200, then 404', async () => {
    const bob = (await call('/newsletter/admin/subscribers?search=bob')).body.subscribers[0];
    expect((await call(`/newsletter/admin/subscribers/${bob.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(`/newsletter/admin/subscribers/${bob.id}`, { method: 'DELETE' })).body).toMatchObject({
      error: 'Abonné introuvable',
    });
  });

  test('admin routes refuse anonymous calls', async () => {
    for (const path of ['/newsletter/admin/subscribers', '/newsletter/admin/stats', '/newsletter/admin/export?format=csv']) {
      expect((await server.api(path)).status).toBe(401);
    }
  });
});

describe('retention', () => {
  test('at start, messages older than 3 years (with replies) and unconfirmed subscriptions older than 30 days are purged', async () => {
    const now = Date.now();
    const ids = await withDb(server, async (db) => {
      const old = (
        await db
          .insert(tablesOf(db).inquiries)
          .values({ name: 'Ancien', email: 'old@example.org', message: 'm', createdAt: new Date(now - 3 * 366 * DAY) })
          .returning()
      )[0]!;
      const recent = (
        await db
          .insert(tablesOf(db).inquiries)
          .values({ name: 'Récent', email: 'new@example.org', message: 'm', createdAt: new Date(now - 2 * 365 * DAY) })
          .returning()
      )[0]!;
      await db
        .insert(tablesOf(db).emailResponses)
        .values({ inquiryId: old.id, subject: 's', message: 'm', toEmail: 'old@example.org', fromEmail: 'a@example.test' });
      return { old: old.id, recent: recent.id };
    });
    await addSubscriber('pending-old@example.org', { isActive: false, confirmedAt: null, subscribedAt: new Date(now - 31 * DAY) });
    await addSubscriber('pending-new@example.org', { isActive: false, confirmedAt: null, subscribedAt: new Date(now - 5 * DAY) });
    await addSubscriber('confirmed-old@example.org', { subscribedAt: new Date(now - 400 * DAY) });

    await server.stop();
    server = await startServer({ dataDir: server.dataDir });
    token = (await signInAsAdmin(server)).accessToken;

    const left = await withDb(server, async (db) => ({
      inquiries: (await db.select().from(tablesOf(db).inquiries)).map((i) => i.id),
      responses: (await db.select().from(tablesOf(db).emailResponses)).length,
      subscribers: (await db.select().from(tablesOf(db).newsletterSubscribers)).map((s) => s.email),
    }));
    expect(left.inquiries).toEqual([ids.recent]);
    expect(left.responses).toBe(0);
    expect(left.subscribers).not.toContain('pending-old@example.org');
    expect(left.subscribers).toContain('pending-new@example.org');
    expect(left.subscribers).toContain('confirmed-old@example.org');
  });
});
