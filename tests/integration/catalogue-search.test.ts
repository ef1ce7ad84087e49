import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineInput, generatorInput } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

describe('public listing search, filters, facets and sort', () => {
  let server: TestServer;
  let token: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    server = await startServer();
    const { accessToken } = await signInAsAdmin(server);
    token = accessToken;
    const listings: Record<string, Record<string, unknown>> = {
      // 500 kVA × 0.8 = 400 kW
      genset500kva: generatorInput({ titleFr: 'Groupe électrogène Caterpillar 500 kVA', price: 65000 }),
      // 400 HP × 0.7457 = 298.28 kW
      volvo400hp: engineInput({
        titleFr: 'Moteur Volvo Penta D13',
        titleEn: 'Volvo Penta D13 engine',
        brand: 'Volvo Penta',
        model: 'D13',
        powerOutput: 400,
        powerUnit: 'hp',
        condition: 'used',
        price: 30000,
      }),
      // 300 CV × 0.7355 = 220.65 kW
      nanni300cv: engineInput({
        titleFr: 'Moteur Nanni 300 CV',
        titleEn: 'Nanni 300 HP engine',
        brand: 'Nanni',
        model: 'N6',
        powerOutput: 300,
        powerUnit: 'cv',
        price: 0,
      }),
      // 300 ekW = 300 kW
      genset300ekw: generatorInput({
        titleFr: 'Générateur marin Kohler',
        titleEn: 'Kohler marine generator',
        brand: 'Kohler',
        model: '300EFOZ',
        descriptionFr: 'Générateur diesel pour navire.',
        descriptionEn: 'Diesel generator for ships.',
        powerOutput: 300,
        powerUnit: 'ekw',
        condition: 'new',
        price: 85000,
      }),
      // 250 kW
      mtu250kw: engineInput({
        titleFr: 'Inverseur et moteur MTU',
        titleEn: 'MTU engine with gearbox',
        brand: 'MTU',
        model: '8V',
        powerOutput: 250,
        powerUnit: 'kw',
        price: null,
        category: 'Moteurs',
        descriptionFr: 'Ligne d’arbre complète, hélice incluse.',
      }),
    };
    for (const [name, body] of Object.entries(listings)) {
      const res = await server.api('/products', { method: 'POST', token: accessToken, json: body });
      ids[name] = (await res.json()).id;
    }
  });
  afterAll(() => server?.stop());

  const list = async (query: string) => {
    const res = await server.api(`/products?${query}`);
    expect(res.status).toBe(200);
    return res.json();
  };
  const names = (body: { items: { id: number }[] }) => body.items.map((i) => Object.keys(ids).find((k) => ids[k] === i.id)).sort();

  it('answers items, total, pages and facets without any filter', async () => {
    const body = await list('');
    expect(body.total).toBe(5);
    expect(body.pages).toBe(1);
    expect(body.items).toHaveLength(5);
    expect(body.products).toEqual(body.items);
  });

  it('finds "groupe electrogene" in "Groupe électrogène" (accent- and case-insensitive)', async () => {
    expect(names(await list('search=groupe%20electrogene'))).toEqual(['genset500kva']);
    expect(names(await list('search=GROUPE%20%C3%89LECTROG%C3%88NE'))).toEqual(['genset500kva']);
  });

  it('matches word prefixes over titles, descriptions, brand and model in both languages', async () => {
    expect(names(await list('search=electro'))).toEqual(['genset500kva']);
    expect(names(await list('search=gearb'))).toEqual(['mtu250kw']);
    expect(names(await list('search=helice'))).toEqual(['mtu250kw']);
    expect(names(await list('search=volvo%20d13'))).toEqual(['volvo400hp']);
    expect(names(await list('search=300efoz'))).toEqual(['genset300ekw']);
  });

  it.each(['"', 'moteur"', 'NEAR(moteur', 'title_fr:moteur', '*', 'moteur AND', '^moteur', "'); drop table products; --", '(((('])(
    'treats %s as plain words, never as FTS syntax',
    async (search) => {
      const res = await server.api(`/products?search=${encodeURIComponent(search)}`);
      expect(res.status).toBe(200);
    },
  );

  it('filters by type: marine means every listing that is not a generator set', async () => {
    expect(names(await list('type=generator'))).toEqual(['genset300ekw', 'genset500kva']);
    expect(names(await list('type=marine'))).toEqual(['mtu250kw', 'nanni300cv', 'volvo400hp']);
  });

  it('filters by condition, brand (case-insensitive) and category', async () => {
    expect(names(await list('condition=used'))).toEqual(['genset500kva', 'volvo400hp']);
    expect(names(await list('brand=volvo%20penta'))).toEqual(['volvo400hp']);
    expect(names(await list('category=Moteurs'))).toEqual(['mtu250kw']);
    expect((await server.api('/products?category=Bateaux')).status).toBe(400);
  });

  it('compares power across units in kW (kVA × 0.8, HP × 0.7457, CV × 0.7355, ekW = kW)', async () => {
    expect(names(await list('minPower=300'))).toEqual(['genset300ekw', 'genset500kva']);
    expect(names(await list('minPower=220&maxPower=299'))).toEqual(['mtu250kw', 'nanni300cv', 'volvo400hp']);
    // The bounds may be given in another unit: 400 HP = 298.28 kW.
    expect(names(await list('minPower=400&maxPower=400&powerUnit=hp'))).toEqual(['volvo400hp']);
    expect(names(await list('minPower=500&powerUnit=kva'))).toEqual(['genset500kva']);
  });

  it('filters prices inclusively, a price on request counting as 0', async () => {
    expect(names(await list('minPrice=30000&maxPrice=65000'))).toEqual(['genset500kva', 'volvo400hp']);
    expect(names(await list('minPrice=1'))).toEqual(['genset300ekw', 'genset500kva', 'volvo400hp']);
    expect(names(await list('maxPrice=0'))).toEqual(['mtu250kw', 'nanni300cv']);
  });

  it('counts facets over the other filters, so a chosen brand keeps the others visible', async () => {
    const body = await list('type=marine&brand=Nanni');
    expect(body.total).toBe(1);
    expect(body.facets.brands).toEqual(
      expect.arrayContaining([
        { value: 'MTU', count: 1 },
        { value: 'Nanni', count: 1 },
        { value: 'Volvo Penta', count: 1 },
      ]),
    );
    expect(body.facets.brands).toHaveLength(3);
    expect(body.facets.types).toEqual([{ value: 'marine', count: 1 }]);
    expect(body.facets.conditions).toEqual([{ value: 'new', count: 1 }]);
    const all = await list('');
    expect(all.facets.types).toEqual([
      { value: 'marine', count: 3 },
      { value: 'generator', count: 2 },
    ]);
    expect(all.facets.brands).toContainEqual({ value: 'Caterpillar', count: 1 });
  });

  it('sorts by price (prices on request last), by name and by date, in both orders', async () => {
    const priceAsc = (await list('sort=price&order=asc')).items.map((i: { price: number | null }) => i.price);
    expect(priceAsc.slice(0, 3)).toEqual([30000, 65000, 85000]);
    expect(priceAsc.slice(3).map((p: number | null) => p || 0)).toEqual([0, 0]);
    const priceDesc = (await list('sort=price&order=desc')).items.map((i: { price: number | null }) => i.price);
    expect(priceDesc.slice(0, 3)).toEqual([85000, 65000, 30000]);
    expect(priceDesc.slice(3).map((p: number | null) => p || 0)).toEqual([0, 0]);
    const nameAsc = (await list('sort=name&order=asc&lang=fr')).items.map((i: { titleFr: string }) => i.titleFr);
    expect(nameAsc).toEqual([...nameAsc].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' })));
    const dateDesc = (await list('sort=date')).items.map((i: { id: number }) => i.id);
    expect(dateDesc[0]).toBe(ids.mtu250kw);
    const dateAsc = (await list('sort=date&order=asc')).items.map((i: { id: number }) => i.id);
    expect(dateAsc[0]).toBe(ids.genset500kva);
  });

  it('paginates with page and limit, and refuses a limit over 100', async () => {
    const page1 = await list('limit=2&page=1');
    const page3 = await list('limit=2&page=3');
    expect(page1).toMatchObject({ total: 5, pages: 3, page: 1, limit: 2 });
    expect(page1.items).toHaveLength(2);
    expect(page3.items).toHaveLength(1);
    expect((await list('limit=100')).items).toHaveLength(5);
    expect((await server.api('/products?limit=101')).status).toBe(400);
    expect((await server.api('/products?page=0')).status).toBe(400);
  });

  it('serves the featured listings first for the home page', async () => {
    expect((await list('featured=true')).total).toBe(0);
  });

  it('keeps prices on request last in both orders: no price before 0 going up, 0 before no price going down', async () => {
    const order = async (query: string) =>
      (await list(query)).items.map((i: { id: number }) => Object.keys(ids).find((k) => ids[k] === i.id));
    expect(await order('sort=price&order=asc')).toEqual(['volvo400hp', 'genset500kva', 'genset300ekw', 'mtu250kw', 'nanni300cv']);
    expect(await order('sort=price&order=desc')).toEqual(['genset300ekw', 'genset500kva', 'volvo400hp', 'nanni300cv', 'mtu250kw']);
    // The same order when the set comes from the full-text index.
    expect(await order('search=moteur&sort=price&order=asc')).toEqual(['volvo400hp', 'mtu250kw', 'nanni300cv']);
    expect(await order('search=moteur&sort=price&order=desc')).toEqual(['volvo400hp', 'nanni300cv', 'mtu250kw']);
  });

  it('counts a listing on request in a price range only when the range holds 0', async () => {
    expect(names(await list('minPrice=0&maxPrice=30000'))).toEqual(['mtu250kw', 'nanni300cv', 'volvo400hp']);
    expect(names(await list('maxPrice=30000'))).toEqual(['mtu250kw', 'nanni300cv', 'volvo400hp']);
    expect(names(await list('minPrice=0'))).toHaveLength(5);
  });

  it('counts facets again after a write: a new brand appears at once, and goes when the listing is deleted', async () => {
    const brands = async (query: string) => (await list(query)).facets.brands as { value: string; count: number }[];
    expect(await brands('search=moteur')).not.toContainEqual({ value: 'Perkins', count: 1 });
    expect(await brands('')).not.toContainEqual({ value: 'Perkins', count: 1 });
    const created = await server.api('/products', {
      method: 'POST',
      token,
      json: engineInput({ titleFr: 'Moteur Perkins M300', titleEn: 'Perkins M300 engine', brand: 'Perkins', model: 'M300', price: 12000 }),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    expect(await brands('')).toContainEqual({ value: 'Perkins', count: 1 });
    expect(await brands('search=moteur')).toContainEqual({ value: 'Perkins', count: 1 });
    expect((await list('')).total).toBe(6);
    expect((await server.api(`/products/${id}`, { method: 'DELETE', token })).status).toBeLessThan(300);
    expect(await brands('')).not.toContainEqual({ value: 'Perkins', count: 1 });
    expect((await list('search=moteur')).total).toBe(3);
  });
});
