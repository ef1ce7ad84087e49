// Facet counts are counted when read, per base filter set and catalogue version (issue 33): a listing
// written through one instance is counted at once by the other, which had remembered every set before the
// write, for a create, an edit and a delete; and listing writes keep no counters of their own in the database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row } from '@app/db';
import { engineInput, generatorInput } from '../fixtures/catalogue.ts';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { startInstances, type Instances } from '../support/instances.ts';
import type { TestServer } from '../support/server.ts';

type Facet = { value: string; count: number };
type Answer = { total: number; facets: { brands: Facet[]; conditions: Facet[]; types: Facet[] } };

/** Base sets a visitor may ask: no filter, a search term, a price range, a category with a facet choice. */
const QUERIES = ['', 'search=perkins', 'minPrice=1000&maxPrice=50000', 'category=Moteurs&condition=used', 'type=generator'];

describe('facet counts across two instances', () => {
  let both: Instances;
  let token: string;

  beforeAll(async () => {
    both = await startInstances();
    token = (await signInAsAdmin(both.a)).accessToken;
    for (const body of [generatorInput({ price: 20000 }), engineInput({ brand: 'Volvo Penta', condition: 'used', price: 30000 })]) {
      expect((await both.a.api('/products', { method: 'POST', token, json: body })).status).toBe(201);
    }
  });
  afterAll(() => both?.stop());

  const answer = async (s: TestServer, query: string) => {
    const res = await s.api(`/products?${query}`);
    expect(res.status, query).toBe(200);
    const { total, facets } = (await res.json()) as Answer;
    return { total, facets };
  };
  const brands = async (s: TestServer, query: string) =>
    Object.fromEntries((await answer(s, query)).facets.brands.map((f) => [f.value, f.count]));
  /** Every set asked on B (so B remembers it), then on A: both answer the same. */
  const sameOnBoth = async () => {
    for (const q of QUERIES) expect(await answer(both.b, q), q).toEqual(await answer(both.a, q));
  };

  it("counts a listing created, edited and deleted on A in B's facets at once", async () => {
    await sameOnBoth();
    expect(await brands(both.b, 'search=perkins')).toEqual({});

    const created = await both.a.api('/products', {
      method: 'POST',
      token,
      json: engineInput({
        titleFr: 'Moteur Perkins M300',
        titleEn: 'Perkins M300 engine',
        brand: 'Perkins',
        model: 'M300',
        price: 12000,
        condition: 'used',
        category: 'Moteurs',
      }),
    });
    expect(created.status).toBe(201);
    const { id, version } = (await created.json()) as { id: number; version: number };
    expect(await brands(both.b, 'search=perkins')).toEqual({ Perkins: 1 });
    expect(await brands(both.b, 'minPrice=1000&maxPrice=50000')).toMatchObject({ Perkins: 1 });
    await sameOnBoth();

    const edited = await both.a.api(`/products/${id}`, { method: 'PATCH', token, json: { brand: 'Nanni', price: 90000, version } });
    expect(edited.status).toBe(200);
    expect(await brands(both.b, 'search=perkins')).toEqual({ Nanni: 1 }); // the title still says Perkins
    expect(await brands(both.b, 'minPrice=1000&maxPrice=50000')).not.toHaveProperty('Nanni');
    expect(await brands(both.b, 'minPrice=1000&maxPrice=50000')).not.toHaveProperty('Perkins');
    await sameOnBoth();

    expect((await both.a.api(`/products/${id}`, { method: 'DELETE', token })).status).toBe(200);
    expect(await answer(both.b, 'search=perkins')).toEqual({ total: 0, facets: { brands: [], conditions: [], types: [] } });
    await sameOnBoth();
  });

  it('keeps no per-writer change counters: the catalogue version is one row', async () => {
    const counters = await withDb(both.a, (db) =>
      row<{ n: number; versions: number }>(
        db,
        sql`select count(*) as n, sum(case when key = 'data_version' then 1 else 0 end) as versions from app_meta where key like 'catalogue%' or key = 'data_version'`,
      ),
    );
    expect({ n: Number(counters?.n), versions: Number(counters?.versions) }).toEqual({ n: 1, versions: 1 });
  });
});
