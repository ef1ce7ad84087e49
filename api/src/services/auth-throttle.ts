// Limits password guessing per account and per client address. Only failures count, so a user who
// signs in correctly is never locked out by their own successes; attempts still being checked count
// as failures until they finish, so a burst of concurrent requests cannot all get through.

export type ThrottleRule = { limit: number; windowMs: number };

export type Throttle = {
  /** Reserves one attempt for key, or answers the wait in ms when key is over its limit. */
  begin(key: string, now?: number): { ok: true; finish: (failed: boolean, now?: number) => void } | { ok: false; retryAfterMs: number };
  /** Would an attempt for key be refused now? */
  retryAfterMs(key: string, now?: number): number;
  /** Forgets the failures of key (after a successful sign-in on that account). */
  clear(key: string): void;
};

export function createThrottle({ limit, windowMs }: ThrottleRule, maxKeys = 100_000): Throttle {
  const failures = new Map<string, number[]>();
  const pending = new Map<string, number>();

  const recent = (key: string, now: number) => {
    const list = (failures.get(key) ?? []).filter((t) => now - t < windowMs);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };

  const retryAfterMs = (key: string, now = Date.now()) => {
    const list = recent(key, now);
    const used = list.length + (pending.get(key) ?? 0);
    if (used < limit) return 0;
    // Over the limit only because of attempts in flight: ask to come back shortly.
    const oldest = list[Math.max(0, list.length - limit)];
    return oldest === undefined ? 1000 : Math.max(1000, windowMs - (now - oldest));
  };

  return {
    begin(key, now = Date.now()) {
      const wait = retryAfterMs(key, now);
      if (wait > 0) return { ok: false, retryAfterMs: wait };
      pending.set(key, (pending.get(key) ?? 0) + 1);
      let done = false;
      return {
        ok: true,
        finish(failed, at = Date.now()) {
          if (done) return;
          done = true;
          const n = (pending.get(key) ?? 1) - 1;
          if (n > 0) pending.set(key, n);
          else pending.delete(key);
          if (failed) failures.set(key, [...recent(key, at), at]);
          if (failures.size > maxKeys) failures.delete(failures.keys().next().value!); // bounded memory
        },
      };
    },
    retryAfterMs,
    clear: (key) => void failures.delete(key),
  };
}
