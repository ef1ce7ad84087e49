// Islands that start from the page's data block (site/src/lib/island-data.ts): the first results reach
// the browser once, not inside the island's serialised props (the listings' cards as the island's HTML
// children, the rest as JSON beside it), and the island hydrated in Chromium starts from them (no
// hydration mismatch, filters and search then work in place).
// Expected texts are written here from the spec, not read from the dictionaries.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser } from '../support/browser.ts';
import { seedSite } from './site-seed.ts';
import { visitorContext } from './site-browser.ts';

const env = serverAndBrowser();
beforeAll(async () => {
  await seedSite(env.server);
});

/** The island's serialised props (`props` attribute, HTML-decoded) and the page's data block, from the server's HTML. */
async function islandParts(path: string, island: string, blockId: string) {
  const html = await (await fetch(`${env.server.url}${path}`)).text();
  const tag = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`${island}`));
  const props = /\sprops="([^"]*)"/
    .exec(tag ?? '')?.[1]
    ?.replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
  const block = new RegExp(`<script type="application/json" id="${blockId}">(.*?)</script>`, 's').exec(html)?.[1];
  return { props: props ?? '', block: block === undefined ? undefined : (JSON.parse(block) as Record<string, unknown>) };
}

/** Opens the page with its island hydrated; collects every console error and uncaught error (React reports hydration mismatches there). */
async function openHydrated(path: string, island: string): Promise<{ page: Page; errors: string[] }> {
  const context = await visitorContext(env.browser);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${env.server.url}${path}`);
  await page.waitForSelector(`astro-island[component-url*="${island}"]:not([ssr])`, { state: 'attached' });
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  return { page, errors };
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

describe('islands start from the page data block', () => {
  it('listings: the cards are written once, as HTML inside the island; the block holds the rest of the first page; the hydrated island keeps them and clears the filter in place', async () => {
    const html = await (await fetch(`${env.server.url}/annonces?brand=Yanmar`)).text();
    expect(html.match(/Moteur marin Yanmar 6LY/g)).toHaveLength(2); // the card's heading and its link's hidden name
    expect(html.match(/<h2 class="card-title">Moteur marin Yanmar 6LY<\/h2>/g)).toHaveLength(1);
    const { props, block } = await islandParts('/annonces?brand=Yanmar', 'ListingsBrowser', 'listings-data');
    expect(block).toMatchObject({ q: '?brand=Yanmar', page: { total: 1, brands: expect.arrayContaining([['Yanmar', 1]]) }, cards: 1 });
    expect(props).toContain('"start":[0,{"id":[0,"listings-data"]}]');
    expect(props).not.toContain('Yanmar');

    const { page, errors } = await openHydrated('/annonces?brand=Yanmar', 'ListingsBrowser');
    const titles = page.locator('[data-testid="listing-grid"] .card-title');
    expect(await titles.allTextContents()).toEqual(['Moteur marin Yanmar 6LY']);
    // Started from the block: the panel open for the active filter, the brand chosen, counts beside the choices.
    expect(await page.locator('details.filters').getAttribute('open')).not.toBeNull();
    expect(await page.getByLabel('Marque').inputValue()).toBe('Yanmar');
    expect(
      await page
        .getByLabel('Marque')
        .locator('option', { hasText: /^Yanmar \(1\)$/ })
        .count(),
    ).toBe(1);
    await page.getByRole('link', { name: 'Effacer les filtres' }).click();
    await expect.poll(() => titles.count()).toBe(4);
    expect(new URL(page.url()).search).toBe('');
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('documentation: the searched first page is in the block only, and the hydrated island keeps it and searches in place', async () => {
    const { props, block } = await islandParts('/documentation?search=C18', 'DocumentLibrary', 'documents-data');
    expect(block).toMatchObject({ search: 'C18', page: { page: 1, documents: [{ title: 'Manuel atelier C18' }] } });
    expect(props).toContain('"start":[0,{"id":[0,"documents-data"]}]');
    expect(props).not.toContain('C18');

    const { page, errors } = await openHydrated('/documentation?search=C18', 'DocumentLibrary');
    const cards = page.locator('[data-testid="document-grid"] h2');
    expect(await cards.allTextContents()).toEqual(['Manuel atelier C18']);
    const search = page.getByRole('searchbox');
    expect(await search.inputValue()).toBe('C18');
    await search.fill('zzz-nothing');
    await search.press('Enter');
    await expect.poll(() => page.getByText('Aucun document trouvé').count()).toBe(1);
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
