// A search term that matches most of the catalogue is read in the sort's order and stops at the page
// (docs/decisions/077); a rare one from its matches. Both must give the same pages, in the same order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineInput } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

describe('full-text search over a term most listings carry', () => {
  let server: TestServer;
  // [title, price, power in kW], in creation order.
  const listings: [string, number | null, number][] = [];
  const ids: number[] = [];

  beforeAll(async () => {
    server = await startServer();
    const { accessToken } = await signInAsAdmin(server);
    for (let i = 0; i < 36; i++) {
      const common = i % 6 !== 5; // 30 of 36 carry the common word
      const title = common ? `Moteur Baudouin commun ${i}` : `Inverseur rare ${i}`;
      const price = i % 7 === 0 ? null : ((i * 7919) % 50) * 1000 + 1000;
      const power = 100 + ((i * 31) % 17) * 10;
      listings.push([title, price, power]);
      const res = await server.api('/products', {
        method: 'POST',
        token: accessToken,
        json: engineInput({
          titleFr: title,
          titleEn: title,
          brand: 'Baudouin',
          model: `M${i}`,
          price,
          powerOutput: power,
          powerUnit: 'kw',
        }),
      });
      expect(res.status).toBe(201);
      ids.push((await res.json()).id);
    }
  });
  afterAll(() => server?.stop());

  const search = async (query: string) => {
    const res = await server.api(`/products?${query}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { id: number }[]; total: number };
    return { ids: body.items.map((i) => i.id), total: body.total };
  };
  const matching = (word: string) =>
    listings.map((l, i) => ({ id: ids[i]!, title: l[0], price: l[1], power: l[2] })).filter((l) => l.title.toLowerCase().includes(word));

  it('pages by price, prices on request last, exactly as sorting every match would', async () => {
    const expected = matching('commun')
      .sort((a, b) => (a.price === null ? 1 : 0) - (b.price === null ? 1 : 0) || (a.price ?? 0) - (b.price ?? 0) || a.id - b.id)
      .map((l) => l.id);
    expect(expected).toHaveLength(30);
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(...(await search(`search=commun&sort=price&order=asc&limit=8&page=${page}`)).ids);
    expect(pages).toEqual(expected);
    expect((await search('search=commun&sort=price&order=asc&limit=8')).total).toBe(30);
  });

  it('pages by power and by date, newest first, and a rare term the same way', async () => {
    const byPower = matching('commun')
      .sort((a, b) => b.power - a.power || b.id - a.id)
      .map((l) => l.id);
    expect((await search('search=commun&sort=power&order=desc&limit=10&page=2')).ids).toEqual(byPower.slice(10, 20));
    const newest = matching('commun')
      .map((l) => l.id)
      .reverse();
    expect((await search('search=commun&limit=12')).ids).toEqual(newest.slice(0, 12));
    const rare = matching('rare')
      .map((l) => l.id)
      .reverse();
    expect(await search('search=rare&limit=12')).toEqual({ ids: rare, total: 6 });
  });
});
