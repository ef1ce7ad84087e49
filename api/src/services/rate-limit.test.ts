import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.ts';

describe('rate limiter', () => {
  it('refuses the hit after the limit within the window and allows again after it', () => {
    const rl = createRateLimiter({ limit: 3, windowMs: 1000 });
    expect([rl.hit('a', 0), rl.hit('a', 10), rl.hit('a', 20)]).toEqual([true, true, true]);
    expect(rl.hit('a', 30)).toBe(false);
    expect(rl.isLimited('a', 500)).toBe(true);
    expect(rl.retryAfterMs('a', 500)).toBe(510);
    expect(rl.hit('a', 1040)).toBe(true);
  });

  it('keeps keys apart', () => {
    const rl = createRateLimiter({ limit: 1, windowMs: 1000 });
    expect(rl.hit('a', 0)).toBe(true);
    expect(rl.hit('b', 0)).toBe(true);
    expect(rl.hit('a', 1)).toBe(false);
  });
});
