// Offline listing writes in Chromium against the real server and the built PWA: a listing created
// offline with an image and a PDF picked in the form (kept in IndexedDB across a reload, uploaded on
// replay), and the table's featured toggle queued offline and sent when the connection returns.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAsAdmin } from '../support/auth.ts';
import { createListingViaApi, fillEngineForm, LISTING, pdf, png, signedInPage, waitForServiceWorker } from './admin-support.ts';
import { serverAndBrowser } from '../support/browser.ts';

type ApiProduct = {
  id: number;
  version: number;
  featured: boolean;
  images: { url: string; thumbnailUrl: string; alt: string | null; sources: { url: string }[] }[];
  documents: {
    id: number;
    title: string;
    titleEn: string | null;
    description: string | null;
    originalFilename: string;
    mimeType: string;
  }[];
};

describe('admin offline listing writes', () => {
  const env = serverAndBrowser();

  async function findByTitle(title: string): Promise<ApiProduct[]> {
    const { headers } = await signInAsAdmin(env.server);
    const list = await (await env.server.api(`/products?search=${encodeURIComponent(title)}`, { headers })).json();
    return list.items;
  }

  /** Signed in, the listings table shown with the service worker in control, then the network cut. */
  async function offlineOnListings(waitForTitle: string) {
    const { context, page } = await signedInPage(env.browser, env.server);
    await waitForServiceWorker(page);
    await page.goto(`${env.server.url}/admin/annonces`);
    await page.getByRole('cell', { name: waitForTitle, exact: true }).waitFor();
    await context.setOffline(true);
    await page.getByText('Hors ligne', { exact: true }).waitFor();
    return { context, page };
  }

  const outboxButton = (page: Page, n: number) => page.getByRole('button', { name: `Modifications en attente : ${n}` });

  it('creates a listing offline with an image and a PDF, kept in IndexedDB and uploaded on replay with every field the form took', async () => {
    await createListingViaApi(env.server, 'Annonce déjà là e2e');
    const { context, page } = await offlineOnListings('Annonce déjà là e2e');
    const title = 'Moteur créé hors ligne e2e';

    await page.getByRole('link', { name: 'Nouvelle annonce' }).first().click();
    await fillEngineForm(page, title, 'Engine created offline e2e', 'D4');
    await page.getByLabel('Ajouter des images').setInputFiles([png('icon-512.png')]);
    await page.getByLabel('Texte alternatif de icon-512.png').fill('Moteur vu de face');
    await page.getByLabel('Ajouter des documents').setInputFiles([pdf]);
    // Every field the online upload sends is kept in the outbox: the English title too.
    await page.getByLabel(`Titre du document (${pdf.name}`).fill('Fiche technique');
    await page.getByLabel(`Titre en anglais (${pdf.name})`).fill('Data sheet');
    await page.getByLabel('Description', { exact: true }).fill('Caractéristiques du moteur');
    await page.getByRole('button', { name: "Créer l'annonce" }).click();

    await page.getByText('Enregistré hors ligne').waitFor();
    await page.waitForURL('**/admin/annonces');
    await page.getByRole('cell', { name: `${title} Non synchronisée` }).waitFor();
    await outboxButton(page, 1).click();
    const dialog = page.getByRole('dialog', { name: 'Modifications hors ligne' });
    const entry = dialog.locator('.outbox-entry', { hasText: `Création de l'annonce « ${title} »` });
    await entry.getByText('En attente').waitFor();
    // The picked files are in IndexedDB, as Blobs, not on the server.
    const queued = await page.evaluate(
      () =>
        new Promise<{ name: string; type: string; size: number; isBlob: boolean }[]>((resolve, reject) => {
          const open = indexedDB.open('admin');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('outbox').objectStore('outbox').getAll();
            req.onsuccess = () => {
              resolve(
                req.result.flatMap((e: { files: { name: string; type: string; blob: Blob }[] }) =>
                  e.files.map((f) => ({ name: f.name, type: f.type, size: f.blob.size, isBlob: f.blob instanceof Blob })),
                ),
              );
              open.result.close();
            };
          };
        }),
    );
    expect(queued).toEqual([
      { name: 'icon-512.png', type: 'image/png', size: png('icon-512.png').buffer.length, isBlob: true },
      { name: pdf.name, type: 'application/pdf', size: pdf.buffer.length, isBlob: true },
    ]);
    expect(await findByTitle(title)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    // A new start of the app, still offline and on the dashboard: the files survive the reload, and
    // the replay loads the listing operations itself (the listings screen is not opened).
    await page.goto(`${env.server.url}/admin/`);
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await outboxButton(page, 1).waitFor();
    await context.setOffline(false);
    await outboxButton(page, 0).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/?$/);
    const [created] = await findByTitle(title);
    expect(created).toBeDefined();
    expect(created!.images).toHaveLength(1);
    expect(created!.documents).toHaveLength(1);
    expect(created!.images[0]).toMatchObject({ alt: 'Moteur vu de face' });
    expect(created!.documents[0]).toMatchObject({
      title: 'Fiche technique',
      titleEn: 'Data sheet',
      description: 'Caractéristiques du moteur',
      originalFilename: pdf.name,
      mimeType: 'application/pdf',
    });

    // The image's variants are served (main, thumbnail and every srcset source).
    const image = created!.images[0]!;
    for (const url of new Set([image.url, image.thumbnailUrl, ...image.sources.map((s) => s.url)])) {
      const res = await fetch(env.server.url + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^image\//);
      expect((await res.arrayBuffer()).byteLength, url).toBeGreaterThan(0);
    }
    const download = await fetch(`${env.server.url}/api/products/${created!.id}/documents/${created!.documents[0]!.id}/download`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf.buffer)).toBe(true);

    // The local temporary row is replaced by the server's listing.
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Annonces' }).click();
    await page.getByRole('cell', { name: title, exact: true }).waitFor();
    expect(await page.getByText('Non synchronisée').count()).toBe(0);
    await context.close();
  });

  it("toggles 'Standard' to 'Vedette' offline in the table; the replay saves it with the listing's version", async () => {
    const title = 'Groupe mis en vedette hors ligne e2e';
    const created = await createListingViaApi(env.server, title);
    const { context, page } = await offlineOnListings(title);
    const row = page.getByRole('row', { name: new RegExp(title) });

    await row.getByRole('button', { name: 'Standard', exact: true }).click();
    await row.getByRole('button', { name: 'Vedette', exact: true }).waitFor();
    await row.getByText('Non synchronisée').waitFor();
    await page.getByText('Enregistré hors ligne').waitFor();
    await outboxButton(page, 1).click();
    const dialog = page.getByRole('dialog', { name: 'Modifications hors ligne' });
    await dialog
      .locator('.outbox-entry', { hasText: `Mise en vedette de l'annonce « ${title} »` })
      .getByText('En attente')
      .waitFor();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    expect(((await (await env.server.api(`/products/${created.id}`)).json()) as ApiProduct).featured).toBe(false);

    await context.setOffline(false);
    await outboxButton(page, 0).waitFor({ timeout: 30_000 });
    const saved = (await (await env.server.api(`/products/${created.id}`)).json()) as ApiProduct & { brand: string; titleFr: string };
    expect(saved).toMatchObject({ featured: true, version: created.version + 1, brand: LISTING.brand, titleFr: title });
    await row.getByRole('button', { name: 'Vedette', exact: true }).waitFor();
    expect(await row.getByText('Non synchronisée').count()).toBe(0);

    // Back to 'Standard' online: sent at once.
    await row.getByRole('button', { name: 'Vedette', exact: true }).click();
    await row.getByRole('button', { name: 'Standard', exact: true }).waitFor();
    await expect
      .poll(async () => ((await (await env.server.api(`/products/${created.id}`)).json()) as ApiProduct).featured, { timeout: 10_000 })
      .toBe(false);
    await context.close();
  });
});
