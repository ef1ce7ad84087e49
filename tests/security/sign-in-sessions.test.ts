// Probes for docs security.md "Sign-in and sessions", from an attacker's side of the real server:
// stored hashes, token strength and storage, rotation and reuse, invalidation, uniform failures,
// brute force with its bypass variants, and the forced password change lock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf, exec } from '@app/db';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, createUser, signInAsAdmin, stored, withDb, sqlText } from '../support/auth.ts';
import { tableRows } from '../support/db-state.ts';
import { startServer, type TestServer } from '../support/server.ts';

type Json = Record<string, any>;

const login = async (server: TestServer, email: string, password: string, headers: Record<string, string> = {}, path = '/auth/login') => {
  const res = await server.api(path, { method: 'POST', json: { email, password }, headers });
  return { status: res.status, body: (await res.json().catch(() => null)) as Json | null, headers: res.headers };
};

/** Every string stored in the database, to look for a token that should only exist as a hash. */
async function everyStoredString(server: TestServer): Promise<string> {
  return Object.values(await withDb(server, (db) => tableRows(db)))
    .flat()
    .join('\n');
}

describe('passwords and tokens at rest', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('stores passwords as Argon2id with 19 MiB, 2 iterations, parallelism 1', async () => {
    await signInAsAdmin(server);
    const hash = await withDb(server, async (db) => (await db.select().from(tablesOf(db).users))[0]!.passwordHash);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('accepts a 128-character passphrase, and the 8-character minimum', async () => {
    const long = `${'Long passphrase with spaces, digits 1234 & symbols! '.repeat(3)}`.slice(0, 128);
    await createUser(server, { email: 'long@example.test', password: long, role: 'admin' });
    expect((await login(server, 'long@example.test', long)).status).toBe(200);
    await createUser(server, { email: 'short@example.test', password: 'Ab1!abcd', role: 'admin' });
    expect((await login(server, 'short@example.test', 'Ab1!abcd')).status).toBe(200);
  });

  it('issues tokens of at least 128 random bits, new at every sign-in, never stored in clear', async () => {
    const a = await signInAsAdmin(server);
    const b = await signInAsAdmin(server);
    for (const token of [a.accessToken, a.refreshToken, b.accessToken, b.refreshToken]) {
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    }
    expect(new Set([a.accessToken, a.refreshToken, b.accessToken, b.refreshToken]).size).toBe(4);
    const stored = await everyStoredString(server);
    for (const token of [a.accessToken, a.refreshToken, b.accessToken, b.refreshToken]) expect(stored).not.toContain(token);
    // Nor in a log line, and no password either.
    for (const secret of [a.accessToken, a.refreshToken, b.accessToken, b.refreshToken, CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN.password]) {
      expect(server.output()).not.toContain(secret);
    }
  });

  it('ignores a token passed in the URL', async () => {
    const { accessToken } = await signInAsAdmin(server);
    for (const q of [`access_token=${accessToken}`, `token=${accessToken}`, `authorization=Bearer%20${accessToken}`]) {
      const res = await server.api(`/auth/profile?${q}`);
      expect(res.status).toBe(401);
    }
  });
});

describe('refresh rotation, logout and password change', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  const refresh = (token: string) => server.api('/auth/refresh', { method: 'POST', json: { refreshToken: token } });

  it('rotates the refresh token at every use, and a replayed one ends the whole family', async () => {
    const first = await signInAsAdmin(server);
    const r1 = await refresh(first.refreshToken);
    expect(r1.status).toBe(200);
    const second = (await r1.json()) as Json;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    // The attacker replays the stolen, already used token after the 30 s grace window for lost
    // answers (moved back here): the legitimate holder loses the session too.
    await withDb(server, (db) =>
      exec(db, sqlText(`update refresh_tokens set used_at = ${stored.earlier('used_at', 31_000)} where used_at is not null`)),
    );
    expect((await refresh(first.refreshToken)).status).toBe(401);
    expect((await refresh(second.refreshToken)).status).toBe(401);
    expect((await server.api('/auth/profile', { token: second.accessToken })).status).toBe(401);
  });

  it('gives refresh tokens an absolute lifetime', async () => {
    const session = await signInAsAdmin(server);
    const res = await server.api('/auth/session', { token: session.accessToken });
    const { absoluteExpiresAt } = (await res.json()) as Json;
    const hours = (Date.parse(absoluteExpiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(0);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('logout kills the access and the refresh token on the server', async () => {
    const s = await signInAsAdmin(server);
    expect((await server.api('/auth/logout', { method: 'POST', token: s.accessToken })).status).toBe(200);
    expect((await server.api('/auth/profile', { token: s.accessToken })).status).toBe(401);
    expect((await refresh(s.refreshToken)).status).toBe(401);
  });

  it('a password change ends the other sessions', async () => {
    await createUser(server, { email: 'changer@example.test', password: 'Before-Passw0rd!', role: 'admin' });
    const other = (await login(server, 'changer@example.test', 'Before-Passw0rd!')).body!;
    const mine = (await login(server, 'changer@example.test', 'Before-Passw0rd!')).body!;
    const res = await server.api('/auth/change-password', {
      method: 'POST',
      token: mine.accessToken,
      json: { currentPassword: 'Before-Passw0rd!', newPassword: 'After-Passw0rd!9' },
    });
    expect(res.status).toBe(200);
    expect((await server.api('/auth/profile', { token: other.accessToken })).status).toBe(401);
    expect((await refresh(other.refreshToken)).status).toBe(401);
  });
});

describe('uniform sign-in failures', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => server.stop());

  it('answers an unknown e-mail and a wrong password alike: status, body, headers and timing', async () => {
    const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
    const times = { unknown: [] as number[], wrong: [] as number[] };
    const answers = new Set<string>();
    for (let i = 0; i < 8; i++) {
      for (const [kind, email] of [
        ['unknown', `nobody${i}@example.test`],
        ['wrong', INITIAL_ADMIN.email],
      ] as const) {
        const start = performance.now();
        const r = await login(server, email, `Wrong-Passw0rd-${i}`, from(i));
        times[kind].push(performance.now() - start);
        const headerNames = [...r.headers.keys()].filter((h) => h !== 'date' && h !== 'content-length').sort();
        answers.add(JSON.stringify([r.status, r.body, headerNames]));
      }
    }
    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toContain('401');
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Without the dummy hash an unknown e-mail answers ~50× faster; a loaded machine adds noise, not that.
    const ratio = median(times.unknown) / median(times.wrong);
    expect(ratio, JSON.stringify(times)).toBeGreaterThan(0.33);
    expect(ratio, JSON.stringify(times)).toBeLessThan(3);
  });
});

describe('brute force', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('locks the account after repeated failures; variants of path, e-mail and X-Forwarded-For do not escape', async () => {
    for (let i = 0; i < 10; i++) await login(server, INITIAL_ADMIN.email, `guess-${i}`);
    expect((await login(server, INITIAL_ADMIN.email, INITIAL_ADMIN.password)).status).toBe(429);
    const variants = [
      await login(server, INITIAL_ADMIN.email.toUpperCase(), INITIAL_ADMIN.password),
      await login(server, ` ${INITIAL_ADMIN.email} `, INITIAL_ADMIN.password),
      await login(server, INITIAL_ADMIN.email, INITIAL_ADMIN.password, { 'x-forwarded-for': '203.0.113.9' }),
      await login(server, INITIAL_ADMIN.email, INITIAL_ADMIN.password, { 'x-real-ip': '203.0.113.10' }),
      await login(server, INITIAL_ADMIN.email, INITIAL_ADMIN.password, {}, '/auth/login/'),
      await login(server, INITIAL_ADMIN.email, INITIAL_ADMIN.password, {}, '/auth/Login'),
      await login(server, INITIAL_ADMIN.email, INITIAL_ADMIN.password, {}, '/auth/login?x=1'),
      await login(server, INITIAL_ADMIN.email, INITIAL_ADMIN.password, {}, '/auth//login'),
    ];
    for (const v of variants) {
      // Either still limited or not a sign-in route at all: never a token.
      expect([404, 429]).toContain(v.status);
      expect(v.body).toHaveProperty('error');
      expect(v.body).not.toHaveProperty('accessToken');
    }
  });

  it('lets no more than the limit through a concurrent burst on a fresh account', async () => {
    await createUser(server, { email: 'burst@example.test', password: 'Burst-Passw0rd!1', role: 'admin' });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => login(server, 'burst@example.test', `burst-guess-${i}`)));
    const checked = results.filter((r) => r.status === 401).length;
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(checked).toBeLessThanOrEqual(10);
    expect((await login(server, 'burst@example.test', 'Burst-Passw0rd!1')).status).toBe(429);
  });
});

