// The home page's 'Our offers' in Chromium against the real server: the selection rule (the featured
// listings, first three in the list's order; none featured: the first three of the list), and the
// error text when the catalogue cannot be read. The failure is real: the server's own database loses
// its products table, so the API answers 500 and the page shows what a visitor would see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dictionary, type Lang } from '@app/domain/i18n/index';
import { generatorInput } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { withoutTable } from '../support/faults.ts';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { visitorContext, watchErrors } from './site-browser.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
/** Listing n (1…5) → its id and input; created in this order, so the list (newest first) reads 5, 4, 3, 2, 1. */
const listings = new Map<number, { id: number; input: Record<string, unknown>; version: number }>();

const titleFr = (n: number) => `Groupe électrogène n° ${n}`;
const titleEn = (n: number) => `Generator set no. ${n}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ full: true }), launchBrowser()]);
  ({ accessToken: token } = await signInAsAdmin(server));
  for (let n = 1; n <= 5; n++) {
    const input = generatorInput({ titleFr: titleFr(n), titleEn: titleEn(n), featured: false });
    const res = await server.api('/products', { method: 'POST', token, json: input });
    const body = (await res.json()) as { id: number; version: number };
    expect(res.status).toBe(201);
    listings.set(n, { id: body.id, input, version: body.version });
  }
  context = await visitorContext(browser);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function setFeatured(featured: number[]) {
  for (const [n, l] of listings) {
    const res = await server.api(`/products/${l.id}`, {
      method: 'PUT',
      token,
      json: { ...l.input, featured: featured.includes(n), version: l.version },
    });
    expect(res.status).toBe(200);
    l.version = ((await res.json()) as { version: number }).version;
  }
}

async function offers(lang: Lang): Promise<string[]> {
  const res = await page.goto(`${server.url}${lang === 'en' ? '/en' : ''}/`);
  expect(res?.status()).toBe(200);
  return page.locator('[data-testid="home-offers"] .card-title').allTextContents();
}

describe("home 'Our offers' selection", () => {
  it('none featured: the first three of the list (newest first)', async () => {
    expect(await offers('fr')).toEqual([titleFr(5), titleFr(4), titleFr(3)]);
    expect(await offers('en')).toEqual([titleEn(5), titleEn(4), titleEn(3)]);
  });

  it('some featured: only those, never completed with other listings', async () => {
    await setFeatured([1, 2]);
    expect(await offers('fr')).toEqual([titleFr(2), titleFr(1)]);
    expect(await offers('en')).toEqual([titleEn(2), titleEn(1)]);
  });

  it('more than three featured: the first three featured of the list', async () => {
    await setFeatured([1, 2, 3, 5]);
    expect(await offers('fr')).toEqual([titleFr(5), titleFr(3), titleFr(2)]);
  });
});

describe("home 'Our offers' when the catalogue cannot be read", () => {
  it("shows 'Failed to load products' in each language, the rest of the page, and is not cached", async () => {
    const errors = watchErrors(page);
    await withoutTable(server, 'products', async () => {
      expect((await server.api('/products?limit=3')).status).toBe(500);
      for (const lang of ['fr', 'en'] as Lang[]) {
        const t = dictionary(lang);
        expect(await offers(lang)).toEqual([]);
        expect(await page.getByRole('alert').locator('p').textContent()).toBe(
          lang === 'fr' ? 'Impossible de charger les produits' : 'Failed to load products',
        );
        // Retry asks for the page again.
        expect(
          await page
            .getByRole('alert')
            .getByRole('link', { name: lang === 'fr' ? 'Réessayer' : 'Retry' })
            .getAttribute('href'),
        ).toBe(lang === 'fr' ? '/' : '/en/');
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t.home.heroTitle);
        expect(await page.getByRole('link', { name: t.home.offersAll }).count()).toBe(1);
        // A CDN must not keep the failure: the answer is not stored anywhere.
        const res = await fetch(`${server.url}${lang === 'en' ? '/en' : ''}/`);
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    });
    // Once the catalogue answers again, so do the offers, and the page is cacheable again.
    expect(await offers('fr')).toEqual([titleFr(5), titleFr(3), titleFr(2)]);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect((await fetch(`${server.url}/`)).headers.get('cache-control')).toMatch(/^public/);
    expect(errors).toEqual([]);
  });
});
