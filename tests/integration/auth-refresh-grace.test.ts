// A refresh is a retried write too: the token just rotated, presented again within the grace
// window (its answer was lost), gets working tokens and revokes nothing; later, or an older
// token, still ends the whole session. Real server, real SQLite file.
import { exec } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin, stored, withDb, sqlText } from '../support/auth.ts';
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
  /** The family was ended as a reuse: its newest pair no longer works, and the server said why. */
  const expectEnded = async (newest: { accessToken: string; refreshToken: string }) => {
    expect((await profile(newest.accessToken)).status).toBe(401);
    expect((await refresh(newest.refreshToken)).status).toBe(401);
    expect(server.output()).toContain('refresh token reused: session revoked');
  };
  /** Moves every rotation of the database back in time (the window is measured from it). */
  const ageRotations = (ms: number) =>
    withDb(server, (db) =>
      exec(db, sqlText(`update refresh_tokens set used_at = ${stored.earlier('used_at', ms)} where used_at is not null`)),
    );

  it('answers a lost refresh again with working tokens, and retires the pair of the lost answer', async () => {
    const first = await signIn();
    const lost = await (await refresh(first.refreshToken)).json(); // the answer the client never saw
    const retry = await refresh(first.refreshToken);
    expect(retry.status).toBe(200);
    const again = await retry.json();
    expect((await profile(again.accessToken)).status).toBe(200);
    expect((await profile(lost.accessToken)).status).toBe(401);
    // The session goes on rotating normally from the retried answer.
    const next = await refresh(again.refreshToken);
    expect(next.status).toBe(200);
    expect((await profile((await next.json()).accessToken)).status).toBe(200);
    expect(server.output()).not.toContain('refresh token reused');
  });

  it('six concurrent refreshes with one token leave one live refresh token', async () => {
    const first = await signIn();
    const answers = await Promise.all(Array.from({ length: 6 }, () => refresh(first.refreshToken)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const pairs = (await Promise.all(answers.map((a) => a.json()))) as { accessToken: string; refreshToken: string }[];
    const working: typeof pairs = [];
    for (const pair of pairs) if ((await profile(pair.accessToken)).status === 200) working.push(pair);
    expect(working).toHaveLength(1);
    // The live one renews; any of the five retired ones is a forked family: presenting it ends the session.
    const renewed = await refresh(working[0]!.refreshToken);
    expect(renewed.status).toBe(200);
    const live = await renewed.json();
    const retired = pairs.find((p) => p !== working[0])!;
    expect((await refresh(retired.refreshToken)).status).toBe(401);
    await expectEnded(live);
  });

  it('a thief retrying a stolen token within the window forks nothing: the owner’s next refresh ends the session', async () => {
    const first = await signIn();
    const owner = await (await refresh(first.refreshToken)).json();
    const thief = await refresh(first.refreshToken); // the rotated token, replayed within the window
    expect(thief.status).toBe(200);
    const stolen = await thief.json();
    // The owner's pair was retired by the thief's retry; the owner's refresh is then a reuse, which revokes the family.
    expect((await profile(owner.accessToken)).status).toBe(401);
    expect((await refresh(owner.refreshToken)).status).toBe(401);
    await expectEnded(stolen);
  });

  it('still revokes the session when the used token comes back after the window', async () => {
    const first = await signIn();
    const second = await (await refresh(first.refreshToken)).json();
    await ageRotations(31_000);
    const replay = await refresh(first.refreshToken);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'Impossible de renouveler la session' });
    await expectEnded(second);
  });

  it('still revokes the session when an older token comes back, even within the window', async () => {
    const first = await signIn();
    const second = await (await refresh(first.refreshToken)).json();
    const third = await (await refresh(second.refreshToken)).json();
    expect((await refresh(first.refreshToken)).status).toBe(401);
    expect((await profile(third.accessToken)).status).toBe(401);
  });
});
