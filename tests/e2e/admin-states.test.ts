// The admin's lists in their empty, loading and error states, in Chromium against the real server
// (its own empty database) and the built PWA. The spec's texts come from tests/fixtures/spec-texts.ts;
// the hints and actions the spec leaves open are written here by hand.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { backOffice } from '../fixtures/spec-texts.ts';
import { holdRequests, withoutTable } from '../support/faults.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { createListingViaApi, goInApp, signedInPage, waitForServiceWorker } from './admin-support.ts';
import { expectAccessible } from './site-browser.ts';

const env = serverAndBrowser();

const RETRY = 'Réessayer';
const LOADING = 'Chargement...';

const mainStatus = (page: Page, text: string) => page.locator('main').getByRole('status').filter({ hasText: text });
const mainAlert = (page: Page, text: string) => page.locator('main').getByRole('alert').filter({ hasText: text });

describe('admin states', () => {
  it('every list of an empty database says what is empty and offers the next action', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    const screens: { path: string; text: string; action?: { role: 'link' | 'button'; name: string } }[] = [
      { path: '/admin/annonces', text: 'Aucune annonce trouvée', action: { role: 'link', name: 'Nouvelle annonce' } },
      { path: '/admin/messages', text: backOffice.messages.empty.fr },
      { path: '/admin/documents', text: 'Aucun document' },
      { path: '/admin/newsletter', text: backOffice.newsletter.noSubscribers.fr },
      { path: '/admin/settings', text: backOffice.smtp.empty.fr },
    ];
    // Screen to screen inside the running app (goInApp): each list is asked for as it mounts, without a page load.
    for (const screen of screens) {
      await goInApp(page, screen.path);
      const empty = mainStatus(page, screen.text);
      await empty.waitFor();
      expect(await empty.locator('.state-title').textContent(), screen.path).toBe(screen.text);
      if (screen.action)
        expect(await empty.getByRole(screen.action.role, { name: screen.action.name }).isVisible(), screen.path).toBe(true);
    }
    // A search with no result offers to reset it, and the reset clears the search box.
    await goInApp(page, '/admin/annonces?search=zzzz');
    const noResult = mainStatus(page, 'Aucune annonce trouvée');
    await noResult.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await page.getByRole('searchbox').first().inputValue()).toBe('');
    await context.close();
  });

  it('a list that cannot be loaded, with nothing stored, shows the error and Retry, not an empty list', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await withoutTable(env.server, 'inquiries', async () => {
      await goInApp(page, '/admin/messages');
      const alert = mainAlert(page, backOffice.listings.loadFailed.fr);
      await alert.waitFor();
      expect(await alert.locator('.state-title').textContent()).toBe(backOffice.listings.loadFailed.fr);
      expect(await mainStatus(page, backOffice.messages.empty.fr).count()).toBe(0);
    });
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
      await expectAccessible(page, `messages error, ${theme}`);
    }
    await mainAlert(page, backOffice.listings.loadFailed.fr).getByRole('button', { name: RETRY }).click();
    await mainStatus(page, backOffice.messages.empty.fr).waitFor();
    await expectAccessible(page, 'messages empty, dark');
    expect(await mainAlert(page, backOffice.listings.loadFailed.fr).count()).toBe(0);
    await context.close();
  });

  it("a listing view that cannot load says 'Erreur de chargement' with Retry and the way back to the list", async () => {
    const { id } = await createListingViaApi(env.server, 'Annonce à voir plus tard');
    const { context, page } = await signedInPage(env.browser, env.server);
    await withoutTable(env.server, 'products', async () => {
      await goInApp(page, `/admin/annonces/${id}/view`);
      const alert = mainAlert(page, backOffice.listingView.loadFailed.fr);
      await alert.waitFor();
      expect(await alert.locator('.state-title').textContent()).toBe(backOffice.listingView.loadFailed.fr);
      expect(await alert.getByRole('link', { name: 'Retour à la liste' }).getAttribute('href')).toBe('/admin/annonces');
    });
    await mainAlert(page, backOffice.listingView.loadFailed.fr).getByRole('button', { name: RETRY }).click();
    await page.getByRole('heading', { name: 'Annonce à voir plus tard' }).waitFor();
    await context.close();
  });

  it('a listing form that cannot load its listing shows the error and Retry, not an empty form', async () => {
    const { id } = await createListingViaApi(env.server, 'Annonce à modifier plus tard');
    const { context, page } = await signedInPage(env.browser, env.server);
    await withoutTable(env.server, 'products', async () => {
      await goInApp(page, `/admin/annonces/${id}/edit`);
      const alert = mainAlert(page, backOffice.listings.loadFailed.fr);
      await alert.waitFor();
      expect(await alert.locator('.state-title').textContent()).toBe(backOffice.listings.loadFailed.fr);
      expect(await page.getByLabel('Titre (français)').count()).toBe(0);
    });
    await mainAlert(page, backOffice.listings.loadFailed.fr).getByRole('button', { name: RETRY }).click();
    await expect.poll(() => page.getByLabel('Titre (français)').inputValue()).toBe('Annonce à modifier plus tard');
    await context.close();
  });

  it('the dashboard says its statistics failed, and Retry loads them once the server answers', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await withoutTable(env.server, 'products', async () => {
      await page.reload();
      await mainAlert(page, backOffice.dashboard.loadFailed.fr).waitFor();
    });
    await mainAlert(page, backOffice.dashboard.loadFailed.fr).getByRole('button', { name: RETRY }).click();
    await mainAlert(page, backOffice.dashboard.loadFailed.fr).waitFor({ state: 'detached' });
    await context.close();
  });

  it('offline, an empty list says it may only be not loaded on this device yet', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Messages' }).first().click();
    const empty = mainStatus(page, backOffice.messages.empty.fr);
    await empty.waitFor();
    expect(
      await empty.getByText('Hors ligne : seules les données déjà chargées sur cet appareil sont affichées.', { exact: false }).isVisible(),
    ).toBe(true);
    await context.setOffline(false);
    await empty.getByText('Les demandes envoyées depuis le formulaire de contact du site arriveront ici.').waitFor();
    await context.close();
  });

  it('shows a labelled loading status while a list is on its way', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    const release = await holdRequests(page, '**/api/admin/technical-documents**');
    await goInApp(page, '/admin/documents');
    const loading = page.locator('main').getByRole('status').filter({ hasText: LOADING });
    await loading.waitFor();
    expect(await loading.textContent()).toBe(LOADING);
    release();
    await mainStatus(page, 'Aucun document').waitFor();
    expect(await loading.count()).toBe(0);
    await context.close();
  });
});
