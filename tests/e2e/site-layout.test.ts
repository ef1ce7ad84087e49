// What visitors see of the public layout, in Chromium against the real server: cards whose
// detail buttons line up, a phone header of icon buttons with accessible names whose menu opens
// under its button, the not-found page's buttons centred with its text, and the library's labelled
// search. Expected names are written here by hand.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser } from '../support/browser.ts';
import { seedSite } from './site-seed.ts';
import { visitorContext } from './site-browser.ts';

const env = serverAndBrowser();
beforeAll(async () => {
  await seedSite(env.server);
});

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe('cards', () => {
  it('on a wide screen, every card of a row ends at the same height and its button sits at the bottom', async () => {
    const context = await visitorContext(env.browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/annonces`);
    const rows = await page.locator('[data-testid="listing-grid"] .card').evaluateAll((cards) =>
      cards.map((c) => {
        const r = c.getBoundingClientRect();
        const b = c.querySelector('.btn')!.getBoundingClientRect();
        return { top: Math.round(r.top), bottom: Math.round(r.bottom), gap: Math.round(r.bottom - b.bottom) };
      }),
    );
    // The seeded titles and metadata differ in length (one card wraps its year onto a second line).
    const firstRow = rows.filter((r) => r.top === rows[0]!.top);
    expect(firstRow.length).toBeGreaterThan(1);
    expect(new Set(firstRow.map((r) => r.bottom)).size).toBe(1);
    expect(new Set(firstRow.map((r) => r.gap)).size).toBe(1);
    await context.close();
  });

  it('the home page shows its three offers on one row of three columns', async () => {
    const context = await visitorContext(env.browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/`);
    const columns = await page
      .locator('[data-testid="home-offers"]')
      .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);
    await context.close();
  });
});

describe.each([
  {
    lang: 'fr',
    prefix: '',
    menu: 'Menu',
    language: 'English',
    theme: 'Thème sombre',
    home: "Retour à l'accueil",
    back: 'Page précédente',
    search: 'Rechercher un document',
  },
  {
    lang: 'en',
    prefix: '/en',
    menu: 'Menu',
    language: 'Français',
    theme: 'Dark theme',
    home: 'Back to home',
    back: 'Previous page',
    search: 'Search documents',
  },
])('phone screens in $lang', ({ prefix, menu, language, theme, home, back, search }) => {
  it('the header holds icon buttons named menu, language and theme; the menu opens right under its button', async () => {
    const context = await visitorContext(env.browser, { viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}${prefix}/annonces`);
    const menuButton = page.locator('.mobile-menu summary');
    expect(await menuButton.evaluate((el) => (el.textContent ?? '').replace(/☰/, '').trim())).toBe(menu);
    expect(await page.getByRole('link', { name: language }).count()).toBe(1);
    const themeButton = page.getByRole('button', { name: theme });
    expect(await themeButton.count()).toBe(1);
    // Each is a round 44 px target, the words hidden from sight but not from assistive technology.
    for (const selector of ['.mobile-menu summary', '[data-testid="lang-switch"]', '[data-testid="theme-toggle"]']) {
      const b = await box(page, selector);
      expect([Math.round(b.width), Math.round(b.height)], selector).toEqual([44, 44]);
    }
    await menuButton.click();
    const nav = page.getByRole('navigation', { name: menu });
    await expect.poll(() => nav.isVisible()).toBe(true);
    const [button, panel] = [await box(page, '.mobile-menu summary'), (await nav.boundingBox())!];
    expect(panel.y).toBeGreaterThanOrEqual(button.y + button.height);
    expect(panel.y - (button.y + button.height)).toBeLessThan(16);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    expect(panel.x).toBeGreaterThanOrEqual(0);
    await context.close();
  });

  it('no public screen scrolls sideways, in light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const context = await visitorContext(env.browser, { viewport: { width: 390, height: 800 } });
      await context.addCookies([{ name: 'theme', value: theme, url: env.server.url }]);
      const page = await context.newPage();
      for (const path of [
        '/',
        '/annonces?condition=new&minPrice=1',
        '/produit/1',
        '/documentation',
        '/contact',
        '/mentions-legales',
        '/page-inconnue',
      ]) {
        await page.goto(`${env.server.url}${prefix}${path}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${theme} ${path}`).toBe(0);
      }
      await context.close();
    }
  });

  it('the not-found page centres its buttons under its text; the library’s search box has a visible label', async () => {
    const context = await visitorContext(env.browser, { viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}${prefix}/page-inconnue`);
    const h1 = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    const a = (await page.getByRole('link', { name: home }).boundingBox())!;
    const b = (await page.getByRole('button', { name: back }).boundingBox())!;
    const centre = h1.x + h1.width / 2;
    const buttons = (Math.min(a.x, b.x) + Math.max(a.x + a.width, b.x + b.width)) / 2;
    expect(Math.abs(buttons - centre)).toBeLessThan(2);

    await page.goto(`${env.server.url}${prefix}/documentation`);
    const label = page.locator('label[for="doc-search"]');
    expect(await label.textContent()).toBe(search);
    expect(await label.isVisible()).toBe(true);
    expect((await label.boundingBox())!.width).toBeGreaterThan(20);
    await context.close();
  });
});
