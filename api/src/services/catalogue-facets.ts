// The facet counts of the listing search, kept up to date by the writes instead of recounted after each
// (issue #17: at 100,000 listings the recount after every write was what made search grow ×4–×15).
// A base set (search term, category, featured, price and power bounds) is counted once, grouped by
// brand, condition and kind; then each listing write moves that one listing from the group it was in to
// the group it is in now, in every base set kept. Commits of other connections (a seed, a restore) are
// not seen that way: their marker starts every count again. See docs/decisions/077-search-at-scale.md.

export type Group = { brand: string; condition: string; kind: string; count: number };
/**
 * Where a listing stands in a base set: its group's key fields, null when the set does not hold it, or
 * undefined when that cannot be told cheaply (the set is then forgotten at the write and counted again
 * when next asked).
 */
export type Placement = Omit<Group, 'count'> | null | undefined;

type Entry<B> = { base: B; marker: string; groups: Map<string, Group> };

/** Places one listing in base sets: made once per listing and moment (before, after the write), then asked per set. */
export type Placer<B> = { place(base: B): Promise<Placement>; close?(): Promise<void> };
export type Written<T> = { id: number; value: T; stillTrue?: () => Promise<boolean> };

const groupKey = (g: Omit<Group, 'count'>) => `${g.brand}\u0000${g.condition}\u0000${g.kind}`;

export type FacetCache<B> = {
  /** The groups of one base set: from memory when known for `marker`, else counted by `count` (and kept when no write overlapped the count). */
  groups(key: string, base: B, marker: string, count: () => Promise<Group[]>): Promise<Group[]>;
  /**
   * Runs one listing write (`run` answers the listing's id) and applies it to every kept base set:
   * `placer(id)` says where the listing stands in each set, asked before the write (when the id is known)
   * and after it. A write that fails forgets every set (what it changed is unknown). `stillTrue`, when
   * given, is asked before the next count is answered: false (the transaction around the write rolled
   * back after all) forgets every set.
   */
  write<T>(id: number | undefined, placer: (id: number) => Promise<Placer<B>>, run: () => Promise<Written<T>>): Promise<T>;
  /** Forgets every set: for writes that do not go through `write` (bulk loads). */
  clear(): void;
  size(): number;
};

/**
 * `maxEntries` bounds the memory and the work of a write (two placements per kept set); the sets used
 * least recently go first.
 */
export function createFacetCache<B>({ maxEntries = 64 } = {}): FacetCache<B> {
  const entries = new Map<string, Entry<B>>(); // insertion order = least recently used first
  // Moves on when a write starts and when it ends: a count that overlapped a write may have seen the
  // table before or after it, so it is used for its request but not kept.
  let epoch = 0;
  let writing = 0;
  let unconfirmed: (() => Promise<boolean>)[] = [];

  /** Writes applied inside a transaction that may still roll back: checked once it is over (statements outside it wait for it). */
  const confirm = async () => {
    const checks = unconfirmed;
    unconfirmed = [];
    for (const stillTrue of checks) {
      if (!(await stillTrue())) {
        entries.clear();
        epoch++;
        return;
      }
    }
  };

  const placements = async (id: number, placer: (id: number) => Promise<Placer<B>>) => {
    const out = new Map<string, Placement>();
    if (!entries.size) return out;
    const p = await placer(id);
    try {
      for (const [key, entry] of entries) out.set(key, await p.place(entry.base));
    } finally {
      await p.close?.();
    }
    return out;
  };

  const move = (entry: Entry<B>, from: Placement, to: Placement) => {
    if (from && to && groupKey(from) === groupKey(to)) return;
    if (from) {
      const g = entry.groups.get(groupKey(from));
      if (g) g.count -= 1;
      if (g && g.count <= 0) entry.groups.delete(groupKey(from));
    }
    if (to) {
      const g = entry.groups.get(groupKey(to));
      if (g) g.count += 1;
      else entry.groups.set(groupKey(to), { ...to, count: 1 });
    }
  };

  return {
    async groups(key, base, marker, count) {
      if (unconfirmed.length && writing === 0) await confirm();
      const hit = entries.get(key);
      if (hit && hit.marker === marker) {
        entries.delete(key);
        entries.set(key, hit);
        return [...hit.groups.values()];
      }
      const startedAt = epoch;
      const counted = await count();
      if (writing === 0 && epoch === startedAt) {
        entries.delete(key);
        entries.set(key, { base, marker, groups: new Map(counted.map((g) => [groupKey(g), { ...g }])) });
        for (const oldest of entries.keys()) {
          if (entries.size <= maxEntries) break;
          entries.delete(oldest);
        }
      }
      return counted;
    },

    async write(id, placer, run) {
      writing++;
      epoch++;
      // Placing is bookkeeping: when it fails, the sets are forgotten, never the write.
      const placed = (listing: number) =>
        placements(listing, placer).catch(() => {
          entries.clear();
          return new Map<string, Placement>();
        });
      try {
        const before = id === undefined ? undefined : await placed(id);
        // A write that fails changed something unknown: forget every set.
        const done = await run().catch((err: unknown) => {
          entries.clear();
          throw err;
        });
        const after = await placed(done.id);
        if (done.stillTrue) unconfirmed.push(done.stillTrue);
        for (const [key, entry] of entries) {
          // Every kept set was placed before the write started: counts that overlap a write are not kept.
          const from = before ? before.get(key) : null;
          const to = after.get(key);
          if (from === undefined || to === undefined) entries.delete(key);
          else move(entry, from, to);
        }
        return done.value;
      } finally {
        writing--;
        epoch++;
      }
    },

    clear: () => entries.clear(),
    size: () => entries.size,
  };
}
