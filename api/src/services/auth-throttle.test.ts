import { describe, expect, it } from 'vitest';
import { createThrottle } from './auth-throttle.ts';

describe('sign-in throttle', () => {
  it('refuses after the limit of failures within the window, and allows again after it', () => {
    const t = createThrottle({ limit: 2, windowMs: 1000 });
    for (const at of [0, 10]) {
      const a = t.begin('k', at);
      if (a.ok) a.finish(true, at);
    }
    expect(t.begin('k', 20)).toEqual({ ok: false, retryAfterMs: expect.any(Number) });
    expect(t.retryAfterMs('k', 20)).toBeGreaterThan(0);
    expect(t.begin('other', 20).ok).toBe(true);
    expect(t.retryAfterMs('k', 5000)).toBe(0);
  });

  it('does not count successes', () => {
    const t = createThrottle({ limit: 1, windowMs: 60_000 });
    for (let i = 0; i < 5; i++) {
      const a = t.begin('k');
      expect(a.ok).toBe(true);
      if (a.ok) a.finish(false);
    }
  });

  it('counts attempts still in flight, so a burst cannot pass the limit', () => {
    const t = createThrottle({ limit: 3, windowMs: 60_000 });
    const burst = Array.from({ length: 100 }, () => t.begin('k'));
    expect(burst.filter((a) => a.ok)).toHaveLength(3);
    for (const a of burst) if (a.ok) a.finish(true);
    expect(t.begin('k').ok).toBe(false);
  });

  it('frees the place of an attempt that succeeded, and clear() forgets failures', () => {
    const t = createThrottle({ limit: 1, windowMs: 60_000 });
    const a = t.begin('k');
    expect(t.begin('k').ok).toBe(false);
    if (a.ok) a.finish(false);
    const b = t.begin('k');
    if (b.ok) b.finish(true);
    expect(t.begin('k').ok).toBe(false);
    t.clear('k');
    expect(t.begin('k').ok).toBe(true);
  });
});
