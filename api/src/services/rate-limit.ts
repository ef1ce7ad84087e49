// Sliding-window counters in memory, keyed by whatever the caller chooses (account, address, route).
// Checking and counting happen in one synchronous step, so concurrent bursts cannot slip through.

export type RateLimitRule = { limit: number; windowMs: number };

export type RateLimiter = {
  /** Counts one hit for key; false when the key is over its limit (the hit is still recorded). */
  hit(key: string, now?: number): boolean;
  /** Would a hit now be refused? Does not count. */
  isLimited(key: string, now?: number): boolean;
  /** Milliseconds until key may try again (0 when it may). */
  retryAfterMs(key: string, now?: number): number;
  reset(key: string): void;
};

export function createRateLimiter({ limit, windowMs }: RateLimitRule, maxKeys = 100_000): RateLimiter {
  const hits = new Map<string, number[]>();

  const recent = (key: string, now: number) => {
    const list = (hits.get(key) ?? []).filter((t) => now - t < windowMs);
    if (list.length) hits.set(key, list);
    else hits.delete(key);
    return list;
  };

  return {
    hit(key, now = Date.now()) {
      const list = recent(key, now);
      list.push(now);
      hits.set(key, list);
      if (hits.size > maxKeys) hits.delete(hits.keys().next().value!); // bounded memory: drop the oldest key
      return list.length <= limit;
    },
    isLimited: (key, now = Date.now()) => recent(key, now).length >= limit,
    retryAfterMs(key, now = Date.now()) {
      const list = recent(key, now);
      return list.length < limit ? 0 : Math.max(0, windowMs - (now - list[list.length - limit]!));
    },
    reset: (key) => void hits.delete(key),
  };
}
