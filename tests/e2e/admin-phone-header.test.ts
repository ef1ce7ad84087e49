// The admin's header on a phone (390 px): one row (menu, brand, connection state, pending changes),
// and a menu button that opens the navigation with the theme, language and account controls as a
// labelled modal dialog, usable by keyboard alone. Chromium against the real server and built PWA.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { serverAndBrowser } from '../support/browser.ts';
import { createListingViaApi, expectHeaderOnOneRow, signedInPage } from './admin-support.ts';

const PHONE = { width: 390, height: 844 };

async function expectOneRow(page: Page, label: string) {
  await expectHeaderOnOneRow(page, label);
  await screenshot(page, `admin-phone-header-${label}`);
}

/** Saves the screen under SCREENSHOT_DIR, if set, once the menu's slide is over. */
async function screenshot(page: Page, name: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`) });
}

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');
const expanded = (button: Locator) => button.getAttribute('aria-expanded');

describe('admin header on a phone', () => {
  const env = serverAndBrowser();

  it('keeps one row, with the connection state and the pending changes, online and offline', async () => {
    await createListingViaApi(env.server, 'Moteur Volvo Penta D6 en-tête');
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.setViewportSize(PHONE);
    await page.getByText('En ligne', { exact: true }).waitFor();
    await expectOneRow(page, 'online');
    // The desktop's header controls are in the menu, not in the bar.
    expect(await page.locator('header.topbar').getByRole('button', { name: 'Déconnexion' }).count()).toBe(0);

    await page.goto(`${env.server.url}/admin/annonces`);
    // Listings are cards on a phone.
    const row = page.getByRole('listitem').filter({ hasText: 'Moteur Volvo Penta D6 en-tête' });
    await row.waitFor();
    await context.setOffline(true);
    await row.getByRole('button', { name: 'Standard' }).click();
    await page.getByRole('button', { name: 'Modifications en attente : 1' }).waitFor();
    await page.getByText('Hors ligne', { exact: true }).waitFor();
    await expectOneRow(page, 'offline-pending');
    await context.setOffline(false);
    await context.close();
  });

  it('opens the menu by keyboard as a labelled dialog; Escape closes it and focus returns to the button', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.setViewportSize(PHONE);
    const menuButton = page.getByRole('button', { name: 'Ouvrir le menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    expect(await expanded(menuButton)).toBe('false');
    await menu.waitFor({ state: 'hidden' });

    // From the top of the page: the skip link, then the menu button.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Ouvrir le menu');
    await page.keyboard.press('Enter');
    await menu.waitFor();
    expect(await expanded(menuButton)).toBe('true');
    expect(await menu.getAttribute('aria-modal')).toBe('true');
    // Focus moved into the menu, which holds the navigation and the controls the bar left out.
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await menu.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Annonces' }).waitFor();
    const tools = menu.getByRole('group', { name: 'Compte et affichage' });
    for (const name of ['Switch the admin to English', 'Passer au thème sombre', 'Déconnexion'])
      await tools.getByRole('button', { name }).waitFor();
    await screenshot(page, 'admin-phone-menu-open');

    // Focus stays inside: Shift+Tab from the first control wraps to the last.
    expect(await focusedName(page)).toBe('Fermer le menu');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Déconnexion');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Fermer le menu');

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await expanded(menuButton)).toBe('false');
    expect(await focusedName(page)).toBe('Ouvrir le menu');
    await context.close();
  });

  it('follows a link chosen by keyboard, closing the menu, and switches the language from it', async () => {
    const { context, page } = await signedInPage(env.browser, env.server);
    await page.setViewportSize(PHONE);
    const menuButton = page.getByRole('button', { name: 'Ouvrir le menu' });
    await menuButton.focus();
    await page.keyboard.press('Space');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    // The close button, then the links in order: Tableau de bord, Annonces.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Annonces');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Annonces', level: 1 }).waitFor();
    await menu.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Ouvrir le menu');

    await menuButton.click();
    await menu.getByRole('button', { name: 'Switch the admin to English' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open the menu' }).waitFor();
    await page.getByRole('heading', { name: 'Listings', level: 1 }).waitFor();
    await expectOneRow(page, 'english');
    await context.close();
  });
});
