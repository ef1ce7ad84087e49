// The admin shell and its dialogs in Chromium against the real server and the built PWA: /admin
// without the trailing slash opens offline after a first visit, and the form dialogs keep each label
// right above its field in one or two columns; the admin switches to English and remembers it.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { tablesOf } from '@app/db';
import { withDb } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { signedInPage, waitForServiceWorker } from './admin-support.ts';

/** The label's box and its field's box: the label sits just above the field, left edges aligned. */
async function expectLabelOnField(page: Page, dialog: Locator, label: string) {
  const field = dialog.getByRole('textbox', { name: label, exact: true });
  const labelBox = (await dialog.locator('label', { hasText: label }).first().boundingBox())!;
  const fieldBox = (await field.boundingBox())!;
  const gap = fieldBox.y - (labelBox.y + labelBox.height);
  expect(gap, `${label}: gap between label and field`).toBeGreaterThanOrEqual(0);
  expect(gap, `${label}: gap between label and field`).toBeLessThan(12);
  expect(Math.abs(fieldBox.x - labelBox.x), `${label}: left edges`).toBeLessThan(4);
  // A single-line input is an input's height, not a box stretched to its row.
  if ((await field.evaluate((el) => el.tagName)) === 'INPUT') expect(fieldBox.height).toBeLessThan(60);
}

/** How many distinct left edges the dialog's fields use: its number of columns. */
async function columns(dialog: Locator) {
  const lefts = await dialog.locator('form .field').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
  return new Set(lefts).size;
}

describe('admin shell and dialogs', () => {
  const env = serverAndBrowser();

  it('opens /admin without the trailing slash offline after the first visit, like /admin/', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    for (const path of ['/admin', '/admin/']) {
      const answer = await page.goto(`${env.server.url}${path}`);
      // Served by the service worker from its precache, not by the (unreachable) server.
      expect(answer?.fromServiceWorker(), path).toBe(true);
      await page.getByText('Hors ligne', { exact: true }).waitFor();
      await page.getByRole('navigation').first().waitFor();
      expect(
        await page
          .getByRole('link', { name: /Annonces/ })
          .first()
          .isVisible(),
      ).toBe(true);
    }
    await context.close();
  });

  it('lays out "Envoyer un message aux abonnés" and "Nouveau document technique" in at most two columns, labels on their fields', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.goto(`${env.server.url}/admin/documents`);
    await page.getByRole('button', { name: 'Créer' }).click();
    const documents = page.getByRole('dialog', { name: 'Nouveau document technique' });
    for (const label of ['Titre principal', 'Titre (français)', 'Titre (anglais)', 'Description (français)', 'Description (anglais)'])
      await expectLabelOnField(page, documents, label);
    expect(await columns(documents)).toBeLessThanOrEqual(2);
    await documents.getByRole('button', { name: 'Fermer' }).click();

    // The send button needs an active subscriber.
    await withDb(env.server, async (db) =>
      db
        .insert(tablesOf(db).newsletterSubscribers)
        .values({
          email: 'layout@example.test',
          isActive: true,
          confirmedAt: new Date(),
          unsubscribeToken: randomBytes(24).toString('base64url'),
        })
        .onConflictDoNothing(),
    );
    await page.goto(`${env.server.url}/admin/newsletter`);
    await page.getByText('layout@example.test').waitFor();
    await page.getByRole('button', { name: /Envoyer un message/ }).click();
    const newsletter = page.getByRole('dialog', { name: 'Envoyer un message aux abonnés' });
    for (const label of ['Sujet (français)', 'Contenu (français)', 'Sujet (anglais)', 'Contenu (anglais)'])
      await expectLabelOnField(page, newsletter, label);
    expect(await columns(newsletter)).toBe(1);
    await context.close();
  });

  it('switches the admin to English and back, remembered across a reload', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.getByRole('button', { name: 'Switch the admin to English' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect((await nav.getByRole('link').allTextContents()).map((text) => text.trim())).toEqual([
      'Dashboard',
      'Listings',
      'Messages',
      'Documents',
      'Newsletter',
      'Settings',
    ]);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await withDb(env.server, async (db) =>
      db
        .insert(tablesOf(db).newsletterSubscribers)
        .values({
          email: 'english@example.test',
          language: 'en',
          isActive: true,
          confirmedAt: new Date(),
          unsubscribeToken: randomBytes(24).toString('base64url'),
        })
        .onConflictDoNothing(),
    );
    await nav.getByRole('link', { name: 'Listings' }).click();
    await page.getByRole('heading', { name: 'Listings', level: 1 }).waitFor();
    await page.getByText('No listing found').waitFor();
    await nav.getByRole('link', { name: 'Newsletter' }).click();
    await page.getByRole('heading', { name: 'Newsletter', level: 1 }).waitFor();
    await page.getByText('english@example.test').waitFor();
    expect(await page.getByRole('button', { name: 'Active' }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Send a message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a message to subscribers' });
    await dialog.getByLabel('Subject (French)').fill('Nouvelles');
    await dialog.getByLabel('Content (French)').fill('Bonjour');
    expect(await dialog.getByRole('status').textContent()).toBe(
      'No English version: English-speaking subscribers will receive the French version.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: "Passer l'administration en français" }).click();
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tableau de bord' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await context.close();
  });
});
