// Product and library documents in Chromium against the real server: Preview opens and Download
// downloads, as plain links without JavaScript too; a document whose file is gone from the server
// shows the spec's toast ('Error opening document', 'Download error') in each language instead of
// an error page; and each kind of toast stays on screen for the spec's duration.
import fs from 'node:fs';
import path from 'node:path';
import { row, rows } from '@app/db';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dictionary, type Lang } from '@app/domain/i18n/index';
import { makePdf, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin, withDb, sqlText } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { seedSite, type SiteSeed } from './site-seed.ts';
import { previewOpened, visitorContext, watchErrors } from './site-browser.ts';

const env = serverAndBrowser();
let seed: SiteSeed;
const lostTitle = 'Schéma de câblage perdu';

beforeAll(async () => {
  seed = await seedSite(env.server);
  // A second document on the generator whose file then disappears from DATA_DIR (a lost disk file:
  // the row and the links remain, the file answers 404).
  const { accessToken } = await signInAsAdmin(env.server);
  const res = await upload(
    env.server,
    `/products/${seed.generatorId}/documents`,
    accessToken,
    [{ field: 'documents', name: 'cablage.pdf', bytes: makePdf(lostTitle, []) }],
    { titles: JSON.stringify([lostTitle]) },
  );
  expect(res.status).toBe(201);
  const key = (await withDb(env.server, (db) =>
    row<{ key: string }>(db, sqlText('select storage_key as key from product_documents where title = ?', lostTitle)),
  ))!.key;
  fs.rmSync(path.join(env.server.dataDir, 'documents', key));
});

const prefixOf = (lang: Lang) => (lang === 'en' ? '/en' : '');
const hydrated = (page: Page, island: string) =>
  page.waitForSelector(`astro-island[component-url*="${island}"]:not([ssr])`, { state: 'attached' });
const toastTitles = (page: Page) => page.locator('.toasts .toast strong').allTextContents();
const downloads = async (id: number) =>
  new Map(
    (
      await withDb(env.server, (db) =>
        rows<{ title: string; n: number }>(
          db,
          sqlText('select title, download_count as n from product_documents where product_id = ?', id),
        ),
      )
    ).map((d) => [d.title, d.n]),
  );

describe('product documents without JavaScript', () => {
  it('Download is a plain link that downloads the file, Preview a plain link to the file in a new tab', async () => {
    const context = await visitorContext(env.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const t = dictionary('fr');
    await page.goto(`${env.server.url}/produit/${seed.generatorId}`);
    const preview = page.getByRole('link', { name: `${t.product.preview} – ${seed.documentTitle}` });
    expect(await preview.getAttribute('href')).toMatch(new RegExp(`^/api/products/${seed.generatorId}/documents/\\d+/preview$`));
    expect(await preview.getAttribute('target')).toBe('_blank');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `${t.product.download} – ${seed.documentTitle}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('fiche.pdf');
    expect(await download.failure()).toBeNull();
    await context.close();
  });
});

describe.each(['fr', 'en'] as Lang[])('product documents with JavaScript in %s', (lang) => {
  const t = dictionary(lang);

  it('Preview opens the document in a new tab and Download downloads it, counted once', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}${prefixOf(lang)}/produit/${seed.generatorId}`);
    await hydrated(page, 'Toaster');
    const before = await downloads(seed.generatorId);

    // The tab opens blank inside the click and goes to the file once the check has answered.
    const previewed = previewOpened(context);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: `${t.product.preview} – ${seed.documentTitle}` }).click(),
    ]);
    expect(await previewed(tab)).toMatch(new RegExp(`/api/products/${seed.generatorId}/documents/\\d+/preview$`));
    await tab.close();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `${t.product.download} – ${seed.documentTitle}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('fiche.pdf');
    expect(await download.failure()).toBeNull();
    // The reachability check (HEAD) is not a download: the count moves by one.
    expect((await downloads(seed.generatorId)).get(seed.documentTitle)).toBe(before.get(seed.documentTitle)! + 1);
    expect(await toastTitles(page)).toEqual([]);
    expect(page.url()).toBe(`${env.server.url}${prefixOf(lang)}/produit/${seed.generatorId}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a document whose file is gone: Preview and Download show their error toasts and the page stays', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const url = `${env.server.url}${prefixOf(lang)}/produit/${seed.generatorId}`;
    await page.goto(url);
    await hydrated(page, 'Toaster');
    let downloaded = 0;
    page.on('download', () => downloaded++);

    await page.getByRole('link', { name: `${t.product.preview} – ${lostTitle}` }).click();
    await expect
      .poll(() => toastTitles(page))
      .toEqual([lang === 'fr' ? "Erreur lors de l'ouverture du document" : 'Error opening document']);
    expect(await page.locator('.toast').getAttribute('role')).toBe('alert');

    await page.getByRole('link', { name: `${t.product.download} – ${lostTitle}` }).click();
    await expect
      .poll(() => toastTitles(page))
      .toEqual([
        lang === 'fr' ? "Erreur lors de l'ouverture du document" : 'Error opening document',
        lang === 'fr' ? 'Erreur de téléchargement' : 'Download error',
      ]);
    expect(page.url()).toBe(url);
    // Preview's tab, opened blank inside the click, is closed again once the check fails.
    await expect.poll(() => context.pages().length).toBe(1);
    expect(downloaded).toBe(0);
    // The console reports the 404 of the check itself; no script error, no CSP violation.
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the library page: a document deleted after the page was shown gives the download error toast', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    const { accessToken } = await signInAsAdmin(env.server);
    const title = `Notice ${lang} supprimée`;
    const created = await upload(
      env.server,
      '/admin/technical-documents/upload',
      accessToken,
      [{ field: 'document', name: 'notice.pdf', bytes: makePdf(title, []) }],
      { title, titleFr: title, titleEn: title },
    );
    expect(created.status).toBe(201);
    const { document } = (await created.json()) as { document: { id: number } };
    await page.goto(`${env.server.url}${prefixOf(lang)}/documentation?search=${encodeURIComponent('supprimée')}`);
    await hydrated(page, 'Toaster');
    const link = page.getByRole('link', { name: `${t.docs.download} – ${title}` });
    expect(await link.count()).toBe(1);
    const deleted = await env.server.api(`/admin/technical-documents/${document.id}`, { method: 'DELETE', token: accessToken });
    expect(deleted.status).toBe(200);

    let downloaded = 0;
    page.on('download', () => downloaded++);
    await link.click();
    await expect.poll(() => toastTitles(page)).toEqual([lang === 'fr' ? 'Erreur de téléchargement' : 'Download error']);
    expect(downloaded).toBe(0);
    await context.close();
  });
});

