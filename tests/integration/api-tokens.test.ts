// API tokens (issue 37) against the real server: what each access reaches on every route family
// (allowed, 403, 401), expiry on an injected clock, revocation and regeneration at once, the value
// shown once and never logged, the management routes closed to tokens, Idempotency-Key and the
// per-token rate limit.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { tableRows } from '../support/db-state.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { testTempDir } from '../support/temp-dirs.ts';

const DAY = 24 * 60 * 60_000;
const RATE = 30;
let server: TestServer;
let admin: string;
let clockFile: string;
/** Every value the server handed out: none may appear in its log. */
const issued: string[] = [];

beforeAll(async () => {
  clockFile = path.join(testTempDir('pm-clock'), 'offset');
  // At the most talkative level: not even a debug line may carry a value.
  server = await startServer({ env: { TEST_CLOCK_FILE: clockFile, API_TOKEN_RATE_PER_MINUTE: String(RATE), LOG_LEVEL: 'debug' } });
  admin = (await signInAsAdmin(server)).accessToken;
}, 60_000);
afterAll(() => server?.stop());

const moveClock = (ms: number) => fs.writeFileSync(clockFile, String(ms));

type Created = { id: number; token: string; access: string; expiresAt: string | null; createdAt: string };
async function create(body: Record<string, unknown>): Promise<Created> {
  const res = await server.api('/admin/api-tokens', { method: 'POST', token: admin, json: { expiresInDays: 30, ...body } });
  expect(res.status).toBe(201);
  const created = (await res.json()) as Created;
  issued.push(created.token);
  return created;
}
const listTokens = async () =>
  ((await (await server.api('/admin/api-tokens', { token: admin })).json()) as { tokens: Record<string, unknown>[] }).tokens;
const problemOf = async (res: Response) => ((await res.json()) as { error: string; status: number }).error;

/** One guarded read and one write per route family; writes aim at a record that does not exist (404 once allowed). */
const FAMILIES = {
  technicalDocuments: { read: ['GET', '/admin/technical-documents'], write: ['DELETE', '/admin/technical-documents/999999'] },
  messages: { read: ['GET', '/inquiries'], write: ['DELETE', '/inquiries/999999'] },
  newsletter: { read: ['GET', '/newsletter/admin/stats'], write: ['DELETE', '/newsletter/admin/subscribers/999999'] },
  mailAccounts: { read: ['GET', '/smtp/accounts'], write: ['DELETE', '/smtp/accounts/999999'] },
  statistics: { read: ['GET', '/stats'] },
  listings: { write: ['DELETE', '/products/999999'] },
} as const;
type Family = keyof typeof FAMILIES;

/** What a token gets on each family: the read's and the write's status. */
async function reach(token: string) {
  const seen: Record<string, number> = {};
  for (const [family, probes] of Object.entries(FAMILIES)) {
    for (const [action, [method, p]] of Object.entries(probes) as [string, readonly [string, string]][]) {
      const res = await server.api(p, { method, token });
      seen[`${family}.${action}`] = res.status;
      if (res.status === 403) expect(await problemOf(res)).toBe('Ce jeton d’API ne donne pas accès à cette ressource');
    }
  }
  return seen;
}
const expected = (read: Family[], write: Family[]) =>
  Object.fromEntries(
    Object.entries(FAMILIES).flatMap(([family, probes]) => [
      ...('read' in probes ? [[`${family}.read`, read.includes(family as Family) ? 200 : 403]] : []),
      ...('write' in probes ? [[`${family}.write`, write.includes(family as Family) ? 404 : 403]] : []),
    ]),
  );

const BROAD: Family[] = ['technicalDocuments', 'messages', 'newsletter', 'statistics', 'listings'];

