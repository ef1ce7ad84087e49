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
    expect(await locked.json()).toEqual({ error: expect.any(String) });

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
});
