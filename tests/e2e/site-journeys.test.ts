// Visitor journeys on the public site in Chromium, in French and in English: home, listings and
// every filter, product and its document, documentation, contact, not-found; axe-core on each screen
// and no CSP violation anywhere. One of PostgreSQL's smoke journeys (tests/support/engine-rule.ts): what
// reads the catalogue or writes. The language switch, the theme and the legal pages, which write nothing
// and check what no engine changes, are in site-language-theme.test.ts, on SQLite only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { countLabel, dictionary, type Lang } from '@app/domain/i18n/index';
import { publicSite as spec, specIn } from '../fixtures/spec-texts.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { seedSite, type SiteSeed } from './site-seed.ts';
import { expectAccessible, htmlLang, visitorContext, visitorPage } from './site-browser.ts';

const env = serverAndBrowser();
let seed: SiteSeed;

beforeAll(async () => {
  seed = await seedSite(env.server);
});

const hydrated = (page: Page, island: string) =>
  page.waitForSelector(`astro-island[component-url*="${island}"]:not([ssr])`, { state: 'attached' });

describe.each(['fr', 'en'] as Lang[])('public site in %s', (lang) => {
  const t = dictionary(lang);
  const prefix = lang === 'en' ? '/en' : '';
  const count = (n: number) => countLabel(lang, n, { one: t.listings.countOne, other: t.listings.countOther });
  const visitor = visitorPage(env);

  it('home: hero, three pillars, values, at most 3 offers with the featured one, links to the listings', async () => {
    const res = await visitor.page.goto(`${env.server.url}${prefix}/`);
    expect(res?.status()).toBe(200);
    expect(await htmlLang(visitor.page)).toBe(lang);
    await expect.poll(() => visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe(t.home.heroTitle);
    for (const title of [t.home.pillarMarineTitle, t.home.pillarGeneratorsTitle, t.home.pillarExpertiseTitle]) {
      expect(await visitor.page.getByRole('heading', { name: title, exact: true }).count()).toBe(1);
    }
    const offers = visitor.page.locator('[data-testid="home-offers"] .card-title');
    // The only featured listing is the Caterpillar generator: it alone is offered.
    expect(await offers.allTextContents()).toEqual([
      lang === 'fr' ? 'Groupe électrogène Caterpillar 500 kVA' : 'Caterpillar 500 kVA generator set',
    ]);
    expect(await visitor.page.getByRole('link', { name: t.home.offersAll }).getAttribute('href')).toBe(`${prefix}/annonces`);
    // Phone and e-mail follow the language.
    expect(await visitor.page.getByTestId('footer-phone').textContent()).toBe(lang === 'fr' ? '+33 4 90 00 00 00' : '+33 6 00 00 00 00');
    await expectAccessible(visitor.page, `home ${lang}`);
    await visitor.page.getByRole('link', { name: t.home.heroCta }).click();
    await visitor.page.waitForURL(`${env.server.url}${prefix}/annonces`);
    expect(await visitor.page.locator('.main-nav a[aria-current="page"]').textContent()).toBe(t.nav.listings);
  });

  it('listings: the count, each filter, clear only when active, state in the URL and the back button', async () => {
    await visitor.page.goto(`${env.server.url}${prefix}/annonces`);
    await hydrated(visitor.page, 'ListingsBrowser');
    const h1 = visitor.page.getByRole('heading', { level: 1 });
    await expect.poll(() => h1.textContent()).toContain(count(4));
    const clear = visitor.page.getByRole('link', { name: t.listings.clear });
    expect(await clear.count()).toBe(0);
    await expectAccessible(visitor.page, `listings ${lang}`);

    const openFilters = async () => {
      if (!(await visitor.page.locator('details.filters').evaluate((d) => (d as HTMLDetailsElement).open)))
        await visitor.page.getByText(t.listings.filters, { exact: true }).click();
    };
    await openFilters();
    const apply = visitor.page.getByRole('button', { name: t.listings.apply });
    const titles = () => visitor.page.locator('[data-testid="listing-grid"] .card-title').allTextContents();

    await visitor.page.getByLabel(t.listings.condition).selectOption('used');
    await expect.poll(() => h1.textContent()).toContain(count(2));
    expect(visitor.page.url()).toContain('condition=used');
    expect(await clear.count()).toBe(1);
    await clear.click();
    await expect.poll(() => h1.textContent()).toContain(count(4));
    expect(await clear.count()).toBe(0);

    await openFilters();
    await visitor.page.getByLabel(t.listings.minPrice).fill('30000');
    await apply.click();
    await expect.poll(() => h1.textContent()).toContain(count(2));
    await visitor.page.getByLabel(t.listings.minPrice).fill('');
    await visitor.page.getByLabel(t.listings.maxPrice).fill('30000');
    await apply.click();
    // A price on request counts as 0: the SDMO at 22 000 € and the Volvo Penta.
    await expect.poll(() => h1.textContent()).toContain(count(2));
    await visitor.page.getByLabel(t.listings.maxPrice).fill('');
    await visitor.page.getByLabel(t.listings.type).selectOption('generator');
    await expect.poll(() => h1.textContent()).toContain(count(2));
    await visitor.page.getByLabel(t.listings.type).selectOption('marine');
    await expect.poll(() => h1.textContent()).toContain(count(2));
    await visitor.page.getByLabel(t.listings.type).selectOption('');
    await expect.poll(() => h1.textContent()).toContain(count(4));
    await visitor.page.getByLabel(t.listings.brand).selectOption('Yanmar');
    await expect.poll(() => h1.textContent()).toContain(count(1));
    await visitor.page.getByLabel(t.listings.brand).selectOption('');
    await expect.poll(() => h1.textContent()).toContain(count(4));
    await visitor.page.getByLabel(t.listings.minPower).fill('350');
    await apply.click();
    // 500 kVA ≈ 400 kW and 1 000 hp ≈ 746 kW are above 350 kW; 440 hp and 100 kVA are not.
    await expect.poll(() => h1.textContent()).toContain(count(2));
    await visitor.page.getByLabel(t.listings.minPower).fill('');
    await visitor.page.getByLabel(t.listings.maxPower).fill('100');
    await apply.click();
    await expect.poll(() => h1.textContent()).toContain(count(1));
    await visitor.page.getByLabel(t.listings.maxPower).fill('');
    await apply.click();
    await expect.poll(() => h1.textContent()).toContain(count(4));

    await visitor.page.getByLabel(t.listings.sort).selectOption('price');
    // Cheapest first; a price on request has no price to compare and comes last.
    await expect
      .poll(async () => (await titles()).map((x) => /SDMO|Yanmar|Caterpillar|Volvo/.exec(x)?.[0]))
      .toEqual(['SDMO', 'Yanmar', 'Caterpillar', 'Volvo']);
    await visitor.page.getByLabel(t.listings.sort).selectOption('name');
    await expect
      .poll(async () => (await titles())[0])
      .toBe(lang === 'fr' ? 'Groupe électrogène Caterpillar 500 kVA' : 'Caterpillar 500 kVA generator set');

    await visitor.page.getByRole('searchbox').fill('yanmar');
    await visitor.page.getByRole('searchbox').press('Enter');
    await expect.poll(() => h1.textContent()).toContain(count(1));
    expect(visitor.page.url()).toContain('search=yanmar');
    await visitor.page.goBack();
    await expect.poll(() => visitor.page.url()).not.toContain('search=');
    await expect.poll(() => h1.textContent()).toContain(count(4));

    await visitor.page.getByRole('searchbox').fill('nothing-matches-this');
    await visitor.page.getByRole('button', { name: t.listings.searchButton, exact: true }).click();
    await expect
      .poll(() => visitor.page.getByRole('heading', { name: specIn(spec.listings.emptyTitle, lang) ?? t.listings.emptyTitle }).count())
      .toBe(1);
    expect(await visitor.page.getByText(specIn(spec.listings.emptyText, lang) ?? t.listings.emptyText).count()).toBe(1);
  });

  it('listings: 6 skeleton cards while loading, then an error box whose Retry asks again in place', async () => {
    await visitor.page.goto(`${env.server.url}${prefix}/annonces`);
    await hydrated(visitor.page, 'ListingsBrowser');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Holds the real answer back to observe the loading state, then drops the connection.
    await visitor.page.route('**/site-data/listings**', async (route) => {
      await gate;
      await route.abort('connectionreset');
    });
    await visitor.page.getByText(t.listings.filters, { exact: true }).click();
    await visitor.page.getByLabel(t.listings.condition).selectOption('new');
    await expect.poll(() => visitor.page.locator('[data-testid="skeletons"] > li').count()).toBe(6);
    release();
    await expect.poll(() => visitor.page.getByRole('alert').textContent()).toContain(t.listings.error);
    await visitor.page.unroute('**/site-data/listings**');
    await visitor.page.getByRole('button', { name: t.listings.retry }).click();
    // The same filters asked again, without leaving the page: the two new listings.
    await expect.poll(() => visitor.page.getByRole('heading', { level: 1 }).textContent()).toContain(count(2));
  });

  it('product: gallery with thumbnails and keys, badges, price excl. VAT, specs, document download, quote and back links', async () => {
    const res = await visitor.page.goto(`${env.server.url}${prefix}/produit/${seed.generatorId}`);
    expect(res?.status()).toBe(200);
    expect(await visitor.page.getByTestId('price').textContent()).toBe('65\u202f000\u00a0€');
    expect(await visitor.page.getByText(specIn(spec.product.priceNote, lang) ?? t.product.priceNote, { exact: true }).count()).toBe(1);
    expect(await visitor.page.locator('.badge').first().textContent()).toBe(lang === 'fr' ? 'Occasion' : 'Used');
    expect(await visitor.page.locator('.specs th').first().textContent()).toBe(lang === 'fr' ? 'Puissance' : 'Power');
    // The first picture is in the server HTML with AVIF and WebP candidates.
    const html = await (await fetch(`${env.server.url}${prefix}/produit/${seed.generatorId}`)).text();
    expect(html).toMatch(/<source type="image\/avif" srcSet="[^"]+ \d+w/i);
    expect(html).toMatch(/<img [^>]*srcSet="[^"]+\.webp \d+w/i);
    expect(html).toMatch(/fetchpriority="high"/i);

    await hydrated(visitor.page, 'Gallery');
    const thumbs = visitor.page.locator('.thumbs button');
    expect(await thumbs.count()).toBe(2);
    const current = () => visitor.page.locator('.thumbs button[aria-current="true"]').getAttribute('aria-label');
    await visitor.page.getByTestId('gallery-main').focus();
    await visitor.page.keyboard.press('ArrowRight');
    await expect.poll(current).toBe(lang === 'fr' ? 'Afficher l’image 2' : 'Show image 2');
    await visitor.page.keyboard.press('ArrowRight');
    await expect.poll(current).toBe(lang === 'fr' ? 'Afficher l’image 1' : 'Show image 1');
    await thumbs.nth(1).click();
    await expect.poll(current).toBe(lang === 'fr' ? 'Afficher l’image 2' : 'Show image 2');
    // A swipe to the right goes back to the previous picture.
    const main = visitor.page.getByTestId('gallery-main');
    await main.dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: 100, clientY: 200 }] });
    await main.dispatchEvent('touchend', { changedTouches: [{ identifier: 1, clientX: 260, clientY: 205 }] });
    await expect.poll(current).toBe(lang === 'fr' ? 'Afficher l’image 1' : 'Show image 1');
    await expectAccessible(visitor.page, `product ${lang}`);

    const [download] = await Promise.all([
      visitor.page.waitForEvent('download'),
      visitor.page.getByRole('link', { name: `${t.product.download} – ${seed.documentTitle}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await download.failure()) ?? null).toBeNull();

    expect(await visitor.page.getByRole('link', { name: t.product.quote }).getAttribute('href')).toBe(
      `${prefix}/contact?ref=${seed.generatorId}`,
    );
    expect(await visitor.page.getByRole('link', { name: t.product.messaging }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\d+\?text=/,
    );
    await visitor.page.getByRole('link', { name: t.product.quote }).click();
    await visitor.page.waitForURL(/\/contact\?ref=/);
    expect(await visitor.page.getByLabel(t.contact.message, { exact: true }).inputValue()).toContain(`#${seed.generatorId}`);
    await visitor.page.goBack();
    await visitor.page.getByRole('link', { name: t.product.back }).click();
    await visitor.page.waitForURL(`${env.server.url}${prefix}/annonces`);
  });

  it('product at a price on request: the label, no VAT note, no documentation, JSON-LD offer without a price', async () => {
    await visitor.page.goto(`${env.server.url}${prefix}/produit/${seed.engineId}`);
    expect(await visitor.page.getByTestId('price').textContent()).toBe(lang === 'fr' ? 'Prix sur demande' : 'Price on request');
    expect(await visitor.page.getByText(specIn(spec.product.priceNote, lang) ?? t.product.priceNote, { exact: true }).count()).toBe(0);
    expect(await visitor.page.getByText(specIn(spec.product.noDocuments, lang) ?? t.product.noDocuments).count()).toBe(1);
    const blocks = await visitor.page.locator('script[type="application/ld+json"]').allTextContents();
    const product = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'Product');
    expect(product.offers).toMatchObject({
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
    });
    expect(product.offers).not.toHaveProperty('price');
  });

  it('documentation: search by button and by Enter, empty state, download', async () => {
    await visitor.page.goto(`${env.server.url}${prefix}/documentation`);
    await hydrated(visitor.page, 'DocumentLibrary');
    const cards = visitor.page.locator('[data-testid="document-grid"] h2');
    await expect.poll(() => cards.count()).toBe(1);
    await expectAccessible(visitor.page, `documentation ${lang}`);
    await visitor.page.getByLabel(t.docs.searchLabel).fill('zzz-nothing');
    await visitor.page.getByRole('button', { name: t.docs.searchButton }).click();
    await expect.poll(() => visitor.page.getByText(specIn(spec.documents.empty, lang) ?? t.docs.empty).count()).toBe(1);
    await visitor.page.getByLabel(t.docs.searchLabel).fill('C18');
    await visitor.page.getByLabel(t.docs.searchLabel).press('Enter');
    await expect.poll(() => cards.allTextContents()).toEqual([lang === 'fr' ? seed.technicalTitle : 'C18 workshop manual']);
    expect(await visitor.page.getByText(/Page \d/).count()).toBe(0);
    const [download] = await Promise.all([
      visitor.page.waitForEvent('download'),
      visitor.page.locator('[data-testid="document-grid"] a[download]').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });

  it('contact: the message is sent, the form resets and says so; the map loads only on request', async () => {
    const thirdParty: string[] = [];
    visitor.page.on('request', (r) => !r.url().startsWith(env.server.url) && thirdParty.push(r.url()));
    await visitor.page.goto(`${env.server.url}${prefix}/contact`);
    await hydrated(visitor.page, 'ContactForm');
    await expectAccessible(visitor.page, `contact ${lang}`);
    await visitor.page.getByLabel(t.contact.name).fill('Jean Martin');
    await visitor.page.getByLabel(t.contact.emailField).fill('jean@example.org');
    await visitor.page.getByLabel(t.contact.message, { exact: true }).fill('Bonjour, je cherche un moteur.');
    await visitor.page.getByRole('button', { name: t.contact.send }).click();
    await expect
      .poll(() => visitor.page.locator('form .alert-success').textContent())
      .toBe(specIn(spec.contact.success, lang) ?? t.contact.success);
    expect(await visitor.page.getByLabel(t.contact.name).inputValue()).toBe('');
    // The toast shows it too, top right.
    await expect.poll(() => visitor.page.locator('.toast-success').count()).toBe(1);
    expect(thirdParty).toEqual([]);
    await visitor.page.getByRole('button', { name: t.contact.mapShow }).click();
    await expect.poll(() => visitor.page.locator('iframe[src^="https://www.openstreetmap.org/"]').count()).toBe(1);
    // Directions from the map's own service first, Google Maps second (decision 081).
    const osm = visitor.page.getByRole('link', { name: lang === 'fr' ? 'Itinéraire (OpenStreetMap)' : 'Directions (OpenStreetMap)' });
    expect(await osm.getAttribute('href')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/directions\?engine=fossgis_osrm_car&route=%3B43\.\d+%2C5\.\d+$/,
    );
    const google = visitor.page.getByRole('link', { name: lang === 'fr' ? 'Itinéraire avec Google Maps' : 'Directions with Google Maps' });
    expect(await google.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=43\.\d+,5\.\d+$/);
  });

  it('any other path and a missing product: the not-found page with header and footer, status 404', async () => {
    for (const path of ['/nimporte/quoi', '/produit/999999']) {
      const res = await visitor.page.goto(`${env.server.url}${prefix}${path}`);
      expect(res?.status()).toBe(404);
      expect(await htmlLang(visitor.page)).toBe(lang);
      expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe(
        specIn(spec.notFound.title, lang) ?? t.notFound.title,
      );
      expect(await visitor.page.getByRole('banner').count()).toBe(1);
      expect(await visitor.page.getByRole('contentinfo').count()).toBe(1);
      expect(await visitor.page.getByRole('link', { name: t.notFound.home }).getAttribute('href')).toBe(`${prefix}/`);
      expect(await visitor.page.getByRole('button', { name: t.notFound.back }).count()).toBe(1);
    }
    await expectAccessible(visitor.page, `not found ${lang}`);
  });
});

describe('contact form error', () => {
  it('shows the error text in each language when the server refuses the message', async () => {
    // Ten messages from one address in 15 minutes is the API's limit: reach it for real.
    for (let i = 0; i < 12; i++) {
      await env.server.api('/inquiries', {
        method: 'POST',
        json: { name: 'Bot', email: 'bot@example.org', message: `n° ${i}`, language: 'fr' },
      });
    }
    for (const lang of ['fr', 'en'] as Lang[]) {
      const t = dictionary(lang);
      const context = await visitorContext(env.browser);
      const page = await context.newPage();
      await page.goto(`${env.server.url}${lang === 'en' ? '/en' : ''}/contact`);
      await hydrated(page, 'ContactForm');
      await page.getByLabel(t.contact.name).fill('Jean Martin');
      await page.getByLabel(t.contact.emailField).fill('jean@example.org');
      await page.getByLabel(t.contact.message, { exact: true }).fill('Bonjour');
      await page.getByRole('button', { name: t.contact.send }).click();
      await expect.poll(() => page.locator('form .alert-error p').first().textContent()).toBe(spec.contact.error[lang]);
      // What the visitor typed is kept for another try.
      expect(await page.getByLabel(t.contact.name).inputValue()).toBe('Jean Martin');
      await context.close();
    }
  });
});
