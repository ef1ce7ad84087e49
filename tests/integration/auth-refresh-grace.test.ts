// A refresh is a retried write too: the token just rotated, presented again within the grace
// window (its answer was lost), gets working tokens and revokes nothing; later, or an older
// token, still ends the whole session. Real server, real SQLite file.
import { exec } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin, withDb, sqlText } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

describe('refresh grace window', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { REFRESH_GRACE_MS: '30000' } });
    await signInAsAdmin(server);
  });
  afterAll(() => server?.stop());

  const refresh = (refreshToken: string) => server.api('/auth/refresh', { method: 'POST', json: { refreshToken } });
  const profile = (token: string) => server.api('/auth/profile', { token });
  const signIn = async () =>
    (await server.api('/auth/login', { method: 'POST', json: { email: INITIAL_ADMIN.email, password: CHANGED_ADMIN_PASSWORD } })).json();
  /** Moves every rotation of the database back in time (the window is measured from it). */
  const ageRotations = (ms: number) =>
    withDb(server, (db) => exec(db, sqlText('update refresh_tokens set used_at = used_at - ? where used_at is not null', ms)));

  it('answers a lost refresh again with working tokens, and the first answer keeps working too', async () => {
    const first = await signIn();
    const lost = await (await refresh(first.refreshToken)).json(); // the answer the client never saw
    const retry = await refresh(first.refreshToken);
    expect(retry.status).toBe(200);
    const again = await retry.json();
    expect((await profile(again.accessToken)).status).toBe(200);
    expect((await profile(lost.accessToken)).status).toBe(200);
    // The session goes on rotating normally from the retried answer.
    const next = await refresh(again.refreshToken);
    expect(next.status).toBe(200);
    expect(server.output()).not.toContain('refresh token reused');
  });

  it('still revokes the session when the used token comes back after the window', async () => {
    const first = await signIn();
    const second = await (await refresh(first.refreshToken)).json();
    await ageRotations(31_000);
    const replay = await refresh(first.refreshToken);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'Impossible de renouveler la session' });
    expect((await profile(second.accessToken)).status).toBe(401);
    expect((await refresh(second.refreshToken)).status).toBe(401);
    expect(server.output()).toContain('refresh token reused: session revoked');
  });

  it('still revokes the session when an older token comes back, even within the window', async () => {
    const first = await signIn();
    const second = await (await refresh(first.refreshToken)).json();
    const third = await (await refresh(second.refreshToken)).json();
    expect((await refresh(first.refreshToken)).status).toBe(401);
    expect((await profile(third.accessToken)).status).toBe(401);
  });
});
