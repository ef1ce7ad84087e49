// A listing's images and documents in Chromium against the real server and the built PWA: every file
// sent by the form gets its own toast, a success or an error naming the file; images are reordered
// by drag and drop from the keyboard.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { signInAsAdmin } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { backOffice } from '../fixtures/spec-texts.ts';
import { createListingViaApi, pdf, png, signedInPage } from './admin-support.ts';

describe('admin listing media', () => {
  const env = serverAndBrowser();

  it('shows a toast for each image and each document: added, or the error with the file name', async () => {
    const created = await createListingViaApi(env.server, 'Annonce médias e2e');
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.goto(`${env.server.url}/admin/annonces/${created.id}/edit`);
    await page.getByLabel('Marque').waitFor();
    // Text posing as a PNG: the browser lets it through, the server refuses its content.
    const fake = { name: 'faux.png', mimeType: 'image/png', buffer: Buffer.from('ceci n’est pas une image') };
    await page.getByLabel('Ajouter des images').setInputFiles([png('icon-192.png'), fake]);
    await page.getByLabel('Ajouter des documents').setInputFiles([pdf]);
    await page.getByRole('button', { name: 'Mettre à jour' }).click();

    await page.getByRole('status').filter({ hasText: 'Image ajoutée' }).filter({ hasText: 'icon-192.png' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Document ajouté' }).filter({ hasText: pdf.name }).waitFor();
    const error = page.getByRole('alert').filter({ hasText: "Erreur d'upload" });
    await error.waitFor();
    expect(await error.locator('.toast-message').textContent()).toMatch(/^faux\.png : \S/);
    // One success toast per file that went through, none for the refused one.
    expect(await page.getByRole('status').filter({ hasText: 'faux.png' }).count()).toBe(0);

    const product = await (await env.server.api(`/products/${created.id}`)).json();
    expect(product.images).toHaveLength(1);
    expect(product.documents.map((d: { title: string }) => d.title)).toEqual([pdf.name]);
    await context.close();
  });

  /** The edit form of a new listing with two images, its images shown. */
  async function editingTwoImages(title: string) {
    const created = await listingWithTwoImages(title);
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.goto(`${env.server.url}/admin/annonces/${created.id}/edit`);
    const images = page.getByRole('list', { name: "Images de l'annonce (la première est la couverture)" });
    await images.getByRole('img', { name: 'Vue de côté' }).waitFor();
    return { created, context, page, images };
  }

  /**
   * Space to lift the tile by its handle, one arrow, Space to drop. Each step waits for dnd-kit's
   * spoken announcement, as a screen reader user would hear it.
   */
  async function dragByKeyboard(page: Page, handle: Locator, from: number, arrow: 'ArrowLeft' | 'ArrowRight', to: number) {
    await handle.focus();
    await page.keyboard.press('Space');
    await page.getByText(`Image ${from} saisie.`).waitFor({ state: 'attached' });
    // dnd-kit's keyboard sensor starts listening for arrows in a timer queued at pick-up, and Chromium runs
    // input before timers: a key sent within that instant would go unheard, as no person types. A timer
    // queued now runs after dnd-kit's, so the arrow comes once the drag listens.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press(arrow);
    await page.getByText(`Image déplacée en position ${to}.`).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
  }

  /** The tiles in order: a saved image by its alt, a new one by the start of its alt field's id. */
  const imageOrder = (images: Locator) =>
    images
      .getByRole('listitem')
      .evaluateAll((items) => items.map((li) => li.querySelector('img')?.getAttribute('alt') || li.querySelector('input')?.id.slice(0, 4)));

  /** A listing with two images (front and side views), made through the API. */
  async function listingWithTwoImages(title: string) {
    const created = await createListingViaApi(env.server, title);
    const { headers } = await signInAsAdmin(env.server);
    for (const [name, alt] of [
      ['icon-192.png', 'Vue de face'],
      ['icon-512.png', 'Vue de côté'],
    ] as const) {
      const form = new FormData();
      form.append('image', new Blob([png(name).buffer], { type: 'image/png' }), name);
      form.append('alt', alt);
      expect((await env.server.api(`/products/${created.id}/images`, { method: 'POST', headers, body: form })).status).toBe(201);
    }
    return created;
  }

  it("says 'Image supprimée' once for each image removed in the form, when the save deletes it", async () => {
    const created = await listingWithTwoImages('Annonce images retirées e2e');
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.goto(`${env.server.url}/admin/annonces/${created.id}/edit`);
    await page.getByRole('img', { name: 'Vue de côté' }).waitFor();
    await page.getByRole('button', { name: "Retirer l'image 2" }).click();
    await page.getByRole('button', { name: "Retirer l'image 1" }).click();
    // Removed from the form only: nothing is said until the save deletes them.
    expect(await page.getByRole('status').filter({ hasText: 'Image supprimée' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.waitForURL('**/admin/annonces');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Image supprimée' }).count()).toBe(2);
    await page.getByRole('status').filter({ hasText: 'Annonce mise à jour' }).waitFor();
    const product = await (await env.server.api(`/products/${created.id}`)).json();
    expect(product.images).toEqual([]);
    await context.close();
  });

  it("says 'Document supprimé' once for each document removed in the form, when the save deletes it", async () => {
    const created = await createListingViaApi(env.server, 'Annonce documents retirés e2e');
    const { headers } = await signInAsAdmin(env.server);
    const form = new FormData();
    for (const title of ['Notice', 'Schéma']) form.append('documents', new Blob([pdf.buffer], { type: pdf.mimeType }), `${title}.pdf`);
    form.append('titles', JSON.stringify(['Notice', 'Schéma']));
    expect((await env.server.api(`/products/${created.id}/documents`, { method: 'POST', headers, body: form })).status).toBe(201);
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.goto(`${env.server.url}/admin/annonces/${created.id}/edit`);
    await page.getByRole('button', { name: 'Retirer le document Schéma' }).click();
    await page.getByRole('button', { name: 'Retirer le document Notice' }).click();
    // Removed from the form only: nothing is said until the save deletes them.
    const deleted = page.getByRole('status').filter({ hasText: backOffice.technicalDocuments.deleted.fr });
    expect(await deleted.count()).toBe(0);
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.waitForURL('**/admin/annonces');
    await expect.poll(() => deleted.count()).toBe(2);
    await page.getByRole('status').filter({ hasText: 'Annonce mise à jour' }).waitFor();
    const product = await (await env.server.api(`/products/${created.id}`)).json();
    expect(product.documents).toEqual([]);
    await context.close();
  });

  it('refuses to drop a new image among the saved ones and says why, the order unchanged', async () => {
    const { context, page, images } = await editingTwoImages('Annonce groupes e2e');
    await page.getByLabel('Ajouter des images').setInputFiles([png('maskable-512.png')]);
    const before = await imageOrder(images);
    expect(before).toHaveLength(3);

    await dragByKeyboard(page, images.getByRole('button', { name: 'Glisser maskable-512.png' }), 3, 'ArrowLeft', 2);
    await page.getByRole('status').filter({ hasText: 'Une nouvelle image se place après les images déjà enregistrées' }).waitFor();
    expect(await imageOrder(images)).toEqual(before);
    await context.close();
  });

  it('refuses to drop a saved image among the new ones and says why, the order unchanged', async () => {
    const { context, page, images } = await editingTwoImages('Annonce groupes inverses e2e');
    await page.getByLabel('Ajouter des images').setInputFiles([png('maskable-512.png')]);
    const before = await imageOrder(images);
    expect(before).toHaveLength(3);

    await dragByKeyboard(page, images.getByRole('button', { name: "Glisser l'image 2" }), 2, 'ArrowRight', 3);
    await page.getByRole('status').filter({ hasText: 'Une nouvelle image se place après les images déjà enregistrées' }).waitFor();
    expect(await imageOrder(images)).toEqual(before);
    await context.close();
  });

  it('reorders images by keyboard drag and drop (Space, arrow, Space) and saves the new order', async () => {
    const { created, context, page, images } = await editingTwoImages('Annonce ordre e2e');
    expect(await images.getByRole('img').evaluateAll((els) => els.map((el) => el.getAttribute('alt')))).toEqual([
      'Vue de face',
      'Vue de côté',
    ]);

    await dragByKeyboard(page, images.getByRole('button', { name: "Glisser l'image 1" }), 1, 'ArrowRight', 2);
    await expect
      .poll(() => images.getByRole('img').evaluateAll((els) => els.map((el) => el.getAttribute('alt'))))
      .toEqual(['Vue de côté', 'Vue de face']);
    // Both ways stay: the move buttons still work after a drag.
    expect(await images.getByRole('button', { name: "Déplacer l'image 2 avant" }).isEnabled()).toBe(true);

    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.waitForURL('**/admin/annonces');
    const product = await (await env.server.api(`/products/${created.id}`)).json();
    expect(product.images.map((i: { alt: string }) => i.alt)).toEqual(['Vue de côté', 'Vue de face']);
    await context.close();
  });
});
