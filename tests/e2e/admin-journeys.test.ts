// Admin journeys in Chromium against the real server and the built PWA: first sign-in with the
// forced password change, a listing with images and a PDF, offline editing with replay, a conflict,
// and logout leaving no data in IndexedDB.
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../support/browser.ts';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin } from '../support/auth.ts';
import {
  createListingViaApi as createListingOf,
  indexedDbContents,
  LISTING,
  newPage,
  pdf,
  png,
  signedInPage as signedInPageOf,
  signInThroughUi,
  waitForServiceWorker,
} from './admin-support.ts';

describe('admin PWA journeys', () => {
  const env = serverAndBrowser();

  const signedInPage = () => signedInPageOf(env.browser, env.server);
  const createListingViaApi = (title: string) => createListingOf(env.server, title);

  it('first sign-in: forced password change, then the dashboard 3 seconds later', async () => {
    const { context, page } = await newPage(env.browser);
    await signInThroughUi(page, env.server.url, INITIAL_ADMIN.email, INITIAL_ADMIN.password);
    await page.waitForURL('**/admin/change-password');
    await page.getByLabel('Mot de passe actuel').fill(INITIAL_ADMIN.password);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(CHANGED_ADMIN_PASSWORD);
    expect(await page.getByText('Mot de passe fort').isVisible()).toBe(true);
    await page.getByLabel('Confirmer le nouveau mot de passe').fill(CHANGED_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.getByText('Mot de passe modifié').waitFor();
    const changedAt = Date.now();
    await page.waitForURL((url) => url.pathname === '/admin/' || url.pathname === '/admin', { timeout: 10_000 });
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(2500);
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Navigation principale' }).isVisible()).toBe(true);
    await context.close();
  });

  it('creates a listing with two images and a PDF that the public API then serves', async () => {
    const { context, page } = await signedInPage();
    await page.getByRole('link', { name: 'Nouvelle annonce' }).first().click();
    await page.getByLabel('Titre (français)').fill(LISTING.titleFr);
    await page.getByLabel('Titre (anglais)').fill(LISTING.titleEn);
    await page.getByLabel('Marque').fill(LISTING.brand);
    await page.getByLabel('Modèle').fill(LISTING.model);
    await page.getByLabel('Description (français)').fill(LISTING.descriptionFr);
    await page.getByLabel('Description (anglais)').fill(LISTING.descriptionEn);
    await page.getByLabel('Ajouter des images').setInputFiles([png('icon-192.png'), png('icon-512.png')]);
    await page.getByLabel('Ajouter des documents').setInputFiles([pdf]);
    await page.getByRole('button', { name: "Créer l'annonce" }).click();
    await page.waitForURL('**/admin/annonces');
    await page.getByText('Annonce créée').waitFor();

    const list = await (await env.server.api(`/products?search=${encodeURIComponent('250 kVA e2e')}`)).json();
    expect(list.items).toHaveLength(1);
    const product = list.items[0];
    expect(product.images).toHaveLength(2);
    expect(product.documents).toHaveLength(1);
    expect(product.documents[0].title).toBe('fiche-technique.pdf');
    expect(product.type).toBe('generator');
    await context.close();
  });

  it('works offline: data shown after a reload, an edit queued and sent when the connection returns', async () => {
    const created = await createListingViaApi('Moteur hors ligne e2e');
    const { context, page } = await signedInPage();
    await waitForServiceWorker(page);
    await page.goto(`${env.server.url}/admin/annonces`);
    await page.getByRole('cell', { name: 'Moteur hors ligne e2e', exact: true }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByText('Hors ligne', { exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Moteur hors ligne e2e', exact: true }).waitFor();
    expect(await page.getByText(/Dernière synchronisation/).isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Modifier Moteur hors ligne e2e' }).click();
    await page.getByLabel('Marque').fill('Caterpillar');
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.getByText('Enregistré hors ligne').waitFor();
    await page.getByRole('button', { name: /Modifications en attente : 1/ }).waitFor();
    const before = await (await env.server.api(`/products/${created.id}`)).json();
    expect(before.brand).toBe('Perkins');

    await context.setOffline(false);
    await expect
      .poll(async () => (await (await env.server.api(`/products/${created.id}`)).json()).brand, { timeout: 20_000 })
      .toBe('Caterpillar');
    await page.getByRole('button', { name: /Modifications en attente : 0/ }).waitFor();
    await context.close();
  });

  it('shows a conflicting edit as a conflict and keeps the server version until the admin chooses', async () => {
    const created = await createListingViaApi('Annonce en conflit e2e');
    const { context, page } = await signedInPage();
    await page.goto(`${env.server.url}/admin/annonces/${created.id}/edit`);
    await page.getByLabel('Marque').fill('Ma marque');
    // Someone else saves the listing meanwhile.
    const { headers } = await signInAsAdmin(env.server);
    const other = await env.server.api(`/products/${created.id}`, {
      method: 'PUT',
      headers,
      json: { ...LISTING, titleFr: 'Annonce en conflit e2e', titleEn: 'x', brand: 'Leur marque', version: created.version },
    });
    expect(other.status).toBe(200);

    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.getByText('Conflit de modification').waitFor();
    expect((await (await env.server.api(`/products/${created.id}`)).json()).brand).toBe('Leur marque');
    await page.getByRole('button', { name: /Modifications en attente/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifications hors ligne' });
    await dialog.getByText('Conflit').first().waitFor();
    expect(await dialog.getByRole('cell', { name: 'Ma marque' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('cell', { name: 'Leur marque' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Garder ma version' }).click();
    await expect
      .poll(async () => (await (await env.server.api(`/products/${created.id}`)).json()).brand, { timeout: 10_000 })
      .toBe('Ma marque');
    await context.close();
  });

  it('logout leaves IndexedDB empty and returns to the sign-in page', async () => {
    // Signed in on the sign-in page: no token of that sign-in may stay in the storage either.
    const { context, page } = await signedInPageOf(env.browser, env.server, { throughUi: true });
    await page.goto(`${env.server.url}/admin/annonces`);
    await page.getByRole('table').waitFor();
    const before = await indexedDbContents(page);
    expect(Object.values(before).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/admin/login');
    const after = await indexedDbContents(page);
    expect(Object.values(after).reduce((a, b) => a + b, 0)).toBe(0);
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(storage).not.toMatch(/token/i);
    await context.close();
  });
});
