// The theme in a real browser: the system setting until the visitor chooses, then the choice, on
// every page, before the first paint, from pages that are the same for every visitor.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { serverAndBrowser } from '../support/browser.ts';
import { isDark, visitorContext, watchErrors } from './site-browser.ts';

/** Records whether the page was dark when its <body> arrived, that is before anything was painted. */
async function watchFirstPaint(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { darkAtBody?: boolean };
    new MutationObserver((_records, observer) => {
      if (!document.body) return;
      w.darkAtBody = document.documentElement.classList.contains('dark');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}
const darkAtBody = (page: Page) => page.evaluate(() => (window as unknown as { darkAtBody?: boolean }).darkAtBody);

describe('public site theme', () => {
  const env = serverAndBrowser();

  it('a browser preferring dark gets the dark theme with no flash; a chosen light theme persists, legal pages included', async () => {
    const context = await visitorContext(env.browser, { colorScheme: 'dark' });
    await watchFirstPaint(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/annonces`);
    expect(await darkAtBody(page)).toBe(true);
    expect(await isDark(page)).toBe(true);

    await page.getByRole('button', { name: 'Thème clair' }).click();
    await expect.poll(() => isDark(page)).toBe(false);
    await expect(page.getByRole('button', { name: 'Thème sombre' }).isVisible()).resolves.toBe(true);
    for (const p of ['/contact', '/en/annonces', '/mentions-legales']) {
      await page.goto(`${env.server.url}${p}`);
      expect(await darkAtBody(page), p).toBe(false);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a browser preferring light starts light; a chosen dark theme is applied before first paint on the next pages', async () => {
    const context = await visitorContext(env.browser, { colorScheme: 'light' });
    await watchFirstPaint(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${env.server.url}/en/`);
    expect(await darkAtBody(page)).toBe(false);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await page.getByRole('button', { name: 'Dark theme' }).isVisible()).toBe(false);
    await page.goto(`${env.server.url}/en/contact`);
    expect(await darkAtBody(page)).toBe(true);
    // The system setting no longer decides once the visitor has chosen.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    expect(await darkAtBody(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
