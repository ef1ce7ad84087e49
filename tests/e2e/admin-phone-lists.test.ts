// The admin's lists on a phone (390 px): technical documents and newsletter subscribers read as cards
// with the same facts and controls as the desktop's rows, and a list that is still loading shows
// skeleton rows under a 'Chargement...' status. Chromium against the real server and built PWA.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '@app/db';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { holdRequests } from '../support/faults.ts';
import { seedSite, type SiteSeed } from './site-seed.ts';
import { signedInPage } from './admin-support.ts';

const PHONE = { width: 390, height: 844 };
const SUBSCRIBERS = ['alice.cards@example.test', 'bruno.cards@example.test'];

describe('admin lists on a phone', () => {
  const env = serverAndBrowser();
  let seed: SiteSeed;
  beforeAll(async () => {
    seed = await seedSite(env.server);
    await withDb(env.server, (db) =>
      db.insert(tablesOf(db).newsletterSubscribers).values(
        SUBSCRIBERS.map((email) => ({
          email,
          isActive: true,
          confirmedAt: new Date(),
          unsubscribeToken: randomBytes(24).toString('base64url'),
        })),
      ),
    );
  });

  it('shows skeleton rows while the documents load, then one card per document with its actions', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.setViewportSize(PHONE);
    const release = await holdRequests(page, '**/api/admin/technical-documents**');
    await page.goto(`${env.server.url}/admin/documents`);
    const loading = page.locator('main').getByRole('status').filter({ hasText: 'Chargement...' });
    await loading.waitFor();
    expect(await loading.locator('.skeleton-row').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('main .spinner').count()).toBe(0);
    release();

    const cards = page.getByRole('list', { name: 'Documents techniques' });
    const card = cards.getByRole('listitem').filter({ hasText: seed.technicalTitle });
    await card.waitFor();
    await loading.waitFor({ state: 'detached' });
    expect(await page.locator('main table').count()).toBe(0);
    await card.getByText('manuel.pdf').waitFor();
    await card.getByText('Téléchargements : 0', { exact: false }).waitFor();
    for (const name of [`Télécharger ${seed.technicalTitle}`, `Modifier ${seed.technicalTitle}`, `Supprimer ${seed.technicalTitle}`])
      expect(await card.getByRole(name.startsWith('Télécharger') ? 'link' : 'button', { name }).isVisible(), name).toBe(true);
    await card.getByRole('button', { name: `Modifier ${seed.technicalTitle}` }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');

    // A wider window gets the table back, with its sortable headers.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('main table .cell-title', { hasText: seed.technicalTitle }).waitFor();
    expect(await cards.count()).toBe(0);
    await context.close();
  });

  it('shows subscribers as cards: select one or all, toggle a status', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.setViewportSize(PHONE);
    await page.goto(`${env.server.url}/admin/newsletter`);
    const cards = page.getByRole('list', { name: 'Abonnés à la newsletter' });
    const alice = cards.getByRole('listitem').filter({ hasText: SUBSCRIBERS[0]! });
    await alice.waitFor();
    expect(await page.locator('main table').count()).toBe(0);

    await alice.getByRole('checkbox', { name: `Sélectionner ${SUBSCRIBERS[0]}` }).check();
    await page.getByText(/^1 sélectionné /).waitFor();
    await page.getByRole('checkbox', { name: 'Sélectionner tous les abonnés affichés' }).check();
    for (const email of SUBSCRIBERS)
      expect(await cards.getByRole('checkbox', { name: `Sélectionner ${email}` }).isChecked(), email).toBe(true);

    await alice.getByRole('button', { name: 'Actif' }).click();
    await alice.getByRole('button', { name: 'Inactif' }).waitFor();
    const { accessToken } = await signInAsAdmin(env.server);
    const stored = async () =>
      (await (await env.server.api('/newsletter/admin/subscribers?search=alice.cards', { token: accessToken })).json()) as {
        subscribers: { isActive: boolean }[];
      };
    await expect.poll(async () => (await stored()).subscribers[0]?.isActive).toBe(false);
    await context.close();
  });
});
