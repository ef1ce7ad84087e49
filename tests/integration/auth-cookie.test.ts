// The admin PWA's transport: access token in memory, refresh token in an HttpOnly SameSite=Strict
// cookie sent only to the refresh path, and the cross-site check on that cookie-authenticated call.
import { exec } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin, stored, withDb, sqlText } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

const COOKIE_MODE = { 'x-token-transport': 'cookie' };
const cookieValue = (setCookie: string | null) => /pm_refresh=([^;]*)/.exec(setCookie ?? '')?.[1] ?? null;

describe('refresh cookie', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    await signInAsAdmin(server);
  });
  afterAll(() => server?.stop());

  const credentials = { email: INITIAL_ADMIN.email, password: CHANGED_ADMIN_PASSWORD };
  const signInWithCookie = () => server.api('/auth/login', { method: 'POST', json: credentials, headers: COOKIE_MODE });
  const refreshWithCookie = (cookie: string, headers: Record<string, string> = { origin: server.url, 'sec-fetch-site': 'same-origin' }) =>
    server.api('/auth/refresh', { method: 'POST', headers: { cookie: `pm_refresh=${cookie}`, ...headers } });

  it('sets an HttpOnly, SameSite=Strict cookie scoped to the refresh path and keeps the token out of the body', async () => {
    const res = await signInWithCookie();
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/auth\/refresh(;|$)/);
    expect(setCookie).not.toMatch(/Secure/i); // plain HTTP here; see the HTTPS case below
    const body = await res.json();
    expect(body).not.toHaveProperty('refreshToken');
    expect(body.accessToken).toEqual(expect.any(String));
  });

  it('refreshes from the cookie alone and rotates it', async () => {
    const first = cookieValue((await signInWithCookie()).headers.get('set-cookie'))!;
    const res = await refreshWithCookie(first);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).not.toHaveProperty('refreshToken');
    expect((await server.api('/auth/profile', { token: body.accessToken })).status).toBe(200);
    const second = cookieValue(res.headers.get('set-cookie'));
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    // The used cookie is spent: presenting it again after the grace window for lost answers
    // (moved back here) ends the family and clears the cookie.
    await withDb(server, (db) =>
      exec(db, sqlText(`update refresh_tokens set used_at = ${stored.earlier('used_at', 31_000)} where used_at is not null`)),
    );
    const replay = await refreshWithCookie(first);
    expect(replay.status).toBe(401);
    expect(replay.headers.get('set-cookie')).toMatch(/pm_refresh=;.*Max-Age=0/i);
    expect((await refreshWithCookie(second!)).status).toBe(401);
  });

  it('refuses a cookie refresh sent from another site', async () => {
    const cookie = cookieValue((await signInWithCookie()).headers.get('set-cookie'))!;
    const crossSite: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://attacker.example' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await refreshWithCookie(cookie, headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: expect.any(String) });
    }
    expect((await refreshWithCookie(cookie)).status).toBe(200); // still unused, still good
  });

  it('clears the cookie at logout', async () => {
    const { accessToken } = await (await signInWithCookie()).json();
    const res = await server.api('/auth/logout', { method: 'POST', token: accessToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/pm_refresh=;.*Path=\/api\/auth\/refresh/i);
  });
});

describe('refresh cookie over HTTPS', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { PUBLIC_URL: 'https://moteurs.example' } });
  });
  afterAll(() => server?.stop());

  it('is marked Secure when the site is served over HTTPS', async () => {
    const res = await server.api('/auth/login', { method: 'POST', json: INITIAL_ADMIN, headers: COOKIE_MODE });
    expect(res.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  });
});
