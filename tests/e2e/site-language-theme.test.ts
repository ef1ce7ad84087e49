// Visitor journeys on the public site in Chromium, in French and in English: the FR/EN switch on every
// page, the theme stored and applied, the legal pages; axe-core on the pages it shows and no CSP violation
// anywhere. Split from site-journeys.test.ts (issue 35): these write nothing, and what they check (the
// pages' language, the theme, the legal text) no engine changes; the pages they pass through read the
// catalogue as site-journeys' do, which runs on both engines. So this file runs on SQLite only.
import { beforeAll, describe, expect, it } from 'vitest';
import { dictionary, type Lang } from '@app/domain/i18n/index';
import { serverAndBrowser } from '../support/browser.ts';
import { contentPaths, seedSite, type SiteSeed } from './site-seed.ts';
import { expectAccessible, htmlLang, isDark, visitorPage } from './site-browser.ts';

const env = serverAndBrowser();
let seed: SiteSeed;

beforeAll(async () => {
  seed = await seedSite(env.server);
});

describe.each(['fr', 'en'] as Lang[])('public site in %s', (lang) => {
  const t = dictionary(lang);
  const prefix = lang === 'en' ? '/en' : '';
  const visitor = visitorPage(env);

  it('the FR/EN switch leads to the same page in the other language, and the choice is remembered', async () => {
    const other = lang === 'fr' ? 'en' : 'fr';
    const otherPrefix = other === 'en' ? '/en' : '';
    for (const path of contentPaths(seed)) {
      await visitor.page.goto(`${env.server.url}${prefix}${path}`);
      expect(await htmlLang(visitor.page), path).toBe(lang);
      await visitor.page.getByTestId('lang-switch').click();
      await visitor.page.waitForURL(`${env.server.url}${otherPrefix}${path === '/' && other === 'en' ? '/' : path}`);
      expect(await htmlLang(visitor.page), path).toBe(other);
      await visitor.page.getByTestId('lang-switch').click();
      await visitor.page.waitForURL(`${env.server.url}${prefix}${path === '/' && lang === 'en' ? '/' : path}`);
      expect(await htmlLang(visitor.page), path).toBe(lang);
    }
    // Remembered: the root paths now answer in the last chosen language.
    await visitor.page.goto(`${env.server.url}/contact`);
    expect(await htmlLang(visitor.page)).toBe(lang);
  });

  it('the theme is stored and applied on every visitor.page, legal pages included (only the theme line there)', async () => {
    await visitor.page.goto(`${env.server.url}${prefix}/annonces`);
    expect(await isDark(visitor.page)).toBe(false);
    await visitor.page.getByRole('button', { name: t.header.themeToDark }).click();
    await expect.poll(() => isDark(visitor.page)).toBe(true);
    await visitor.page.goto(`${env.server.url}${prefix}/contact`);
    expect(await isDark(visitor.page)).toBe(true);
    await expectAccessible(visitor.page, `contact dark ${lang}`);
    await visitor.page.goto(`${env.server.url}${prefix}/mentions-legales`);
    expect(await isDark(visitor.page)).toBe(true);
    expect(await visitor.page.locator('script:not([type="application/ld+json"])').count()).toBe(1);
    expect(await visitor.page.locator('head > script:not([type="application/ld+json"]):not([src])').count()).toBe(1);
    // Without JavaScript the toggle is a form: it posts and comes back to the same page.
    await Promise.all([
      visitor.page.waitForURL(`${env.server.url}${prefix}/mentions-legales`),
      visitor.page.getByRole('button', { name: t.header.themeToLight }).click(),
    ]);
    expect(await isDark(visitor.page)).toBe(false);
    await visitor.page.goto(`${env.server.url}${prefix}/`);
    expect(await isDark(visitor.page)).toBe(false);
  });

  it('legal pages: SARL in Salon-de-Provence, the French host, today as the last update, 3 years in the privacy policy', async () => {
    await visitor.page.goto(`${env.server.url}${prefix}/mentions-legales`);
    const text = (await visitor.page.locator('main').textContent()) ?? '';
    expect(text).toContain('SARL');
    expect(text).toContain('Salon-de-Provence');
    expect(text).toContain('OVH SAS');
    const today = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Paris',
    }).format(new Date());
    expect(await visitor.page.getByTestId('last-updated').textContent()).toContain(today);
    await expectAccessible(visitor.page, `legal ${lang}`);
    await visitor.page.goto(`${env.server.url}${prefix}/politique-confidentialite`);
    expect(await visitor.page.locator('main').textContent()).toContain(
      lang === 'fr' ? '3 ans à compter du dernier contact' : '3 years from the last contact',
    );
  });
});
