// The public documentation library when the catalogue cannot be read, and Preview opening its tab
// inside the click, in Chromium against the real server. Expected texts are written from the spec
// (public-site section 8, "Public documents"), not read from the dictionaries.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Lang } from '@app/domain/i18n/index';
import { withoutTable } from '../support/faults.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { seedSite, type SiteSeed } from './site-seed.ts';
import { previewOpened, visitorContext, watchErrors } from './site-browser.ts';

const env = serverAndBrowser();
let seed: SiteSeed;
beforeAll(async () => {
  seed = await seedSite(env.server);
});

const hydrated = (page: Page, island: string) =>
  page.waitForSelector(`astro-island[component-url*="${island}"]:not([ssr])`, { state: 'attached' });
const prefixOf = (lang: Lang) => (lang === 'en' ? '/en' : '');
// The spec's '{status text}' is the answer's reason phrase; with no answer, words of each language.
const ERROR = {
  fr: 'Erreur lors de la récupération des documents: Internal Server Error',
  en: 'Error fetching documents: Internal Server Error',
};
const NO_ANSWER = {
  fr: 'Erreur lors de la récupération des documents: le serveur ne répond pas',
  en: 'Error fetching documents: the server did not answer',
};
const RETRY = { fr: 'Réessayer', en: 'Retry' };
const PREVIEW = { fr: 'Aperçu', en: 'Preview' };

describe.each(['fr', 'en'] as Lang[])('documentation library in %s', (lang) => {
  it('shows the spec’s error with the status text (or a readable one with no answer), and Retry loads the documents once they are back', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    const alert = page.locator('main [role="alert"] p');
    await withoutTable(env.server, 'technical_documents', async () => {
      await page.goto(`${env.server.url}${prefixOf(lang)}/documentation?search=C18`);
      await hydrated(page, 'DocumentLibrary');
      expect(await alert.textContent()).toBe(ERROR[lang]);
      // Retry asks again and still fails: the same text, from the browser's own request this time.
      await page.getByRole('button', { name: RETRY[lang] }).click();
      await expect.poll(() => page.locator('.toasts .toast strong').allTextContents()).toEqual([ERROR[lang]]);
      expect(await alert.textContent()).toBe(ERROR[lang]);
      // No answer at all: not the browser's 'Failed to fetch'.
      await context.setOffline(true);
      await page.getByRole('button', { name: RETRY[lang] }).click();
      await expect.poll(() => alert.textContent()).toBe(NO_ANSWER[lang]);
      expect(await page.locator('.toasts .toast strong').allTextContents()).toContain(NO_ANSWER[lang]);
      await context.setOffline(false);
    });
    await page.getByRole('button', { name: RETRY[lang] }).click();
    await expect
      .poll(() => page.locator('[data-testid="document-grid"] h2').allTextContents())
      .toEqual([lang === 'fr' ? seed.technicalTitle : 'C18 workshop manual']);
    await context.close();
  });

  it('Preview opens its tab within the click, before the file check answers, then goes to the file', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}${prefixOf(lang)}/produit/${seed.generatorId}`);
    await hydrated(page, 'Toaster');
    // The check (HEAD) is held until a tab exists: a tab opened only after it answers would wait forever.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/preview', async (route) => {
      if (route.request().method() === 'HEAD') await held;
      await route.continue();
    });
    const popup = context.waitForEvent('page');
    const previewed = previewOpened(context);
    await page.getByRole('link', { name: `${PREVIEW[lang]} – ${seed.documentTitle}` }).click();
    const tab = await popup;
    release();
    expect(await previewed(tab)).toMatch(new RegExp(`/api/products/${seed.generatorId}/documents/\\d+/preview$`));
    // The new tab cannot reach back into the site's page.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