describe('API tokens', () => {
  it('answers the value once, as pm_ and 256 random bits, and lists tokens without it', async () => {
    const created = await create({ name: 'Flux marketplace', description: 'Lecture du catalogue', access: 'read-only', expiresInDays: 90 });
    expect(created.token).toMatch(/^pm_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(created.expiresAt!) - Date.parse(created.createdAt)).toBe(90 * DAY);
    const listed = (await listTokens()).find((t) => t.id === created.id)!;
    expect(listed).toEqual({
      id: created.id,
      name: 'Flux marketplace',
      description: 'Lecture du catalogue',
      access: 'read-only',
      permissions: null,
      createdAt: created.createdAt,
      expiresAt: created.expiresAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(await listTokens())).not.toContain(created.token.slice(3));
  });

  it('read-only reads every family but mail accounts and writes none; full writes them too', async () => {
    const readOnly = await create({ name: 'Lecture', access: 'read-only' });
    expect(await reach(readOnly.token)).toEqual(expected(BROAD, []));
    const full = await create({ name: 'Complet', access: 'full' });
    expect(await reach(full.token)).toEqual(expected(BROAD, BROAD));
  });

  it('custom reaches exactly what its permissions grant, mail accounts included', async () => {
    const custom = await create({
      name: 'ERP',
      access: 'custom',
      permissions: { messages: ['read'], mailAccounts: ['read', 'write'], listings: ['write'], statistics: ['read'] },
    });
    expect(await reach(custom.token)).toEqual(expected(['messages', 'mailAccounts', 'statistics'], ['mailAccounts', 'listings']));
    const listed = (await listTokens()).find((t) => t.id === custom.id)!;
    expect(listed.permissions).toEqual({ messages: ['read'], mailAccounts: ['read', 'write'], listings: ['write'], statistics: ['read'] });
  });

  it('an unknown token gets 401 saying revoked or unknown on every family, and an administrator still reaches them', async () => {
    const unknown = `pm_${'A'.repeat(43)}`;
    for (const probes of Object.values(FAMILIES))
      for (const [method, p] of Object.values(probes) as (readonly [string, string])[]) {
        const res = await server.api(p, { method, token: unknown });
        expect([p, res.status, res.headers.get('content-type')]).toEqual([p, 401, expect.stringContaining('application/problem+json')]);
        expect(await problemOf(res)).toBe('Jeton d’API révoqué ou inconnu');
      }
    expect((await server.api('/smtp/accounts', { token: admin })).status).toBe(200);
  });

  it('no token reaches token management, sign-in, password or session routes: 403, and nothing changes', async () => {
    const full = await create({ name: 'Complet', access: 'full' });
    const before = await listTokens();
    const refused: [string, string, Record<string, unknown>?][] = [
      ['GET', '/admin/api-tokens'],
      ['POST', '/admin/api-tokens', { name: 'Évasion', access: 'full', expiresInDays: null }],
      ['POST', `/admin/api-tokens/${full.id}/regenerate`],
      ['DELETE', `/admin/api-tokens/${full.id}`],
      ['GET', '/auth/profile'],
      ['GET', '/auth/session'],
      ['POST', '/auth/extend'],
      ['POST', '/auth/logout'],
      ['POST', '/auth/change-password', { currentPassword: 'x', newPassword: 'Another-Passw0rd!', confirmPassword: 'Another-Passw0rd!' }],
    ];
    for (const [method, p, json] of refused) {
      const res = await server.api(p, { method, token: full.token, ...(json ? { json } : {}) });
      expect([method, p, res.status]).toEqual([method, p, 403]);
      expect(await problemOf(res)).toBe('Cette route n’accepte pas de jeton d’API');
    }
    // Refused before the token is even looked up: not even its last use moves.
    expect(await listTokens()).toEqual(before);
    expect((await server.api('/stats', { token: full.token })).status).toBe(200);
  });

  it('takes the token from the Authorization header only, never from the query string or a cookie', async () => {
    const { token } = await create({ name: 'En-tête', access: 'full' });
    expect((await server.api(`/stats?access_token=${token}`)).status).toBe(401);
    expect((await server.api('/stats', { headers: { cookie: `access_token=${token}; token=${token}` } })).status).toBe(401);
    expect((await server.api('/stats', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('expires on the clock: 401 saying expired, in the client language; a token without expiry keeps working', async () => {
    const week = await create({ name: 'Semaine', access: 'read-only', expiresInDays: 7 });
    const forever = await create({ name: 'Sans fin', access: 'read-only', expiresInDays: null });
    expect((await server.api('/stats', { token: week.token })).status).toBe(200);
    try {
      moveClock(7 * DAY - 60_000);
      expect((await server.api('/stats', { token: week.token })).status).toBe(200);
      moveClock(7 * DAY + 1);
      const res = await server.api('/stats', { token: week.token });
      expect(res.status).toBe(401);
      expect(await problemOf(res)).toBe('Jeton d’API expiré');
      const en = await server.api('/inquiries', { token: week.token, headers: { 'accept-language': 'en' } });
      expect([en.status, await problemOf(en)]).toEqual([401, 'API token expired']);
      moveClock(400 * DAY);
      expect((await server.api('/stats', { token: forever.token })).status).toBe(200);
    } finally {
      moveClock(0);
    }
  });

  it('regeneration kills the old value at once and revocation the token, both answering 401 revoked', async () => {
    const old = await create({ name: 'Rotation', access: 'full' });
    expect((await server.api('/stats', { token: old.token })).status).toBe(200);
    const res = await server.api(`/admin/api-tokens/${old.id}/regenerate`, { method: 'POST', token: admin });
    expect(res.status).toBe(200);
    const renewed = (await res.json()) as Created;
    issued.push(renewed.token);
    expect(renewed).toMatchObject({ id: old.id, access: 'full', expiresAt: old.expiresAt });
    expect(renewed.token).toMatch(/^pm_[A-Za-z0-9_-]{43}$/);
    expect(renewed.token).not.toBe(old.token);
    const stale = await server.api('/stats', { token: old.token });
    expect([stale.status, await problemOf(stale)]).toEqual([401, 'Jeton d’API révoqué ou inconnu']);
    expect((await server.api('/stats', { token: renewed.token })).status).toBe(200);

    expect((await server.api(`/admin/api-tokens/${old.id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    const revoked = await server.api('/stats', { token: renewed.token });
    expect([revoked.status, await problemOf(revoked)]).toEqual([401, 'Jeton d’API révoqué ou inconnu']);
    expect((await listTokens()).some((t) => t.id === old.id)).toBe(false);
    expect((await server.api(`/admin/api-tokens/${old.id}`, { method: 'DELETE', token: admin })).status).toBe(404);
    expect((await server.api(`/admin/api-tokens/${old.id}/regenerate`, { method: 'POST', token: admin })).status).toBe(404);
  });

  it('records the last use at most once a minute', async () => {
    const { id, token } = await create({ name: 'Usage', access: 'read-only' });
    const lastUsed = async () => (await listTokens()).find((t) => t.id === id)!.lastUsedAt as string | null;
    expect(await lastUsed()).toBeNull();
    try {
      await server.api('/stats', { token });
      const first = await lastUsed();
      expect(first).not.toBeNull();
      moveClock(30_000);
      await server.api('/stats', { token });
      expect(await lastUsed()).toBe(first);
      moveClock(2 * 60_000);
      await server.api('/stats', { token });
      expect(Date.parse((await lastUsed())!)).toBeGreaterThan(Date.parse(first!) + 60_000);
    } finally {
      moveClock(0);
    }
  });

  it("honours Idempotency-Key on a token's writes: the retry answers the first outcome and changes nothing", async () => {
    const { token } = await create({ name: 'Comptes', access: 'custom', permissions: { mailAccounts: ['read', 'write'] } });
    const count = async () => ((await (await server.api('/smtp/accounts', { token })).json()) as { accounts: unknown[] }).accounts.length;
    const before = await count();
    const key = crypto.randomUUID();
    const account = {
      name: 'Relais ERP',
      host: 'smtp.example.test',
      port: 587,
      user: 'erp',
      password: 'secret-mot-de-passe',
      fromName: 'ERP',
      fromEmail: 'erp@example.test',
    };
    const first = await server.api('/smtp/accounts', { method: 'POST', token, json: account, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    const again = await server.api('/smtp/accounts', { method: 'POST', token, json: account, headers: { 'idempotency-key': key } });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(await again.json()).toEqual(await first.json());
    expect(await count()).toBe(before + 1);
    const other = await server.api('/smtp/accounts', {
      method: 'POST',
      token,
      json: { ...account, name: 'Autre' },
      headers: { 'idempotency-key': key },
    });
    expect(other.status).toBe(422);
  });

  it('limits each token on its own: 429 with Retry-After past the limit, other tokens unaffected', async () => {
    const busy = await create({ name: 'Pressé', access: 'read-only' });
    const calm = await create({ name: 'Calme', access: 'read-only' });
    const statuses: number[] = [];
    for (let i = 0; i < RATE; i++) statuses.push((await server.api('/stats', { token: busy.token })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const over = await server.api('/stats', { token: busy.token });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await server.api('/stats', { token: calm.token })).status).toBe(200);
  });

  it('refuses a bad creation with a 400 problem naming the field', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ name: ' ', access: 'full', expiresInDays: 7 }, 'name'],
      [{ name: 'x', access: 'admin', expiresInDays: 7 }, 'access'],
      [{ name: 'x', access: 'full', expiresInDays: 365 }, 'expiresInDays'],
      [{ name: 'x', access: 'custom', expiresInDays: 7 }, 'permissions'],
      [{ name: 'x', access: 'custom', permissions: {}, expiresInDays: 7 }, 'permissions'],
      [{ name: 'x', access: 'custom', permissions: { statistics: ['write'] }, expiresInDays: 7 }, 'permissions'],
      [{ name: 'x', access: 'full', permissions: { listings: ['read'] }, expiresInDays: 7 }, 'permissions'],
    ];
    for (const [json, field] of bad) {
      const res = await server.api('/admin/api-tokens', { method: 'POST', token: admin, json });
      const body = (await res.json()) as { errors?: { field: string }[] };
      expect([json, res.status, body.errors?.some((e) => e.field.startsWith(field))]).toEqual([json, 400, true]);
    }
  });

  it('stores only the SHA-256 of each value: no table holds a value', async () => {
    const stored = await withDb(server, (db) => tableRows(db));
    const everything = JSON.stringify(stored);
    expect(everything).toContain(createHash('sha256').update(issued[0]!).digest('hex'));
    for (const value of issued) expect(everything).not.toContain(value.slice(3));
  });

  it('never writes a token value to the log', () => {
    expect(issued.length).toBeGreaterThan(10);
    const output = server.output();
    expect(output).toContain('api token created');
    for (const value of issued) expect(output).not.toContain(value.slice(3));
  });
});
