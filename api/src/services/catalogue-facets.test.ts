import { describe, expect, it } from 'vitest';
import { createFacetCache, type Group, type Placement } from './catalogue-facets.ts';

// A tiny in-memory catalogue stands in for the table: `count` groups it, `place` finds one listing.
type Listing = { id: number; brand: string; condition: string; kind: string; price: number };
type Base = { maxPrice?: number };

function catalogue(listings: Listing[]) {
  let counts = 0;
  const holds = (base: Base, l: Listing) => base.maxPrice === undefined || l.price <= base.maxPrice;
  const count = (base: Base) => async (): Promise<Group[]> => {
    counts++;
    const groups = new Map<string, Group>();
    for (const l of listings.filter((x) => holds(base, x))) {
      const key = `${l.brand}|${l.condition}|${l.kind}`;
      const g = groups.get(key) ?? { brand: l.brand, condition: l.condition, kind: l.kind, count: 0 };
      g.count++;
      groups.set(key, g);
    }
    return [...groups.values()];
  };
  const place = async (base: Base, id: number): Promise<Placement> => {
    const l = listings.find((x) => x.id === id);
    return l && holds(base, l) ? { brand: l.brand, condition: l.condition, kind: l.kind } : null;
  };
  const placer = async (id: number) => ({ place: (base: Base) => place(base, id) });
  return { listings, count, place, placer, counts: () => counts };
}

const sorted = (groups: Group[]) =>
  [...groups].sort((a, b) => `${a.brand}${a.condition}${a.kind}`.localeCompare(`${b.brand}${b.condition}${b.kind}`));

