// sitemap.xml against the real server with a few hundred generated listings: every listing is listed
// (several API pages of 100), the document is kept while the catalogue does not change (same
// Last-Modified, 304 to its ETag) and rebuilt as soon as a listing is added, removed or edited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatorInput } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { seededDataDir } from '../load/scenario.ts';

const PUBLIC_URL = 'https://www.provence-moteurs.test';
const LISTINGS = 250;
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer({ full: true, dataDir: await seededDataDir(LISTINGS), env: { PUBLIC_URL } });
  ({ accessToken: token } = await signInAsAdmin(server));
});
afterAll(() => server?.stop());

const sitemap = (headers: Record<string, string> = {}) => fetch(`${server.url}/sitemap.xml`, { headers });
const productUrls = (xml: string) => [...xml.matchAll(/<loc>[^<]+\/produit\/(\d+)<\/loc>/g)].map((m) => Number(m[1]));
/** Last-Modified counts whole seconds: waits until the clock is past the second of `httpDate`, so a rebuild now would show. */
const pastTheSecondOf = (httpDate: string) =>
  expect.poll(() => Date.now(), { interval: 20, timeout: 5_000 }).toBeGreaterThanOrEqual(Date.parse(httpDate) + 1000);

async function timed(): Promise<{ res: Response; xml: string; ms: number }> {
  const start = performance.now();
  const res = await sitemap();
  const xml = await res.text();
  return { res, xml, ms: performance.now() - start };
}

describe('sitemap.xml', () => {
  let firstXml: string;
  let etag: string;
  let lastModified: string;
  /** The listing the test adds (dated today, so an edit today keeps its <lastmod>). */
  let addedId: number;

  it('lists every listing in French and English, with its last change', async () => {
    const total = ((await (await server.api('/products?limit=1')).json()) as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(LISTINGS);
    const first = await timed();
    expect(first.res.status).toBe(200);
    firstXml = first.xml;
    etag = first.res.headers.get('etag')!;
    lastModified = first.res.headers.get('last-modified')!;
    expect(etag).toMatch(/^W\/"/);
    expect(new Set(productUrls(firstXml)).size).toBe(total);
    // Each listing twice: /produit/{id} and /en/produit/{id}.
    expect(productUrls(firstXml).length).toBe(total * 2);
    expect(firstXml).toMatch(/<url><loc>[^<]+\/en\/produit\/\d+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('is sent compressed to clients that accept it, identical once decoded', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await sitemap({ 'accept-encoding': encoding });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(await res.text()).toBe(firstXml);
    }
  });

  it('is served from memory while the catalogue does not change, and answers 304 to its ETag', async () => {
    await pastTheSecondOf(lastModified);
    const again = await timed();
    expect(again.xml).toBe(firstXml);
    expect(again.res.headers.get('etag')).toBe(etag);
    expect(again.res.headers.get('last-modified')).toBe(lastModified);
    const cached = await sitemap({ 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe('');
  });

  it('is rebuilt when a listing is added, and again when one is removed', async () => {
    const created = await server.api('/products', {
      method: 'POST',
      token,
      json: generatorInput({ titleFr: 'Groupe ajouté pour le plan du site', titleEn: 'Generator added for the sitemap' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    addedId = id;
    const added = await timed();
    expect(productUrls(added.xml)).toContain(id);
    expect(added.xml).toContain(`<loc>${PUBLIC_URL}/en/produit/${id}</loc>`);
    expect(added.res.headers.get('etag')).not.toBe(etag);
    expect(Date.parse(added.res.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(lastModified));
    expect((await sitemap({ 'if-none-match': etag })).status).toBe(200);

    const removedId = productUrls(firstXml)[0]!;
    expect((await server.api(`/products/${removedId}`, { method: 'DELETE', token })).status).toBe(200);
    const removed = await timed();
    expect(productUrls(removed.xml)).not.toContain(removedId);
    expect(productUrls(removed.xml)).toContain(id);
    expect(removed.res.headers.get('etag')).not.toBe(added.res.headers.get('etag'));
  });

  it('is rebuilt after an edit (its date of last change), the content staying the same within the day', async () => {
    const before = await timed();
    await pastTheSecondOf(before.res.headers.get('last-modified')!);
    const edited = addedId;
    const current = (await (await server.api(`/products/${edited}`)).json()) as Record<string, unknown> & { version: number };
    const input = generatorInput({ titleFr: 'Groupe modifié', titleEn: 'Edited generator set' });
    expect((await server.api(`/products/${edited}`, { method: 'PUT', token, json: { ...input, version: current.version } })).status).toBe(
      200,
    );
    const after = await timed();
    expect(Date.parse(after.res.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(before.res.headers.get('last-modified')!));
    expect(after.xml).toBe(before.xml);
    expect(after.res.headers.get('etag')).toBe(before.res.headers.get('etag'));
  });
});