describe('forced password change', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('a session that must change its password can call nothing else', async () => {
    const first = await login(server, INITIAL_ADMIN.email, INITIAL_ADMIN.password);
    expect(first.body!.user.mustChangePassword).toBe(true);
    const token = first.body!.accessToken as string;
    const calls: [string, string, unknown?][] = [
      ['GET', '/stats'],
      ['GET', '/inquiries'],
      ['GET', '/smtp/accounts'],
      ['GET', '/admin/technical-documents'],
      ['POST', '/products', {}],
      ['PUT', '/smtp/settings/newsletter', { recipientEmail: 'x@example.test' }],
      ['GET', '/auth/session'],
      ['POST', '/auth/extend'],
      ['GET', '/auth/profile'],
    ];
    for (const [method, path, json] of calls) {
      const res = await server.api(path, { method, token, json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as Json).error).toBe('Vous devez changer votre mot de passe avant de continuer');
    }
    // The change itself stays open, and after it the same calls pass.
    const changed = await server.api('/auth/change-password', {
      method: 'POST',
      token,
      json: { currentPassword: INITIAL_ADMIN.password, newPassword: CHANGED_ADMIN_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const fresh = ((await changed.json()) as Json).accessToken as string;
    expect((await server.api('/stats', { token: fresh })).status).toBe(200);
  });
});
