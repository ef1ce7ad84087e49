// Opening and downloading documents from the back office when the file cannot be had, in Chromium
// against the real server and the built PWA: the listing view's document (opened in a new tab) and
// the technical documents table's download, each deleted behind the admin's back (404), answered
// with a server fault (500) and asked for offline. The spec gives the texts in English
// (back-office section 8, tests/fixtures/spec-texts.ts); the French admin's are written here by hand.
// And the documents' statistics opened offline before they were ever fetched.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { backOffice } from '../fixtures/spec-texts.ts';
import { makePdf, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { createListingViaApi, signedInPage } from './admin-support.ts';

const env = serverAndBrowser();

const TEXTS = {
  fr: {
    open: "Erreur lors de l'ouverture du document",
    download: 'Erreur de téléchargement',
    unreachable: 'Serveur injoignable. Vérifiez votre connexion.',
    openLink: 'Télécharger',
  },
  en: {
    open: backOffice.listingView.openError.en,
    download: backOffice.listingView.downloadError.en,
    unreachable: 'The server cannot be reached. Check your connection.',
    openLink: 'Download',
  },
} as const;
type Lang = keyof typeof TEXTS;

// One document per language is deleted behind the admin's back.
let listing: { id: number; kept: number; gone: Record<Lang, number> };
let library: { kept: { id: number; title: string }; gone: Record<Lang, { id: number; title: string }> };

async function productDocument(token: string, productId: number, title: string): Promise<number> {
  const res = await upload(
    env.server,
    `/products/${productId}/documents`,
    token,
    [{ field: 'documents', name: `${title}.pdf`, bytes: makePdf(title, []) }],
    { titles: JSON.stringify([title]) },
  );
  if (res.status !== 201) throw new Error(`document upload: ${res.status}`);
  return ((await res.json()) as { documents: { id: number }[] }).documents[0]!.id;
}

async function technicalDocument(token: string, title: string) {
  const res = await upload(
    env.server,
    '/admin/technical-documents/upload',
    token,
    [{ field: 'document', name: `${title}.pdf`, bytes: makePdf(title, []) }],
    { title },
  );
  if (res.status !== 201) throw new Error(`technical upload: ${res.status}`);
  return { id: ((await res.json()) as { document: { id: number } }).document.id, title };
}

beforeAll(async () => {
  const { accessToken: token } = await signInAsAdmin(env.server);
  const { id } = await createListingViaApi(env.server, 'Groupe aux documents e2e');
  listing = {
    id,
    kept: await productDocument(token, id, 'Notice disponible'),
    gone: { fr: await productDocument(token, id, 'Notice supprimée fr'), en: await productDocument(token, id, 'Notice supprimée en') },
  };
  library = {
    kept: await technicalDocument(token, 'Manuel disponible'),
    gone: { fr: await technicalDocument(token, 'Manuel supprimé fr'), en: await technicalDocument(token, 'Manuel supprimé en') },
  };
});

/** The last error toast: its title and message as the admin reads them. */
async function errorToast(page: Page) {
  const toast = page.locator('.toast-error').last();
  await toast.waitFor();
  const shown = { title: await toast.locator('.toast-title').textContent(), message: await toast.locator('.toast-message').textContent() };
  await toast.getByRole('button').click();
  await toast.waitFor({ state: 'detached' });
  return shown;
}

/** The server answers 500 to the file's check, once. */
const serverFaultOnce = (page: Page, pattern: string) =>
  page.route(pattern, (route) => route.fulfill({ status: 500, body: '' }), { times: 1 });

async function adminIn(lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await signedInPage(env.browser, env.server);
  if (lang === 'en') {
    await page.getByRole('button', { name: 'Switch the admin to English' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  }
  return { context, page };
}

describe.each(['fr', 'en'] as Lang[])('document failures in the %s admin', (lang) => {
  const t = TEXTS[lang];

  it("the listing view's document says the spec's opening error when it is gone, failing or offline, and opens when it answers", async () => {
    const { context, page } = await adminIn(lang);
    await page.goto(`${env.server.url}/admin/annonces/${listing.id}/view`);
    const row = (title: string) => page.locator('.upload-item', { hasText: title });
    await row(`Notice supprimée ${lang}`).waitFor();
    // Deleted elsewhere while the page shows it.
    const { headers } = await signInAsAdmin(env.server);
    expect(
      (await env.server.api(`/products/${listing.id}/documents/${listing.gone[lang]}`, { method: 'DELETE', headers })).status,
    ).toBeLessThan(300);

    await row(`Notice supprimée ${lang}`).getByRole('link', { name: t.openLink }).click();
    expect(await errorToast(page)).toEqual({ title: t.open, message: `${lang === 'fr' ? 'Erreur' : 'Error'} 404` });
    // The tab opened within the click is closed again: only the admin remains.
    await expect.poll(() => context.pages().length).toBe(1);

    await serverFaultOnce(page, `**/api/products/${listing.id}/documents/${listing.kept}/download`);
    await row('Notice disponible').getByRole('link', { name: t.openLink }).click();
    expect(await errorToast(page)).toEqual({ title: t.open, message: `${lang === 'fr' ? 'Erreur' : 'Error'} 500` });

    await context.setOffline(true);
    await row('Notice disponible').getByRole('link', { name: t.openLink }).click();
    expect(await errorToast(page)).toEqual({ title: t.open, message: t.unreachable });
    await expect.poll(() => context.pages().length).toBe(1);
    await context.setOffline(false);

    // The new tab is sent to the file, which the browser saves (an attachment). The tab's download
    // is listened for as the tab appears: awaiting the tab first could miss a download that comes at once.
    const downloaded = new Promise<Download>((resolve) => context.once('page', (tab) => tab.once('download', resolve)));
    await row('Notice disponible').getByRole('link', { name: t.openLink }).click();
    const file = await downloaded;
    expect(file.url()).toMatch(new RegExp(`/api/products/${listing.id}/documents/${listing.kept}/download$`));
    expect(file.suggestedFilename()).toBe('Notice disponible.pdf');
    expect(await page.locator('.toast-error').count()).toBe(0);
    await context.close();
  });

  it("the technical documents table's download says the spec's download error when the file is gone, failing or offline, and saves it when it answers", async () => {
    const { context, page } = await adminIn(lang);
    await page.goto(`${env.server.url}/admin/documents`);
    const link = (title: string) => page.getByRole('link', { name: lang === 'fr' ? `Télécharger ${title}` : `Download ${title}` });
    const gone = library.gone[lang];
    await link(gone.title).waitFor();
    const { headers } = await signInAsAdmin(env.server);
    expect((await env.server.api(`/admin/technical-documents/${gone.id}`, { method: 'DELETE', headers })).status).toBeLessThan(300);

    await link(gone.title).click();
    expect(await errorToast(page)).toEqual({ title: t.download, message: `${lang === 'fr' ? 'Erreur' : 'Error'} 404` });

    await serverFaultOnce(page, `**/api/technical-documents/download/${library.kept.id}`);
    await link(library.kept.title).click();
    expect(await errorToast(page)).toEqual({ title: t.download, message: `${lang === 'fr' ? 'Erreur' : 'Error'} 500` });

    await context.setOffline(true);
    await link(library.kept.title).click();
    expect(await errorToast(page)).toEqual({ title: t.download, message: t.unreachable });
    await context.setOffline(false);

    const saved = page.waitForEvent('download');
    await link(library.kept.title).click();
    expect((await saved).suggestedFilename()).toBe(`${library.kept.title}.pdf`);
    expect(await page.locator('.toast-error').count()).toBe(0);
    await context.close();
  });
});

describe('technical documents statistics offline', () => {
  it('says the statistics are unavailable offline instead of spinning, and shows them when the connection returns', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.goto(`${env.server.url}/admin/documents`);
    await page.getByRole('link', { name: 'Télécharger Manuel disponible' }).waitFor();
    // Never fetched on this device: the first opening is offline.
    await context.setOffline(true);
    await page.getByText('Hors ligne', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Statistiques' }).click();
    await page.getByRole('status').filter({ hasText: 'Statistiques indisponibles hors connexion' }).waitFor();
    expect(await page.locator('main .spinner').count()).toBe(0);

    await context.setOffline(false);
    const stats = page.getByLabel('Statistiques des documents');
    await stats.getByText('Total documents').waitFor();
    expect(await page.getByText('Statistiques indisponibles hors connexion').count()).toBe(0);
    await context.close();
  });
});
