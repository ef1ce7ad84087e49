// The first session after install: no service worker controls the page yet, so only what the app
// fetched itself is there offline. Every screen opens offline once the app has loaded, and a screen
// whose code cannot be fetched says so inside the frame instead of replacing the whole app.
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { signInAsAdmin, CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { signInThroughUi } from './admin-support.ts';

describe('admin screens in a session no service worker controls', () => {
  const env = serverAndBrowser();

  async function signedInWithoutWorker(before: (context: BrowserContext) => Promise<unknown> = async () => {}) {
    await signInAsAdmin(env.server);
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    await before(context);
    const page = await context.newPage();
    await signInThroughUi(page, env.server.url, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    return { context, page };
  }

  it('opens every screen of the menu offline, none visited before', async () => {
    const { context, page } = await signedInWithoutWorker();
    await page.locator('html[data-screens="loaded"]').waitFor({ state: 'attached' });
    await context.setOffline(true);
    const nav = page.getByRole('navigation');
    for (const [link, heading] of [
      ['Annonces', 'Gestion des annonces'],
      ['Messages', 'Messages'],
      ['Documents', 'Documents Techniques'],
      ['Newsletter', 'Newsletter'],
      ['Paramètres', "Paramètres d'envoi des emails"],
      ['Tableau de bord', 'Tableau de bord'],
    ] as const) {
      await nav.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    }
    expect(await page.getByText('Cet écran n’a pas pu s’afficher').count()).toBe(0);
    await context.close();
  });

  it('says a screen could not be shown when its code cannot be fetched, and keeps the menu', async () => {
    const { context, page } = await signedInWithoutWorker((context) =>
      context.route(/\/admin\/assets\/messages-page-[^/]*\.js$/, (route) => route.abort('internetdisconnected')),
    );
    await page.getByRole('navigation').getByRole('link', { name: 'Messages', exact: true }).click();
    const alert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Cet écran n’a pas pu s’afficher' }) });
    await alert.getByText('Son code n’a pas pu être chargé. Vérifiez la connexion, puis rechargez la page.').waitFor();
    await alert.getByRole('button', { name: 'Recharger la page' }).waitFor();
    // The frame stays: the menu still leads elsewhere.
    await page.getByRole('navigation').getByRole('link', { name: 'Annonces', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Gestion des annonces', exact: true }).waitFor();
    await context.close();
  });
});
