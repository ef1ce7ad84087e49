// Visitor journeys on the public site in Chromium, in French and in English: the FR/EN switch on every
// page, the theme stored and applied, the legal pages; axe-core on the pages it shows and no CSP violation
// anywhere. Split from site-journeys.test.ts (issue 35): these write nothing, and what they check (the
// pages' language, the theme, the legal text) no engine changes; the pages they pass through read the
// catalogue as site-journeys' do, which runs on both engines. So this file runs on SQLite only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { dictionary, type Lang } from '@app/domain/i18n/index';
import { serverAndBrowser } from '../support/browser.ts';
import { seedSite, type SiteSeed } from './site-seed.ts';
import { expectAccessible, htmlLang, isDark, visitorContext, watchErrors } from './site-browser.ts';

const env = serverAndBrowser();
let seed: SiteSeed;

beforeAll(async () => {
  seed = await seedSite(env.server);
});

describe.each(['fr', 'en'] as Lang[])('public site in %s', (lang) => {
  const t = dictionary(lang);
  const prefix = lang === 'en' ? '/en' : '';
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await visitorContext(env.browser);
    page = await context.newPage();
    errors = watchErrors(page);
  });
  afterAll(async () => {
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('the FR/EN switch leads to the same page in the other language, and the choice is remembered', async () => {
    const other = lang === 'fr' ? 'en' : 'fr';
    const otherPrefix = other === 'en' ? '/en' : '';
    for (const path of [
      '/',
      '/annonces',
      `/produit/${seed.generatorId}`,
      '/documentation',
      '/contact',
      '/mentions-legales',
      '/politique-confidentialite',
      '/conditions-utilisation',
    ]) {
      await page.goto(`${env.server.url}${prefix}${path}`);
      expect(await htmlLang(page), path).toBe(lang);
      await page.getByTestId('lang-switch').click();
      await page.waitForURL(`${env.server.url}${otherPrefix}${path === '/' && other === 'en' ? '/' : path}`);
      expect(await htmlLang(page), path).toBe(other);
      await page.getByTestId('lang-switch').click();
      await page.waitForURL(`${env.server.url}${prefix}${path === '/' && lang === 'en' ? '/' : path}`);
      expect(await htmlLang(page), path).toBe(lang);
    }
    // Remembered: the root paths now answer in the last chosen language.
    await page.goto(`${env.server.url}/contact`);
    expect(await htmlLang(page)).toBe(lang);
  });

  it('the theme is stored and applied on every page, legal pages included (only the theme line there)', async () => {
    await page.goto(`${env.server.url}${prefix}/annonces`);
    expect(await isDark(page)).toBe(false);
    await page.getByRole('button', { name: t.header.themeToDark }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    await page.goto(`${env.server.url}${prefix}/contact`);
    expect(await isDark(page)).toBe(true);
    await expectAccessible(page, `contact dark ${lang}`);
    await page.goto(`${env.server.url}${prefix}/mentions-legales`);
    expect(await isDark(page)).toBe(true);
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(1);
    expect(await page.locator('head > script:not([type="application/ld+json"]):not([src])').count()).toBe(1);
    // Without JavaScript the toggle is a form: it posts and comes back to the same page.
    await Promise.all([
      page.waitForURL(`${env.server.url}${prefix}/mentions-legales`),
      page.getByRole('button', { name: t.header.themeToLight }).click(),
    ]);
    expect(await isDark(page)).toBe(false);
    await page.goto(`${env.server.url}${prefix}/`);
    expect(await isDark(page)).toBe(false);
  });

  it('legal pages: SARL in Salon-de-Provence, the French host, today as the last update, 3 years in the privacy policy', async () => {
    await page.goto(`${env.server.url}${prefix}/mentions-legales`);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('SARL');
    expect(text).toContain('Salon-de-Provence');
    expect(text).toContain('OVH SAS');
    const today = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Paris',
    }).format(new Date());
    expect(await page.getByTestId('last-updated').textContent()).toContain(today);
    await expectAccessible(page, `legal ${lang}`);
    await page.goto(`${env.server.url}${prefix}/politique-confidentialite`);
    expect(await page.locator('main').textContent()).toContain(
      lang === 'fr' ? '3 ans à compter du dernier contact' : '3 years from the last contact',
    );
  });
});
