import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { tablesOf, type Db } from '@app/db';
import type { AppEnv } from '../context.ts';
import { createSessions } from '../services/sessions.ts';
import { memoryDeps } from '../services/test-db.ts';
import { requireAdmin, sameSiteOnly } from './auth.ts';

describe('auth guards', () => {
  let db: Db;
  let app: Hono<AppEnv>;
  const tokenFor = async (role: string, mustChangePassword = false) => {
    const user = (
      await db
        .insert(tablesOf(db).users)
        .values({ email: `${role}-${Math.random()}@example.test`, name: role, role, passwordHash: 'x', mustChangePassword })
        .returning()
    )[0]!;
    return (await createSessions(db).create(user.id)).accessToken;
  };
  const call = (token?: string, headers: Record<string, string> = {}, method = 'GET') =>
    app.request('/admin-only', { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  beforeEach(async () => {
    const deps = await memoryDeps();
    db = deps.db;
    app = new Hono<AppEnv>()
      .use(sameSiteOnly(deps))
      .get('/admin-only', requireAdmin(deps), (c) => c.json({ user: c.var.user.email, session: c.var.sessionId }))
      .post('/admin-only', requireAdmin(deps), (c) => c.json({ ok: true }));
  });

  it('lets an administrator through and tells the handler who and which session', async () => {
    const res = await call(await tokenFor('admin'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: expect.stringMatching(/^admin-/), session: expect.any(String) });
  });

  it('answers 403 to a signed-in user whose role is not admin', async () => {
    const res = await call(await tokenFor('editor'));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'Accès réservé aux administrateurs' });
  });

  it('answers 403 to an administrator who must still change the password', async () => {
    const res = await call(await tokenFor('admin', true));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'Vous devez changer votre mot de passe avant de continuer' });
  });

  it('answers 401 without a token, with a malformed header and with an unknown token', async () => {
    expect(await (await call()).json()).toMatchObject({ error: 'Non authentifié' });
    expect((await call(undefined, { authorization: `Basic ${btoa('a:b')}` })).status).toBe(401);
    const unknown = await call('A'.repeat(43));
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ error: 'Session expirée' });
  });

  it('refuses state-changing requests a browser sends from another site', async () => {
    const token = await tokenFor('admin');
    expect((await call(token, { 'sec-fetch-site': 'cross-site' }, 'POST')).status).toBe(403);
    expect((await call(token, { 'sec-fetch-site': 'same-site' }, 'POST')).status).toBe(403);
    expect((await call(token, { origin: 'https://evil.example' }, 'POST')).status).toBe(403);
    expect((await call(token, { origin: 'null' }, 'POST')).status).toBe(403);
    expect((await call(token, { origin: 'https://moteurs.example', 'sec-fetch-site': 'same-origin' }, 'POST')).status).toBe(200);
    expect((await call(token, {}, 'POST')).status).toBe(200); // not a browser: nothing to forge
    expect((await call(token, { 'sec-fetch-site': 'cross-site' }, 'GET')).status).toBe(200);
  });
});
