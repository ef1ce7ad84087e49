// Facet counts and totals stay right through every kind of listing write, for every filtered set a
// visitor asked before the write (issue #17: they are kept up to date instead of recounted). The oracle
// is a second server on the same database file: to it every write is another connection's commit, so
// it counts from scratch each time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineInput, generatorInput } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

const QUERIES = [
  '',
  'minPrice=10000&maxPrice=40000',
  'maxPrice=20000',
  'search=moteur',
  'search=caterpillar&type=generator',
  'search=volvo%20d13',
  'minPower=250&powerUnit=kw',
  'featured=true',
  'category=Moteurs',
  'brand=volvo%20penta&condition=used',
  'type=marine&sort=price&order=desc',
];

describe('facet counts after listing writes', () => {
  let server: TestServer;
  let oracle: TestServer;
  let token: string;
  const ids: number[] = [];

  beforeAll(async () => {
    server = await startServer();
    token = (await signInAsAdmin(server)).accessToken;
    const listings = [
      generatorInput({ price: 65000 }),
      generatorInput({
        titleFr: 'Groupe Caterpillar 100 kVA',
        brand: 'Caterpillar',
        powerOutput: 100,
        price: 15000,
        condition: 'new',
        featured: true,
      }),
      engineInput({
        titleFr: 'Moteur Volvo Penta D13',
        titleEn: 'Volvo Penta D13 engine',
        brand: 'Volvo Penta',
        model: 'D13',
        powerOutput: 400,
        powerUnit: 'hp',
        condition: 'used',
        price: 30000,
      }),
      engineInput({
        titleFr: 'Moteur Nanni 300 CV',
        titleEn: 'Nanni 300 HP engine',
        brand: 'Nanni',
        model: 'N6',
        powerOutput: 300,
        powerUnit: 'cv',
        price: 0,
      }),
      engineInput({
        titleFr: 'Inverseur et moteur MTU',
        titleEn: 'MTU engine',
        brand: 'MTU',
        model: '8V',
        powerOutput: 250,
        powerUnit: 'kw',
        price: null,
        category: 'Moteurs',
      }),
    ];
    for (const body of listings) ids.push((await (await server.api('/products', { method: 'POST', token, json: body })).json()).id);
    oracle = await startServer({ dataDir: server.dataDir });
  });
  afterAll(async () => {
    await oracle?.stop();
    await server?.stop();
  });

  const answer = async (s: TestServer, query: string) => {
    const res = await s.api(`/products?${query}`);
    expect(res.status, query).toBe(200);
    const { total, facets } = (await res.json()) as { total: number; facets: unknown };
    return { total, facets };
  };
  /** Every set asked on the server under test (so each is kept), then each compared with a fresh count. */
  const expectFreshCounts = async () => {
    for (const q of QUERIES) expect(await answer(server, q), q).toEqual(await answer(oracle, q));
  };
  const edit = async (id: number, fields: Record<string, unknown>) => {
    const { version } = (await (await server.api(`/products/${id}`)).json()) as { version: number };
    const res = await server.api(`/products/${id}`, { method: 'PATCH', token, json: { ...fields, version } });
    expect(res.status, await res.clone().text()).toBe(200);
  };

  it('a created listing counts at once in every set it belongs to', async () => {
    await expectFreshCounts();
    const res = await server.api('/products', {
      method: 'POST',
      token,
      json: engineInput({ titleFr: 'Moteur Perkins M300', titleEn: 'Perkins M300 engine', brand: 'Perkins', model: 'M300', price: 12000 }),
    });
    expect(res.status).toBe(201);
    ids.push((await res.json()).id);
    expect((await answer(server, '')).facets).toMatchObject({ brands: expect.arrayContaining([{ value: 'Perkins', count: 1 }]) });
    await expectFreshCounts();
  });

  it('an edit moves the listing between brands, conditions, kinds, price and power ranges, featured, category and search terms', async () => {
    await edit(ids[2]!, { brand: 'Yanmar', titleFr: 'Moteur Yanmar 6LY', titleEn: 'Yanmar 6LY engine', model: '6LY', price: 9000 });
    await expectFreshCounts();
    await edit(ids[0]!, { condition: 'new', featured: true, category: 'Moteurs', powerOutput: 200 });
    await expectFreshCounts();
    await edit(ids[3]!, {
      type: 'generator',
      powerUnit: 'kva',
      voltage: '400V',
      phase: '3',
      price: 35000,
      titleFr: 'Groupe Caterpillar Nanni',
    });
    await expectFreshCounts();
    // An edit that changes nothing the facets count.
    await edit(ids[4]!, { descriptionFr: 'Ligne d’arbre complète.' });
    await expectFreshCounts();
  });

  it('a deleted listing leaves every set, and a refused edit (stale version) changes no count', async () => {
    expect((await server.api(`/products/${ids[1]}`, { method: 'DELETE', token })).status).toBe(200);
    await expectFreshCounts();
    const stale = await server.api(`/products/${ids[0]}`, { method: 'PATCH', token, json: { brand: 'Nobody', version: 1 } });
    expect(stale.status).toBe(409);
    expect((await answer(server, '')).facets).not.toMatchObject({
      brands: expect.arrayContaining([expect.objectContaining({ value: 'Nobody' })]),
    });
    await expectFreshCounts();
  });
});
