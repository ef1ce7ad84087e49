// Technical documents in Chromium against the real server and the built PWA: a PDF dropped into the
// create modal with a listing picked, statistics, search, sorting, the range text, and delete.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { backOffice } from '../fixtures/spec-texts.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin } from '../support/auth.ts';
import { pdf, signInThroughUi } from './admin-support.ts';

describe('admin technical documents', () => {
  const env = serverAndBrowser();

  async function uploadViaApi(title: string) {
    const { headers } = await signInAsAdmin(env.server);
    const form = new FormData();
    form.append('title', title);
    form.append('document', new Blob([pdf.buffer], { type: pdf.mimeType }), `${title}.pdf`);
    const res = await env.server.api('/admin/technical-documents/upload', { method: 'POST', headers, body: form });
    expect(res.status).toBe(201);
  }

  /** Signed in through the UI, on the technical documents screen. */
  async function onDocumentsScreen() {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThroughUi(page, env.server.url, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await page.goto(`${env.server.url}/admin/documents`);
    return { context, page };
  }

  const titles = (page: Page) => page.locator('tbody .cell-title').allTextContents();

  it('creates a document from a dropped PDF, lists, sorts, counts and deletes it', async () => {
    const { headers } = await signInAsAdmin(env.server);
    const product = await env.server.api('/products', {
      method: 'POST',
      headers,
      json: {
        titleFr: 'Moteur marin 300 ch',
        titleEn: 'Marine engine 300 hp',
        descriptionFr: 'd',
        descriptionEn: 'd',
        type: 'engine',
        brand: 'Volvo',
        model: 'D6',
        condition: 'new',
        powerOutput: 300,
        powerUnit: 'hp',
        fuelType: 'diesel',
        weight: 700,
        featured: false,
      },
    });
    expect(product.status).toBe(201);
    await uploadViaApi('Beta notice');
    await uploadViaApi('Alpha schéma');

    const { context, page } = await onDocumentsScreen();
    await page.getByRole('heading', { name: 'Documents Techniques' }).waitFor();
    await page.getByText('Affichage de 1 à 2 sur 2 documents').waitFor();

    await page.getByRole('button', { name: 'Créer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau document technique' });
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await dialog.getByText('Veuillez sélectionner un fichier').waitFor();
    await dialog.getByText('Veuillez saisir un titre').waitFor();
    await dialog.getByLabel('Produit associé').selectOption({ label: 'Moteur marin 300 ch' });
    await dialog.getByLabel('Titre principal').fill('Carnet entretien');
    const dropped = await page.evaluateHandle(
      ({ bytes, name, type }) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], name, { type }));
        return data;
      },
      { bytes: [...pdf.buffer], name: 'carnet.pdf', type: pdf.mimeType },
    );
    await dialog.locator('.file-drop').dispatchEvent('drop', { dataTransfer: dropped });
    await dialog.getByText('Type détecté').waitFor();
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await page.locator('.toast-title', { hasText: 'Succès' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Carnet entretien' });
    await row.getByText('Moteur marin 300 ch').waitFor();
    await page.getByText('Affichage de 1 à 3 sur 3 documents').waitFor();

    await page.getByRole('button', { name: 'Statistiques' }).click();
    const stats = page.getByLabel('Statistiques des documents');
    await stats.getByText('Total documents').waitFor();
    await expect.poll(() => stats.locator('dd').first().textContent()).toBe('3');

    await page.getByRole('button', { name: 'Document' }).click();
    await expect.poll(() => titles(page)).toEqual(['Alpha schéma', 'Beta notice', 'Carnet entretien']);
    expect(await page.getByRole('columnheader', { name: 'Document' }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Document' }).click();
    await expect.poll(() => titles(page)).toEqual(['Carnet entretien', 'Beta notice', 'Alpha schéma']);

    await page.getByLabel('Rechercher').fill('notice');
    await expect.poll(() => titles(page)).toEqual(['Beta notice']);
    await page.getByText('Affichage de 1 à 1 sur 1 documents').waitFor();
    await page.getByLabel('Rechercher').fill('');
    await page.getByLabel('Par page').selectOption('10');
    await page.getByText('Affichage de 1 à 3 sur 3 documents').waitFor();

    await row.getByRole('button', { name: 'Supprimer Carnet entretien' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer le document' });
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Affichage de 1 à 2 sur 2 documents').waitFor();
    const list = await (await env.server.api('/admin/technical-documents', { headers })).json();
    expect(list.documents.map((d: { title: string }) => d.title).sort()).toEqual(['Alpha schéma', 'Beta notice']);
    await context.close();
  });

  it("says 'Erreur de création' with 'Erreur lors de la création' when the server fails a creation without a message, and keeps the modal open", async () => {
    const { context, page } = await onDocumentsScreen();
    await page.getByRole('button', { name: 'Créer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau document technique' });
    await dialog.getByLabel('Titre principal').fill('Notice refusée');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'notice.pdf', mimeType: pdf.mimeType, buffer: pdf.buffer });
    await page.route(
      '**/api/admin/technical-documents/upload',
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      { times: 1 },
    );
    await dialog.getByRole('button', { name: 'Créer' }).click();
    const alert = page.getByRole('alert').filter({ hasText: backOffice.toastFallbacks.create.fr.title });
    await alert.waitFor();
    expect(await alert.locator('.toast-message').textContent()).toBe(backOffice.toastFallbacks.create.fr.text);
    expect(await dialog.isVisible()).toBe(true);
    await context.close();
  });
});
