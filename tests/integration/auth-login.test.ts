// Sign-in, the forced password change and the admin guard, against the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

describe('sign-in and the forced password change', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('signs the first admin in with tokens, the session end and a user who must change the password', async () => {
    const res = await server.api('/auth/login', { method: 'POST', json: INITIAL_ADMIN });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
      user: { id: expect.any(Number), name: 'Administrateur', email: 'admin@example.test', role: 'admin', mustChangePassword: true },
    });
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('gives a new token pair at every sign-in', async () => {
    const a = await (await server.api('/auth/login', { method: 'POST', json: INITIAL_ADMIN })).json();
    const b = await (await server.api('/auth/login', { method: 'POST', json: INITIAL_ADMIN })).json();
    expect(a.accessToken).not.toBe(b.accessToken);
    expect(a.refreshToken).not.toBe(b.refreshToken);
  });

  it('refuses admin routes with 403 until the password is changed, then allows them', async () => {
    const { accessToken } = await (await server.api('/auth/login', { method: 'POST', json: INITIAL_ADMIN })).json();
    const locked = await server.api('/auth/profile', { token: accessToken });
    expect(locked.status).toBe(403);
    expect(await locked.json()).toMatchObject({ error: expect.any(String) });

    const admin = await signInAsAdmin(server);
    const profile = await server.api('/auth/profile', { headers: admin.headers });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email: 'admin@example.test', role: 'admin', mustChangePassword: false });
  });

  it('signs in again with the changed password, several times', async () => {
    const first = await signInAsAdmin(server);
    const second = await signInAsAdmin(server);
    expect(first.accessToken).not.toBe(second.accessToken);
    const res = await server.api('/auth/login', { method: 'POST', json: { email: INITIAL_ADMIN.email, password: CHANGED_ADMIN_PASSWORD } });
    expect(res.status).toBe(200);
    expect((await res.json()).user.mustChangePassword).toBe(false);
  });

  it('answers an unknown e-mail and a wrong password with the same status, body, headers and similar timing', async () => {
    const attempt = async (email: string) => {
      const started = performance.now();
      const res = await server.api('/auth/login', { method: 'POST', json: { email, password: 'Wrong-Passw0rd!' } });
      const elapsed = performance.now() - started;
      const headers = [...res.headers.keys()].filter((k) => k !== 'date').sort();
      return { status: res.status, body: await res.json(), headers, elapsed };
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    let pair: Array<Awaited<ReturnType<typeof attempt>>> = [];
    for (let i = 0; i < 4; i++) {
      pair = [await attempt('nobody@example.test'), await attempt(INITIAL_ADMIN.email)];
      unknown.push(pair[0]!.elapsed);
      wrong.push(pair[1]!.elapsed);
    }
    const [a, b] = pair;
    expect(a!.status).toBe(401);
    expect(a!.body).toMatchObject({ error: 'Email ou mot de passe incorrect' });
    expect(b!.body).toEqual(a!.body);
    expect(b!.status).toBe(a!.status);
    expect(b!.headers).toEqual(a!.headers);
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    // Both verify an Argon2id hash; without the dummy hash an unknown e-mail answers ~50x faster.
    const ratio = median(unknown) / median(wrong);
    // Without the dummy-hash check the unknown e-mail answers ~50x faster (ratio ~0.02); the wide
    // bounds keep a loaded machine's noise from failing the test while still catching that defect.
    expect(ratio).toBeGreaterThan(0.25);
    expect(ratio).toBeLessThan(4);
  });

  describe('bad requests', () => {
    const post = (body: string, contentType = 'application/json') =>
      server.api('/auth/login', { method: 'POST', headers: { 'content-type': contentType }, body });

    it.each([
      ['invalid JSON', '{"email": "admin@example.test", ', undefined],
      ['an empty body', '', undefined],
      ['JSON null', 'null', undefined],
      ['a JSON array', '[]', undefined],
      ['a missing e-mail', '{"password":"x"}', 'email'],
      ['a missing password', '{"email":"admin@example.test"}', 'password'],
      ['an e-mail of the wrong type', '{"email":{"$ne":null},"password":"x"}', 'email'],
      ['a password of the wrong type', '{"email":"admin@example.test","password":true}', 'password'],
    ])('answers %s with 400 and an error naming what is wrong', async (_, body, field) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json).toMatchObject({ error: expect.any(String) });
      // A field problem names the field in `errors`, next to the message the screen shows.
      if (field) expect(json.errors[0]).toEqual({ field, message: json.error });
    });

    it('refuses an oversized body with 413 before reading it all', async () => {
      const res = await post(JSON.stringify({ email: INITIAL_ADMIN.email, password: 'x'.repeat(100_000) }));
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: expect.any(String) });
    });

    it('answers a form-encoded sign-in with 400, not a sign-in', async () => {
      const res = await post('email=admin%40example.test&password=Initial-Passw0rd!', 'application/x-www-form-urlencoded');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.any(String), errors: [{ field: 'email' }, { field: 'password' }] });
    });

    it('answers an unknown auth route with 404 {error}, and a wrong method with 405 {error} and the methods it has', async () => {
      const unknown = await server.api('/auth/register', { method: 'POST', json: {} });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ error: expect.any(String) });
      const wrongMethod = await server.api('/auth/login');
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get('allow')).toBe('POST');
      expect(await wrongMethod.json()).toMatchObject({ error: 'Méthode non autorisée pour cette ressource' });
    });
  });
});
