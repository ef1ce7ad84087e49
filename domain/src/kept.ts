// Results kept by key, for work whose result never changes for its key (a stored picture's variant URLs,
// its srcsets): issue #17, work pages repeated on every render.

/**
 * A store of `make()`'s result per key, with at most `limit` keys. It is emptied when full: cheaper on every
 * call than keeping an order, and a key asked again is simply made again.
 */
export function keptByKey<V>(limit: number): (key: string, make: () => V) => V {
  const kept = new Map<string, V>();
  return (key, make) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = make();
      if (kept.size >= limit) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