describe('facet counts kept up to date by the writes', () => {
  it('moves a created, edited or deleted listing between groups of every kept set, without counting again', async () => {
    const db = catalogue([
      { id: 1, brand: 'Volvo', condition: 'new', kind: 'marine', price: 100 },
      { id: 2, brand: 'Volvo', condition: 'used', kind: 'marine', price: 900 },
    ]);
    const cache = createFacetCache<Base>();
    const all: Base = {};
    const cheap: Base = { maxPrice: 500 };
    await cache.groups('all', all, 'm', db.count(all));
    await cache.groups('cheap', cheap, 'm', db.count(cheap));
    expect(db.counts()).toBe(2);

    // Created: a new brand appears in both sets.
    await cache.write(
      undefined,
      db.placer,
      async () => (db.listings.push({ id: 3, brand: 'MAN', condition: 'new', kind: 'generator', price: 50 }), { id: 3, value: null }),
    );
    // Edited: listing 1 leaves the cheap set and changes group.
    await cache.write(
      1,
      db.placer,
      async () => (Object.assign(db.listings[0]!, { condition: 'used', price: 800 }), { id: 1, value: null }),
    );
    // Deleted: listing 2's group empties and goes.
    await cache.write(2, db.placer, async () => (db.listings.splice(1, 1), { id: 2, value: null }));

    for (const [key, base] of [
      ['all', all],
      ['cheap', cheap],
    ] as const) {
      const kept = await cache.groups(key, base, 'm', async () => {
        throw new Error('counted again');
      });
      expect(sorted(kept)).toEqual(sorted(await db.count(base)()));
    }
    expect(sorted(await cache.groups('all', all, 'm', db.count(all)))).toEqual([
      { brand: 'MAN', condition: 'new', kind: 'generator', count: 1 },
      { brand: 'Volvo', condition: 'used', kind: 'marine', count: 1 },
    ]);
  });

  it('counts again when the marker moves (another connection committed)', async () => {
    const db = catalogue([{ id: 1, brand: 'Volvo', condition: 'new', kind: 'marine', price: 1 }]);
    const cache = createFacetCache<Base>();
    await cache.groups('all', {}, 'v1', db.count({}));
    await cache.groups('all', {}, 'v1', db.count({}));
    expect(db.counts()).toBe(1);
    await cache.groups('all', {}, 'v2', db.count({}));
    expect(db.counts()).toBe(2);
  });

  it('does not keep a count that overlapped a write, and forgets every set when a write fails', async () => {
    const db = catalogue([{ id: 1, brand: 'Volvo', condition: 'new', kind: 'marine', price: 1 }]);
    const cache = createFacetCache<Base>();
    let finish!: () => void;
    const slowWrite = cache.write(
      undefined,
      db.placer,
      () => new Promise<{ id: number; value: null }>((resolve) => (finish = () => resolve({ id: 1, value: null }))),
    );
    await cache.groups('all', {}, 'm', db.count({}));
    expect(cache.size()).toBe(0);
    finish();
    await slowWrite;
    await cache.groups('all', {}, 'm', db.count({}));
    expect(cache.size()).toBe(1);
    await expect(cache.write(1, db.placer, async () => Promise.reject(new Error('conflict')))).rejects.toThrow('conflict');
    expect(cache.size()).toBe(0);
  });

  it('forgets a set where a listing cannot be placed cheaply, and counts it again when next asked', async () => {
    const db = catalogue([{ id: 1, brand: 'Volvo', condition: 'new', kind: 'marine', price: 1 }]);
    const cache = createFacetCache<Base>();
    await cache.groups('all', {}, 'm', db.count({}));
    await cache.groups('cheap', { maxPrice: 5 }, 'm', db.count({ maxPrice: 5 }));
    const placer = async (id: number) => ({ place: async (base: Base) => (base.maxPrice === undefined ? undefined : db.place(base, id)) });
    await cache.write(
      undefined,
      placer,
      async () => (db.listings.push({ id: 2, brand: 'MAN', condition: 'used', kind: 'generator', price: 2 }), { id: 2, value: null }),
    );
    expect(cache.size()).toBe(1);
    const counted = db.counts();
    expect(sorted(await cache.groups('all', {}, 'm', db.count({})))).toEqual(sorted(await db.count({})()));
    expect(db.counts()).toBe(counted + 2);
    expect((await cache.groups('cheap', { maxPrice: 5 }, 'm', db.count({ maxPrice: 5 }))).reduce((n, g) => n + g.count, 0)).toBe(2);
  });

  it('forgets every set when a write it applied is no longer true (its transaction rolled back)', async () => {
    const db = catalogue([{ id: 1, brand: 'Volvo', condition: 'new', kind: 'marine', price: 1 }]);
    const cache = createFacetCache<Base>();
    await cache.groups('all', {}, 'm', db.count({}));
    await cache.write(undefined, db.placer, async () => {
      db.listings.push({ id: 2, brand: 'MAN', condition: 'used', kind: 'generator', price: 2 });
      return { id: 2, value: null, stillTrue: async () => db.listings.some((l) => l.id === 2) };
    });
    db.listings.pop(); // the rollback
    expect(sorted(await cache.groups('all', {}, 'm', db.count({})))).toEqual(sorted(await db.count({})()));
  });

  it('never fails a write because placing its listing failed: the sets are forgotten instead', async () => {
    const db = catalogue([{ id: 1, brand: 'Volvo', condition: 'new', kind: 'marine', price: 1 }]);
    const cache = createFacetCache<Base>();
    await cache.groups('all', {}, 'm', db.count({}));
    const broken = async () => ({ place: async (): Promise<Placement> => Promise.reject(new Error('probe failed')) });
    await expect(cache.write(1, broken, async () => ({ id: 1, value: 'saved' }))).resolves.toBe('saved');
    expect(cache.size()).toBe(0);
  });

  it('keeps at most maxEntries sets, the least recently used going first', async () => {
    const db = catalogue([{ id: 1, brand: 'Volvo', condition: 'new', kind: 'marine', price: 1 }]);
    const cache = createFacetCache<Base>({ maxEntries: 2 });
    await cache.groups('a', {}, 'm', db.count({}));
    await cache.groups('b', {}, 'm', db.count({}));
    await cache.groups('a', {}, 'm', db.count({}));
    await cache.groups('c', {}, 'm', db.count({}));
    expect(cache.size()).toBe(2);
    const before = db.counts();
    await cache.groups('a', {}, 'm', db.count({}));
    expect(db.counts()).toBe(before);
    await cache.groups('b', {}, 'm', db.count({}));
    expect(db.counts()).toBe(before + 1);
  });
});
