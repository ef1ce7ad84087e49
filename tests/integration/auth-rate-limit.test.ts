// Sign-in limits per account and per client address, and the ways people try to get around them:
// path variants, body variants, spoofed proxy headers and large concurrent bursts.
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_ADMIN, createUser } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

const ACCOUNT_LIMIT = 10;
const ADDRESS_LIMIT = 20;
const TOO_MANY = { error: 'Trop de tentatives de connexion. Veuillez réessayer plus tard.' };

describe('sign-in rate limits', () => {
  let server: TestServer | undefined;
  afterEach(() => server?.stop());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    server!.api(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const wrong = (email: string, headers?: Record<string, string>) => post('/auth/login', { email, password: 'Wrong-Passw0rd!' }, headers);
  const right = (headers?: Record<string, string>) => post('/auth/login', INITIAL_ADMIN, headers);

  async function failTimes(n: number, email: (i: number) => string, headers?: (i: number) => Record<string, string>) {
    for (let i = 0; i < n; i++) expect((await wrong(email(i), headers?.(i))).status).toBe(401);
  }

  it('locks an account after 10 failures with 429 {error}, even for the right password', async () => {
    server = await startServer();
    await failTimes(ACCOUNT_LIMIT, () => INITIAL_ADMIN.email);
    const res = await right();
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject(TOO_MANY);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is not affected by this account's lock.
    await createUser(server, { email: 'other@example.test', password: 'Other-Passw0rd!', role: 'admin' });
    expect((await post('/auth/login', { email: 'other@example.test', password: 'Other-Passw0rd!' })).status).toBe(200);
  });

  it('treats an unknown e-mail exactly like an existing account once limited', async () => {
    server = await startServer();
    await failTimes(ACCOUNT_LIMIT, () => 'nobody@example.test');
    await failTimes(ACCOUNT_LIMIT, () => INITIAL_ADMIN.email);
    const [unknown, known] = [await wrong('nobody@example.test'), await wrong(INITIAL_ADMIN.email)];
    expect([unknown.status, known.status]).toEqual([429, 429]);
    expect(await unknown.json()).toEqual(await known.json());
  });

  it('cannot be escaped by path variants, e-mail spellings, extra or duplicate body fields, or a spoofed X-Forwarded-For', async () => {
    server = await startServer();
    await failTimes(ACCOUNT_LIMIT, () => INITIAL_ADMIN.email);
    const attempts: Array<[string, Promise<Response>]> = [
      ['/Login', post('/auth/Login', INITIAL_ADMIN)],
      ['/LOGIN', post('/auth/LOGIN', INITIAL_ADMIN)],
      ['trailing slash', post('/auth/login/', INITIAL_ADMIN)],
      ['double slash', post('/auth//login', INITIAL_ADMIN)],
      ['encoded letter', post('/auth/%6Cogin', INITIAL_ADMIN)],
      ['encoded slash', post('/auth%2Flogin', INITIAL_ADMIN)],
      ['query string', post('/auth/login?bypass=1', INITIAL_ADMIN)],
      ['upper-case e-mail', post('/auth/login', { ...INITIAL_ADMIN, email: 'ADMIN@Example.Test' })],
      ['padded e-mail', post('/auth/login', { ...INITIAL_ADMIN, email: '  admin@example.test ' })],
      ['extra fields', post('/auth/login', { ...INITIAL_ADMIN, remember: true, username: 'x', ip: '1.2.3.4' })],
      [
        'duplicate key',
        post('/auth/login', `{"email":"nobody@example.test","password":"${INITIAL_ADMIN.password}","email":"${INITIAL_ADMIN.email}"}`),
      ],
      ['spoofed X-Forwarded-For', right({ 'x-forwarded-for': '203.0.113.9' })],
      ['spoofed X-Real-IP', right({ 'x-real-ip': '203.0.113.10', forwarded: 'for=203.0.113.11' })],
      ['charset parameter', post('/auth/login', INITIAL_ADMIN, { 'content-type': 'application/json; charset=utf-8' })],
    ];
    for (const [name, pending] of attempts) {
      const res = await pending;
      const body = await res.json();
      expect([name, res.status]).toEqual([name, expect.toBeOneOf([429, 404, 400])]);
      expect(body).not.toHaveProperty('accessToken');
      expect(body).toMatchObject({ error: expect.any(String) });
    }
  });

  it('limits one address after 20 failures across accounts, and a spoofed X-Forwarded-For does not change the address', async () => {
    server = await startServer();
    await failTimes(
      ADDRESS_LIMIT,
      (i) => `guess${i}@example.test`,
      (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }),
    );
    for (const res of [await right(), await right({ 'x-forwarded-for': '198.51.100.200' })]) {
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject(TOO_MANY);
    }
  });

  it('uses the proxy-reported address only when TRUST_PROXY is set, and only its last hop', async () => {
    server = await startServer({ env: { TRUST_PROXY: 'true' } });
    await failTimes(
      ADDRESS_LIMIT,
      (i) => `guess${i}@example.test`,
      () => ({ 'x-forwarded-for': '198.51.100.7' }),
    );
    // The client cannot prepend its way out: the proxy's appended hop is the address.
    expect((await right({ 'x-forwarded-for': '203.0.113.1, 198.51.100.7' })).status).toBe(429);
    expect((await right({ 'x-forwarded-for': '198.51.100.8' })).status).toBe(200);
  });

  it('lets at most the limit of 1,000 concurrent attempts be checked, without a single server error', async () => {
    server = await startServer();
    const burst = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        wrong(i % 2 ? INITIAL_ADMIN.email : `burst${i}@example.test`).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    const counts = burst.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[401]).toBeLessThanOrEqual(ADDRESS_LIMIT);
    expect(counts[429]).toBeGreaterThanOrEqual(1000 - ADDRESS_LIMIT);
    expect(burst.every((r) => typeof r.body.error === 'string')).toBe(true);
    expect((await right()).status).toBe(429);
  });
});
