// The facet counts of the listing search (the public filter panel), counted at read time: one grouped
// query per base filter set (search term, category, featured, price and power bounds), remembered per
// catalogue version and forgotten when it moves. The version is app_meta 'data_version', which every
// announced write bumps on either engine whichever instance made it (db/src/data-version.ts), so
// listing writes do no facet work and another instance's write is counted at the next read (issue 33).
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { row, type Db } from '@app/db';

/** The listings of a base set sharing one brand, condition and kind. */
export type Group = { brand: string; condition: string; kind: string; count: number };

export type FacetCounts = {
  /** The groups of base set `key` at catalogue version `version`: remembered, or counted by `count`. */
  groups(key: string, version: string, count: () => Promise<Group[]>): Promise<Group[]>;
};

/**
 * `max` base sets are remembered, the least recently used going first: a few KB each. Keyed by the version
 * too, so a set counted before a write is never answered after it; concurrent asks share one count.
 */
export function createFacetCounts({ max = 64 } = {}): FacetCounts {
  const kept = new LRUCache<string, Promise<Group[]>>({ max });
  let latest: string | undefined;
  return {
    groups(key, version, count) {
      // A new version makes every kept set useless: free them at once rather than as they age out.
      if (version !== latest) {
        latest = version;
        kept.clear();
      }
      const id = `${version}\u0000${key}`;
      let groups = kept.get(id);
      if (!groups) {
        groups = count();
        kept.set(id, groups);
        groups.catch(() => kept.delete(id));
      }
      return groups;
    },
  };
}

/** The catalogue's version as a column (`catalogueVersion`) of a statement read anyway: no extra round trip. */
export const catalogueVersionColumn = sql`(select value from app_meta where key = 'data_version') as "catalogueVersion"`;

/** The catalogue's version on its own. */
export async function catalogueVersion(db: Db): Promise<string> {
  return String((await row<{ v: string | number }>(db, sql`select value as v from app_meta where key = 'data_version'`))?.v ?? '0');
}
