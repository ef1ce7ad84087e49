// Pages show the facet counts the API shows: right after each of this server's listing writes, and after
// another process's commit. Real server, real site. Needs the built site (npm test builds before it runs
// the tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineInput, generatorInput } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

type Facet = { value: string; count: number };
type Facets = { brands: Facet[]; conditions: Facet[]; types: Facet[] };

describe('facet counts on pages', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ full: true });
    token = (await signInAsAdmin(server)).accessToken;
  });
  afterAll(() => server?.stop());

  const create = async (target: TestServer, body: Record<string, unknown>, auth = token) => {
    const res = await target.api('/products', { method: 'POST', token: auth, json: body });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  /** The facets of the listings island's data (a page of the site). */
  const pageFacets = async (query = '') => {
    const res = await fetch(`${server.url}/site-data/listings${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { facets: Facets }).facets;
  };
  const brandCounts = (facets: Facets) => Object.fromEntries(facets.brands.map((b) => [b.value, b.count]));
  const apiFacets = async (query = '') => ((await (await server.api(`/products${query}`)).json()) as { facets: Facets }).facets;

  it('counts each write of this server at once, as the API does', async () => {
    const volvo = await create(server, engineInput({ brand: 'Volvo Penta', condition: 'used' }));
    await create(server, engineInput({ brand: 'Volvo Penta', condition: 'new' }));
    await create(server, generatorInput({ brand: 'Kohler' }));
    expect(brandCounts(await pageFacets())).toEqual({ 'Volvo Penta': 2, Kohler: 1 });

    // A new brand, a listing moved from one brand to another, a deleted listing: each seen on the next page.
    const nanni = await create(server, engineInput({ brand: 'Nanni' }));
    expect(brandCounts(await pageFacets())).toEqual({ 'Volvo Penta': 2, Kohler: 1, Nanni: 1 });
    const moved = await server.api(`/products/${volvo}`, { method: 'PATCH', token, json: { brand: 'Kohler', version: 1 } });
    expect(moved.status).toBe(200);
    expect(brandCounts(await pageFacets())).toEqual({ 'Volvo Penta': 1, Kohler: 2, Nanni: 1 });
    expect((await server.api(`/products/${nanni}`, { method: 'DELETE', token })).status).toBe(200);
    expect(brandCounts(await pageFacets())).toEqual({ 'Volvo Penta': 1, Kohler: 2 });

    // Filtered sets too, and the same counts as the API's.
    expect(await pageFacets('?type=marine&condition=new')).toEqual(await apiFacets('?type=marine&condition=new'));
    expect(await pageFacets('?search=kohler')).toEqual(await apiFacets('?search=kohler'));
    expect(brandCounts(await pageFacets('?type=generator'))).toEqual({ Kohler: 1 });
  });

  it("counts another process's commit on the same database", async () => {
    const other = await startServer({ dataDir: server.dataDir });
    try {
      const before = brandCounts(await pageFacets());
      await create(other, engineInput({ brand: 'Baudouin' }), (await signInAsAdmin(other)).accessToken);
      expect(brandCounts(await pageFacets())).toEqual({ ...before, Baudouin: 1 });
    } finally {
      await other.stop();
    }
  });

  it('shows the counts in the listings page itself', async () => {
    const html = await (await fetch(`${server.url}/annonces`)).text();
    const total = Object.values(brandCounts(await apiFacets())).reduce((a, b) => a + b, 0);
    expect(html).toContain(`${total} annonces`);
  });
});
