import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@app/db';
import { createRateLimiter, createThrottle, purgeRateLimitHits, reserveAttempts, type Throttle } from './shared-limits.ts';
import { migratedFile, openAsync } from './test-db.ts';

let file: string;
let db: Db;
let other: Db;
beforeEach(async () => {
  file = await migratedFile();
  db = openAsync(file);
  // A second connection: what another instance sees. Used one statement after the other, never in a
  // concurrent burst: in one thread, a connection waiting for the other's write lock would block the
  // very thread that must release it (the multi-instance tests run real processes for that).
  other = openAsync(file);
});
afterEach(async () => {
  await db.$close();
  await other.$close();
});

describe('rate limiter', () => {
  it('refuses the hit after the limit within the window and allows again after it', async () => {
    const rl = createRateLimiter(db, 'form', { limit: 3, windowMs: 1000 });
    expect([await rl.hit('a', 0), await rl.hit('a', 10), await rl.hit('a', 20)]).toEqual([true, true, true]);
    expect(await rl.hit('a', 30)).toBe(false);
    expect(await rl.retryAfterMs('a', 500)).toBe(510);
    expect(await rl.hit('a', 1040)).toBe(true);
  });

  it('keeps keys and limiters apart', async () => {
    const rl = createRateLimiter(db, 'form', { limit: 1, windowMs: 1000 });
    const another = createRateLimiter(db, 'other-form', { limit: 1, windowMs: 1000 });
    expect(await rl.hit('a', 0)).toBe(true);
    expect(await rl.hit('b', 0)).toBe(true);
    expect(await another.hit('a', 0)).toBe(true);
    expect(await rl.hit('a', 1)).toBe(false);
  });

  it('counts the hits of every connection to the database together', async () => {
    const here = createRateLimiter(db, 'form', { limit: 4, windowMs: 60_000 });
    const there = createRateLimiter(other, 'form', { limit: 4, windowMs: 60_000 });
    const hits: boolean[] = [];
    for (let i = 0; i < 6; i++) hits.push(await (i % 2 ? here : there).hit('a'));
    expect(hits).toEqual([true, true, true, true, false, false]);
    expect(await there.retryAfterMs('a')).toBeGreaterThan(0);
  });
});

describe('sign-in throttle', () => {
  /** One attempt, reserved then finished. */
  const attempt = async (t: Throttle, key: string, failed: boolean, at = Date.now()) => {
    const r = await reserveAttempts(db, [[t, key]], at);
    if (r.ok) await t.finish(r.ids[0]!, failed);
    return r.ok;
  };

  it('refuses after the limit of failures within the window, and allows again after it', async () => {
    const t = createThrottle(db, 'login', { limit: 2, windowMs: 1000 });
    for (const at of [0, 10]) expect(await attempt(t, 'k', true, at)).toBe(true);
    expect(await reserveAttempts(db, [[t, 'k']], 20)).toEqual({ ok: false, retryAfterMs: expect.any(Number) });
    expect(await t.retryAfterMs('k', 20)).toBeGreaterThan(0);
    expect((await reserveAttempts(db, [[t, 'other']], 20)).ok).toBe(true);
    expect(await t.retryAfterMs('k', 5000)).toBe(0);
  });

  it('does not count successes', async () => {
    const t = createThrottle(db, 'login', { limit: 1, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) expect(await attempt(t, 'k', false)).toBe(true);
  });

  it('counts attempts still in flight, so a burst cannot pass the limit, and another connection sees them', async () => {
    const here = createThrottle(db, 'login', { limit: 3, windowMs: 60_000 });
    const there = createThrottle(other, 'login', { limit: 3, windowMs: 60_000 });
    const burst = await Promise.all(Array.from({ length: 100 }, () => reserveAttempts(db, [[here, 'k']])));
    const passed = burst.filter((r) => r.ok);
    expect(passed).toHaveLength(3);
    expect(await there.retryAfterMs('k')).toBe(1000); // only in flight: come back shortly
    for (const r of passed) await here.finish(r.ids[0]!, true);
    expect((await reserveAttempts(other, [[there, 'k']])).ok).toBe(false);
    expect(await there.retryAfterMs('k')).toBeGreaterThan(50_000);
  });

  it('frees the place of an attempt that succeeded, and clear() forgets failures', async () => {
    const t = createThrottle(db, 'login', { limit: 1, windowMs: 60_000 });
    const a = await reserveAttempts(db, [[t, 'k']]);
    expect((await reserveAttempts(db, [[t, 'k']])).ok).toBe(false);
    if (a.ok) await t.finish(a.ids[0]!, false);
    expect(await attempt(t, 'k', true)).toBe(true);
    expect((await reserveAttempts(db, [[t, 'k']])).ok).toBe(false);
    await t.clear('k');
    expect((await reserveAttempts(db, [[t, 'k']])).ok).toBe(true);
  });

  it('reserves on two throttles at once, or on neither', async () => {
    const byAddress = createThrottle(db, 'login-address', { limit: 5, windowMs: 60_000 });
    const byAccount = createThrottle(db, 'login-account', { limit: 1, windowMs: 60_000 });
    const first = await reserveAttempts(db, [
      [byAddress, 'ip'],
      [byAccount, 'acct'],
    ]);
    expect(first.ok && first.ids).toHaveLength(2);
    expect(
      (
        await reserveAttempts(db, [
          [byAddress, 'ip'],
          [byAccount, 'acct'],
        ])
      ).ok,
    ).toBe(false);
    // The refused reservation took no place on the address.
    for (let i = 0; i < 4; i++) expect((await reserveAttempts(db, [[byAddress, 'ip']])).ok).toBe(true);
  });
});

it('purges the hits that no longer count, and only those', async () => {
  const rl = createRateLimiter(db, 'form', { limit: 1, windowMs: 1000 });
  await rl.hit('old', 0);
  await rl.hit('new', 5000);
  expect(await purgeRateLimitHits(db, 5500)).toBe(1);
  expect(await rl.hit('new', 5600)).toBe(false);
});