describe('a click before the toasts are ready', () => {
  it('the error toast still appears once the Toaster has loaded', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The Toaster's code is held back: the document links are live, the Toaster is not yet.
    await page.route(/\/_astro\/Toaster\.[^/]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${env.server.url}/produit/${seed.generatorId}`);
    let downloaded = 0;
    page.on('download', () => downloaded++);
    const link = page.getByRole('link', { name: `${dictionary('fr').product.download} – ${lostTitle}` });
    await link.click();
    await expect.poll(() => link.getAttribute('aria-busy')).toBeNull();
    expect(await page.locator('astro-island[component-url*="Toaster"]:not([ssr])').count()).toBe(0);
    release();
    await expect.poll(() => toastTitles(page)).toEqual(['Erreur de téléchargement']);
    expect(downloaded).toBe(0);
    await context.close();
  });
});

describe('toast durations', () => {
  it('success 4000 ms, error 6000, info 4000, warning 5000, 5000 without a type (fake clock)', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${env.server.url}/contact`);
    await hydrated(page, 'Toaster');
    // From here the page's time moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    const cases: [string | undefined, number][] = [
      ['success', 4000],
      ['error', 6000],
      ['info', 4000],
      ['warning', 5000],
      [undefined, 5000],
    ];
    for (const [type, duration] of cases) {
      const title = `toast ${type ?? 'default'}`;
      // What any island sends (site/src/islands/toast.ts): the Toaster decides how long it stays.
      await page.evaluate(([type, title]) => window.dispatchEvent(new CustomEvent('site:toast', { detail: { type, title } })), [
        type,
        title,
      ] as const);
      await expect.poll(() => toastTitles(page)).toEqual([title]);
      await page.clock.runFor(duration - 1);
      expect(await toastTitles(page), `${title} before ${duration} ms`).toEqual([title]);
      await page.clock.runFor(1);
      await expect.poll(() => toastTitles(page), { message: `${title} after ${duration} ms` }).toEqual([]);
    }

    // The close button removes one at once.
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('site:toast', { detail: { type: 'info', title: 'closable' } })));
    await expect.poll(() => toastTitles(page)).toEqual(['closable']);
    await page.getByRole('button', { name: dictionary('fr').toast.close }).click();
    await expect.poll(() => toastTitles(page)).toEqual([]);
    await context.close();
  });
});
