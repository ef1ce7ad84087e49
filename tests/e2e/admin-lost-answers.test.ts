// Every change reaches the server exactly once, even when the network fails at the worst moment:
// the request reaches the real server and commits, then its answer is cut (page.route lets it
// through with route.fetch() and fails it with route.abort()). The admin replays with the same
// Idempotency-Keys and resumes after the steps done. Real Chromium, real server, built admin.
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { signInAsAdmin, CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import type { TestServer } from '../support/server.ts';
import { createListingViaApi, fillEngineForm, pdf, png, signInThroughUi } from './admin-support.ts';

type ApiProduct = { id: number; version: number; titleFr: string; images: unknown[]; documents: unknown[] };

/**
 * A browser context without service worker (so every request of the page passes the routes),
 * signed in through the UI.
 */
async function signedIn(browser: Browser, server: TestServer): Promise<{ context: BrowserContext; page: Page }> {
  await signInAsAdmin(server); // the forced password change, done once through the API
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInThroughUi(page, server.url, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD);
  await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
  return { context, page };
}

/** Without a service worker, the app has every screen's code once it has fetched them itself. */
const screensLoaded = (page: Page) => page.locator('html[data-screens="loaded"]').waitFor({ state: 'attached' });

/**
 * Lets the n-th matching request reach the server, waits for its answer there, then fails it in
 * the browser: the server has committed, the page sees a network error. Resolves once done.
 */
function loseAnswer(context: BrowserContext, url: string | RegExp, method: string, nth = 1): Promise<void> {
  let seen = 0;
  return new Promise((resolve) => {
    void context.route(url, async (route: Route) => {
      if (route.request().method() !== method || ++seen !== nth) return route.fallback();
      // route.fetch() shares the context's cookie jar: a Set-Cookie of the lost answer (the rotated
      // refresh cookie) must not reach the browser either, so the jar is put back as it was.
      const cookies = await context.cookies();
      const answer = await route.fetch();
      await context.clearCookies();
      await context.addCookies(cookies);
      if (answer.status() >= 300) throw new Error(`the request was not applied: ${answer.status()}`);
      await route.abort('failed');
      resolve();
    });
  });
}

const outboxButton = (page: Page, n: number) => page.getByRole('button', { name: `Modifications en attente : ${n}` });

describe('admin writes whose answer is lost', () => {
  const env = serverAndBrowser();

  async function listingsTitled(title: string): Promise<ApiProduct[]> {
    const { headers } = await signInAsAdmin(env.server);
    const list = await (await env.server.api(`/products?search=${encodeURIComponent(title)}&limit=50`, { headers })).json();
    return (list.items as ApiProduct[]).filter((p) => p.titleFr === title);
  }

  it('creates one listing with 3 images and 2 documents though the create and an image lose their answer', async () => {
    const { context, page } = await signedIn(env.browser, env.server);
    const title = 'Moteur créé une seule fois e2e';
    await page.goto(`${env.server.url}/admin/annonces`);
    await page.getByRole('link', { name: 'Nouvelle annonce' }).first().click();
    // The form's code is loaded before the network goes (no service worker here to serve it).
    await page.getByLabel('Titre (français)').waitFor();
    await context.setOffline(true);
    await fillEngineForm(page, title, 'Engine created once e2e', 'D6');
    await page.getByLabel('Ajouter des images').setInputFiles([png('icon-192.png'), png('icon-512.png'), png('maskable-512.png')]);
    await page.getByLabel('Ajouter des documents').setInputFiles([pdf, { ...pdf, name: 'manuel.pdf' }]);
    await page.getByRole('button', { name: "Créer l'annonce" }).click();
    await page.getByText('Enregistré hors ligne').waitFor();

    // Back online: the create commits on the server, its answer is lost.
    const createLost = loseAnswer(context, `${env.server.url}/api/products`, 'POST');
    await context.setOffline(false);
    await createLost;
    await page.reload();
    // The replay resumes with the create's key: the server answers it again. Then the second image
    // commits and loses its answer too.
    const imageLost = loseAnswer(context, /\/api\/products\/\d+\/images$/, 'POST', 2);
    await imageLost;
    await page.reload();
    await outboxButton(page, 0).waitFor({ timeout: 30_000 });

    const found = await listingsTitled(title);
    expect(found).toHaveLength(1);
    const [listing] = found;
    const full = (await (await env.server.api(`/products/${listing!.id}`)).json()) as ApiProduct;
    expect(full.images).toHaveLength(3);
    expect(full.documents).toHaveLength(2);
    await context.close();
  });

  it('applies an edit once and shows no conflict when its answer is lost', async () => {
    const title = 'Groupe modifié une fois e2e';
    const created = await createListingViaApi(env.server, title);
    const { context, page } = await signedIn(env.browser, env.server);
    await page.goto(`${env.server.url}/admin/annonces/${created.id}/edit`);
    const field = page.getByLabel('Modèle');
    await field.waitFor();
    await field.fill('P250-R');
    const lost = loseAnswer(context, `${env.server.url}/api/products/${created.id}`, 'PUT');
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await lost;
    await expect
      .poll(async () => (await (await env.server.api(`/products/${created.id}`)).json()).model, { timeout: 15_000 })
      .toBe('P250-R');
    await outboxButton(page, 0).waitFor({ timeout: 30_000 });
    const saved = (await (await env.server.api(`/products/${created.id}`)).json()) as ApiProduct;
    expect(saved.version).toBe(created.version + 1); // applied once
    expect(await page.getByText('Conflit', { exact: true }).count()).toBe(0);
    expect(await page.getByText('Conflit de modification').count()).toBe(0);
    await context.close();
  });

  it('deletes once and reports success when the answer of the delete is lost', async () => {
    const title = 'Annonce supprimée une fois e2e';
    const created = await createListingViaApi(env.server, title);
    const { context, page } = await signedIn(env.browser, env.server);
    await page.goto(`${env.server.url}/admin/annonces`);
    await page
      .getByRole('button', { name: `Supprimer ${title}` })
      .first()
      .click();
    const lost = loseAnswer(context, `${env.server.url}/api/products/${created.id}`, 'DELETE');
    await page.getByRole('alertdialog', { name: "Supprimer l'annonce" }).getByRole('button', { name: 'Supprimer', exact: true }).click();
    await lost;
    await outboxButton(page, 0).waitFor({ timeout: 30_000 });
    expect((await env.server.api(`/products/${created.id}`)).status).toBe(404);
    expect(await page.getByText('Échec', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('keeps images added while the replay of the same listing is running', async () => {
    const title = 'Images ajoutées pendant l’envoi e2e';
    const created = await createListingViaApi(env.server, title);
    const { context, page } = await signedIn(env.browser, env.server);
    await page.goto(`${env.server.url}/admin/annonces/${created.id}/edit`);
    await page.getByLabel('Modèle').waitFor();
    await screensLoaded(page); // the list the form returns to opens offline
    await context.setOffline(true);
    await page.getByLabel('Ajouter des images').setInputFiles([png('icon-192.png')]);
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.getByText('Enregistré hors ligne').waitFor();

    // The replay's edit is held at the server's door while the admin adds two more images.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let held!: () => void;
    const isHeld = new Promise<void>((r) => (held = r));
    await context.route(`${env.server.url}/api/products/${created.id}`, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      held();
      await gate;
      await route.continue();
    });
    await context.setOffline(false);
    await isHeld;
    // Back to the form without reloading (the replay runs in this page): the router follows history.
    await page.evaluate((path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/admin/annonces/${created.id}/edit`);
    await page.getByLabel('Modèle').waitFor();
    await page.getByLabel('Ajouter des images').setInputFiles([png('icon-512.png'), png('maskable-512.png')]);
    await page.getByRole('button', { name: 'Mettre à jour' }).click();
    await page.waitForURL('**/admin/annonces');
    release();
    await outboxButton(page, 0).waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => ((await (await env.server.api(`/products/${created.id}`)).json()) as ApiProduct).images.length, { timeout: 15_000 })
      .toBe(3);
    await context.close();
  });

  it('keeps the admin signed in when a refresh answer is lost after the server rotated the token', async () => {
    const { context, page } = await signedIn(env.browser, env.server);
    const lost = loseAnswer(context, `${env.server.url}/api/auth/refresh`, 'POST');
    await page.reload(); // the start refreshes with the cookie: rotated on the server, answer lost
    await lost;
    await page.reload(); // the old cookie again, within the grace window
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await page.goto(`${env.server.url}/admin/annonces`);
    await page.getByRole('heading', { name: 'Annonces' }).first().waitFor();
    expect(page.url()).not.toContain('/login');
    expect(env.server.output()).not.toContain('refresh token reused');
    await context.close();
  });
});
