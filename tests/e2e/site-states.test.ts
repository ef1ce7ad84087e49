// The public listings and documentation pages in their empty, loading and error states, in Chromium
// against the real server, in both languages. The spec's texts come from tests/fixtures/spec-texts.ts;
// the texts the spec leaves open (the reset action, the loading labels) are written here by hand.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Lang } from '@app/domain/i18n/index';
import { publicSite, specIn } from '../fixtures/spec-texts.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { holdRequests, withoutTable } from '../support/faults.ts';
import { seedSite, type SiteSeed } from './site-seed.ts';
import { expectAccessible, visitorContext } from './site-browser.ts';

const env = serverAndBrowser();
let seed: SiteSeed;
beforeAll(async () => {
  seed = await seedSite(env.server);
});

const TEXTS = {
  fr: {
    emptyTitle: 'Aucun produit trouvé',
    emptyText: 'Essayez de modifier vos critères de recherche',
    reset: 'Réinitialiser les filtres',
    listingsError: 'Impossible de charger les produits',
    retry: 'Réessayer',
    loadingListings: 'Chargement des annonces…',
    loadingDocuments: 'Chargement des documents…',
    docsEmpty: 'Aucun document trouvé',
    clearSearch: 'Effacer la recherche',
    search: 'Rechercher',
  },
  en: {
    emptyTitle: specIn(publicSite.listings.emptyTitle, 'en')!,
    emptyText: specIn(publicSite.listings.emptyText, 'en')!,
    reset: 'Reset filters',
    listingsError: specIn(publicSite.home.offersError, 'en')!,
    retry: specIn(publicSite.listings.retry, 'en')!,
    loadingListings: 'Loading listings…',
    loadingDocuments: 'Loading documents…',
    docsEmpty: specIn(publicSite.documents.empty, 'en')!,
    clearSearch: 'Clear the search',
    search: specIn(publicSite.documents.search, 'en')!,
  },
} as const;

const prefixOf = (lang: Lang) => (lang === 'en' ? '/en' : '');
const hydrated = (page: Page, island: string) =>
  page.waitForSelector(`astro-island[component-url*="${island}"]:not([ssr])`, { state: 'attached' });
const cards = (page: Page) => page.locator('[data-testid="listing-grid"] > li');

describe.each(['fr', 'en'] as Lang[])('listings states in %s', (lang) => {
  const t = TEXTS[lang];

  it('a search with no result says so, and "reset filters" brings every listing back', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    await page.goto(`${env.server.url}${prefixOf(lang)}/annonces?search=zzzz-introuvable`);
    await hydrated(page, 'ListingsBrowser');
    const empty = page.getByRole('status').filter({ has: page.getByRole('heading', { name: t.emptyTitle }) });
    await empty.waitFor();
    expect(await empty.getByText(t.emptyText).isVisible()).toBe(true);
    await empty.getByRole('link', { name: t.reset }).click();
    await expect.poll(() => cards(page).count()).toBe(seed.total);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('shows a labelled busy region while new results are on their way, then the results', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    await page.goto(`${env.server.url}${prefixOf(lang)}/annonces`);
    await hydrated(page, 'ListingsBrowser');
    const release = await holdRequests(page, '**/site-data/listings**');
    await page.getByRole('searchbox').fill('Volvo');
    await page.getByRole('searchbox').press('Enter');
    const loading = page.getByRole('status', { name: t.loadingListings });
    await loading.waitFor();
    expect(await loading.getAttribute('aria-busy')).toBe('true');
    release();
    await loading.waitFor({ state: 'detached' });
    await expect.poll(() => cards(page).count()).toBe(1);
    await context.close();
  });

  it('when the catalogue cannot be read, says so with Retry, and Retry shows the listings once it is back', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    await withoutTable(env.server, 'products', async () => {
      await page.goto(`${env.server.url}${prefixOf(lang)}/annonces`);
      await hydrated(page, 'ListingsBrowser');
      const alert = page.getByRole('alert').filter({ hasText: t.listingsError });
      expect(await alert.locator('p').textContent()).toBe(t.listingsError);
      expect(await alert.getByRole('button', { name: t.retry }).isVisible()).toBe(true);
    });
    await page.getByRole('button', { name: t.retry }).click();
    await expect.poll(() => cards(page).count()).toBe(seed.total);
    expect(await page.getByRole('alert').filter({ hasText: t.listingsError }).count()).toBe(0);
    await context.close();
  });
});

describe.each(['fr', 'en'] as Lang[])('documentation states in %s', (lang) => {
  const t = TEXTS[lang];

  it('shows a labelled loading status, then an empty result with a way back to every document', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    await page.goto(`${env.server.url}${prefixOf(lang)}/documentation`);
    await hydrated(page, 'DocumentLibrary');
    const release = await holdRequests(page, '**/site-data/documents**');
    await page.getByRole('searchbox').fill('zzzz-introuvable');
    await page.getByRole('button', { name: t.search, exact: true }).click();
    const loading = page.getByRole('status', { name: t.loadingDocuments });
    await loading.waitFor();
    expect(await loading.getAttribute('aria-busy')).toBe('true');
    release();
    const empty = page.getByRole('status').filter({ has: page.getByRole('heading', { name: t.docsEmpty }) });
    await empty.waitFor();
    await page.unroute('**/site-data/documents**');
    await empty.getByRole('link', { name: t.clearSearch }).click();
    await expect.poll(() => page.locator('[data-testid="document-grid"] > li').count()).toBe(1);
    expect(await page.getByRole('searchbox').inputValue()).toBe('');
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('states in the %s theme', (theme) => {
  it('empty and error states pass axe (contrast included) at 1280 and 390 px', async () => {
    const t = TEXTS.fr;
    const context = await visitorContext(env.browser, { colorScheme: theme });
    const page = await context.newPage();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${env.server.url}/annonces?search=zzzz-introuvable`);
      await page.getByRole('heading', { name: t.emptyTitle }).waitFor();
      await expectAccessible(page, `empty listings, ${theme}, ${width} px`);
      await withoutTable(env.server, 'products', async () => {
        await page.goto(`${env.server.url}/annonces`);
        await page.getByRole('alert').filter({ hasText: t.listingsError }).waitFor();
        await expectAccessible(page, `listings error, ${theme}, ${width} px`);
      });
    }
    await context.close();
  });
});
