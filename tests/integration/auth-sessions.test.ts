// Token refresh with rotation and reuse detection, lifetimes, session extension, logout and the
// end of every earlier token at a password change, against the real server and SQLite file.
import { exec } from '@app/db';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin, stored, withDb, sqlText } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

describe('sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    await signInAsAdmin(server); // does the forced change once
  });
  afterAll(() => server?.stop());

  const refresh = (refreshToken: string) => server.api('/auth/refresh', { method: 'POST', json: { refreshToken } });
  const profile = (token: string) => server.api('/auth/profile', { token });
  const signIn = async (password = CHANGED_ADMIN_PASSWORD) => {
    const res = await server.api('/auth/login', { method: 'POST', json: { email: INITIAL_ADMIN.email, password } });
    expect(res.status).toBe(200);
    return res.json();
  };
  const run = (statement: string, ...params: unknown[]) => withDb(server, (db) => exec(db, sqlText(statement, ...params)));
  /** Moves a time column of the session behind an access token (milliseconds since the epoch). */
  const ageSession = (accessToken: string, column: 'expires_at' | 'absolute_expires_at', at: number) =>
    run(
      `update auth_sessions set ${column} = ? where id = (select session_id from access_tokens where token_hash = ?)`,
      stored.time(at),
      sha256(accessToken),
    );
  const past = () => Date.now() - 1000;

  describe('refresh', () => {
    it('trades a refresh token for a new working pair and the user', async () => {
      const first = await signIn();
      const res = await refresh(first.refreshToken);
      expect(res.status).toBe(200);
      const next = await res.json();
      expect(next.accessToken).not.toBe(first.accessToken);
      expect(next.refreshToken).not.toBe(first.refreshToken);
      expect(next.user).toMatchObject({ email: INITIAL_ADMIN.email, mustChangePassword: false });
      expect((await profile(next.accessToken)).status).toBe(200);
    });

    it('accepts each refresh token once: reusing one ends the whole family', async () => {
      const first = await signIn();
      const second = await (await refresh(first.refreshToken)).json();
      const third = await (await refresh(second.refreshToken)).json();
      expect((await profile(third.accessToken)).status).toBe(200);

      const replay = await refresh(first.refreshToken);
      expect(replay.status).toBe(401);
      expect(await replay.json()).toMatchObject({ error: 'Impossible de renouveler la session' });
      // The latest tokens, whoever holds them, are dead too.
      expect((await profile(third.accessToken)).status).toBe(401);
      expect((await refresh(third.refreshToken)).status).toBe(401);
    });

    it('answers two simultaneous uses of a refresh token (a retried refresh, not a theft), and keeps one of the pairs alive', async () => {
      const first = await signIn();
      const answers = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const [a, b] = await Promise.all(answers.map((r) => r.json()));
      expect(a.refreshToken).not.toBe(b.refreshToken);
      const statuses = [(await profile(a.accessToken)).status, (await profile(b.accessToken)).status];
      expect(statuses.sort()).toEqual([200, 401]);
    });

    it('leaves the other sessions alone when one family is revoked', async () => {
      const other = await signIn();
      const first = await signIn();
      const second = await (await refresh(first.refreshToken)).json();
      await refresh(second.refreshToken);
      expect((await refresh(first.refreshToken)).status).toBe(401);
      expect((await profile(other.accessToken)).status).toBe(200);
    });

    it('refuses an unknown refresh token and a missing one', async () => {
      expect(await (await refresh('x'.repeat(43))).json()).toMatchObject({ error: 'Impossible de renouveler la session' });
      const none = await server.api('/auth/refresh', { method: 'POST', json: {} });
      expect(none.status).toBe(401);
      expect(await none.json()).toMatchObject({ error: 'Aucun refresh token disponible' });
    });

    it('refuses a refresh token past its idle lifetime', async () => {
      const first = await signIn();
      await run('update refresh_tokens set expires_at = ? where token_hash = ?', stored.time(past()), sha256(first.refreshToken));
      expect((await refresh(first.refreshToken)).status).toBe(401);
    });

    it('refuses to refresh a session past its absolute lifetime, and its access token stops working', async () => {
      const first = await signIn();
      await ageSession(first.accessToken, 'absolute_expires_at', past());
      expect((await profile(first.accessToken)).status).toBe(401);
      expect((await refresh(first.refreshToken)).status).toBe(401);
    });
  });

  describe('access tokens and session expiry', () => {
    it('gives short-lived access tokens (15 minutes at most) within a longer session', async () => {
      const { accessTokenExpiresAt, expiresAt, absoluteExpiresAt } = await signIn();
      const accessLeft = Date.parse(accessTokenExpiresAt) - Date.now();
      expect(accessLeft).toBeGreaterThan(14 * 60_000);
      expect(accessLeft).toBeLessThanOrEqual(15 * 60_000);
      expect(Date.parse(expiresAt)).toBeGreaterThan(Date.parse(accessTokenExpiresAt));
      expect(Date.parse(absoluteExpiresAt)).toBeGreaterThan(Date.parse(expiresAt));
    });

    it('answers 401 "Session expirée" for an expired access token, while its refresh token still works', async () => {
      const first = await signIn();
      await run('update access_tokens set expires_at = ? where token_hash = ?', stored.time(past()), sha256(first.accessToken));
      const res = await profile(first.accessToken);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'Session expirée' });
      expect((await refresh(first.refreshToken)).status).toBe(200);
    });

    it('answers 401 "Non authentifié" without a token, and ignores tokens in the URL', async () => {
      const { accessToken } = await signIn();
      const none = await server.api('/auth/profile');
      expect(none.status).toBe(401);
      expect(await none.json()).toMatchObject({ error: 'Non authentifié' });
      expect((await server.api(`/auth/profile?token=${accessToken}&access_token=${accessToken}`)).status).toBe(401);
    });

    it('reports the session end and extends it on request, never past the absolute end', async () => {
      const { accessToken } = await signIn();
      await ageSession(accessToken, 'expires_at', Date.now() + 4 * 60_000);
      const before = await (await server.api('/auth/session', { token: accessToken })).json();
      expect(Date.parse(before.expiresAt) - Date.now()).toBeLessThan(5 * 60_000);

      const extended = await server.api('/auth/extend', { method: 'POST', token: accessToken });
      expect(extended.status).toBe(200);
      const after = await extended.json();
      expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.parse(before.expiresAt) + 30 * 60_000);
      expect(await (await server.api('/auth/session', { token: accessToken })).json()).toEqual(after);

      const soon = Date.now() + 2 * 60_000;
      await ageSession(accessToken, 'absolute_expires_at', soon);
      const capped = await (await server.api('/auth/extend', { method: 'POST', token: accessToken })).json();
      expect(Date.parse(capped.expiresAt)).toBeLessThanOrEqual(soon);
    });

    it('ends the session when it is not extended in time', async () => {
      const first = await signIn();
      await ageSession(first.accessToken, 'expires_at', past());
      expect((await profile(first.accessToken)).status).toBe(401);
      expect((await server.api('/auth/extend', { method: 'POST', token: first.accessToken })).status).toBe(401);
      expect((await refresh(first.refreshToken)).status).toBe(401);
    });
  });

  describe('logout and password change', () => {
    it('logout ends the session server-side: its access and refresh tokens stop working', async () => {
      const first = await signIn();
      const res = await server.api('/auth/logout', { method: 'POST', token: first.accessToken });
      expect(res.status).toBe(200);
      expect((await profile(first.accessToken)).status).toBe(401);
      expect((await refresh(first.refreshToken)).status).toBe(401);
    });

    it('a password change ends every earlier session and hands over a new working pair', async () => {
      const other = await signIn();
      const current = await signIn();
      const newPassword = 'Another-Passw0rd!';
      const res = await server.api('/auth/change-password', {
        method: 'POST',
        token: current.accessToken,
        json: { currentPassword: CHANGED_ADMIN_PASSWORD, newPassword },
      });
      expect(res.status).toBe(200);
      const changed = await res.json();
      for (const old of [other, current]) {
        expect((await profile(old.accessToken)).status).toBe(401);
        expect((await refresh(old.refreshToken)).status).toBe(401);
      }
      expect((await profile(changed.accessToken)).status).toBe(200);
      expect((await refresh(changed.refreshToken)).status).toBe(200);

      // The old password no longer signs in; put it back for the other tests.
      const stale = await server.api('/auth/login', {
        method: 'POST',
        json: { email: INITIAL_ADMIN.email, password: CHANGED_ADMIN_PASSWORD },
      });
      expect(stale.status).toBe(401);
      const again = await signIn(newPassword);
      const back = await server.api('/auth/change-password', {
        method: 'POST',
        token: again.accessToken,
        json: { currentPassword: newPassword, newPassword: CHANGED_ADMIN_PASSWORD },
      });
      expect(back.status).toBe(200);
    });
  });
});
