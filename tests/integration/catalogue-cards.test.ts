// The public listings page reads its cards and each card's first image in one statement (docs/perf/serving-speed-history.md):
// its order must be the API's for every sort, and its picture the listing's cover, on both engines.
// Needs the built site (npm test builds before it runs the tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineInput, generatorInput, png, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

type Card = { id: number; title: string; image: { url: string; webp?: string; avif?: string } };
type ApiProduct = { id: number; images: { id: number; url: string }[] };

describe('listing cards on the public pages', () => {
  let server: TestServer;
  let token: string;
  const ids: Record<string, number> = {};
  const images: Record<string, number[]> = {};

  const addImage = async (name: string, width: number) => {
    const res = await upload(server, `/products/${ids[name]}/images`, token, [
      { field: 'image', name: `${name}.png`, bytes: await png(width, 300), type: 'image/png' },
    ]);
    expect(res.status).toBe(201);
    (images[name] ??= []).push(((await res.json()) as { image: { id: number } }).image.id);
  };

  beforeAll(async () => {
    server = await startServer({ full: true });
    token = (await signInAsAdmin(server)).accessToken;
    const listings: Record<string, Record<string, unknown>> = {
      volvo: engineInput({ titleFr: 'Moteur Volvo Penta D13', brand: 'Volvo Penta', powerOutput: 400, powerUnit: 'hp', price: 30000 }),
      onRequest: engineInput({ titleFr: 'Moteur Nanni sur demande', brand: 'Nanni', powerOutput: 300, powerUnit: 'cv', price: null }),
      zero: engineInput({ titleFr: 'Étrave MTU à zéro', brand: 'MTU', powerOutput: 250, powerUnit: 'kw', price: 0 }),
      genset: generatorInput({ titleFr: 'Groupe électrogène Kohler', brand: 'Kohler', powerOutput: 500, powerUnit: 'kva', price: 65000 }),
      bare: generatorInput({ titleFr: 'Générateur Onan sans photo', brand: 'Onan', powerOutput: 20, powerUnit: 'kw', price: 9000 }),
    };
    for (const [name, body] of Object.entries(listings)) {
      const res = await server.api('/products', { method: 'POST', token, json: body });
      expect(res.status).toBe(201);
      ids[name] = ((await res.json()) as { id: number }).id;
    }
    // Two pictures where the cover is the second one uploaded: the card must show it, not the older one.
    await addImage('volvo', 400);
    await addImage('volvo', 480);
    const reorder = await server.api(`/products/${ids.volvo}/images/order`, {
      method: 'PUT',
      token,
      json: { imageIds: [images.volvo![1], images.volvo![0]] },
    });
    expect(reorder.status).toBe(200);
    for (const name of ['onRequest', 'zero', 'genset']) await addImage(name, 400);
  });
  afterAll(() => server?.stop());

  const cards = async (query: string): Promise<Card[]> => {
    const res = await fetch(`${server.url}/site-data/listings?${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: Card[] }).items;
  };
  const apiProducts = async (query: string): Promise<ApiProduct[]> => {
    const res = await server.api(`/products?limit=12&${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: ApiProduct[] }).items;
  };

  it('lists the cards in the API order for every sort and direction, and for a search', async () => {
    const sorts = ['date-desc', 'date-asc', 'price-asc', 'price-desc', 'power-desc', 'power-asc', 'name-asc', 'name-desc'];
    for (const sort of sorts) {
      const [field, order] = sort.split('-');
      const expected = (await apiProducts(`sort=${field}&order=${order}`)).map((p) => p.id);
      expect(expected, sort).toHaveLength(5);
      expect(
        (await cards(`sort=${sort}`)).map((c) => c.id),
        sort,
      ).toEqual(expected);
    }
    const expected = (await apiProducts('search=moteur&sort=price&order=desc')).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(1);
    expect((await cards('search=moteur&sort=price-desc')).map((c) => c.id)).toEqual(expected);
  });

  it('puts prices on request last going up and going down, a price of 0 counting as on request', async () => {
    const up = (await cards('sort=price-asc')).map((c) => c.id);
    expect(up.slice(0, 3)).toEqual([ids.bare, ids.volvo, ids.genset]);
    expect(new Set(up.slice(3))).toEqual(new Set([ids.onRequest, ids.zero]));
    const down = (await cards('sort=price-desc')).map((c) => c.id);
    expect(down.slice(0, 3)).toEqual([ids.genset, ids.volvo, ids.bare]);
  });

  it("shows each listing's cover, with its AVIF and WebP sources, and the default picture when there is none", async () => {
    const byId = new Map((await apiProducts('sort=date&order=desc')).map((p) => [p.id, p]));
    for (const card of await cards('sort=date-desc')) {
      const cover = byId.get(card.id)!.images[0];
      if (!cover) {
        expect(card.id).toBe(ids.bare);
        expect(card.image.url).toBe('/images/default-generator.svg');
        continue;
      }
      expect(card.image.url, card.title).toBe(cover.url.replace('/api/media/images/', '/i/'));
      const key = cover.url.split('/').at(-2)!;
      expect(card.image.webp, card.title).toContain(`/i/${key}/320.webp 320w`);
      expect(card.image.avif, card.title).toContain(`/i/${key}/320.avif 320w`);
    }
    const volvo = (await cards('sort=date-desc')).find((c) => c.id === ids.volvo)!;
    const [cover] = (await apiProducts('search=volvo')).find((p) => p.id === ids.volvo)!.images;
    expect(cover!.id).toBe(images.volvo![1]);
    expect(volvo.image.url).toBe(cover!.url.replace('/api/media/images/', '/i/'));
  });

  it('renders the same cards, in the same order, on the listings page itself', async () => {
    const html = await (await fetch(`${server.url}/annonces?sort=price-asc`)).text();
    const order = [...html.matchAll(/href="\/produit\/(\d+)/g)].map((m) => Number(m[1])).filter((id, i, all) => all.indexOf(id) === i);
    expect(order).toEqual((await cards('sort=price-asc')).map((c) => c.id));
  });
});
