// The admin's theme in Chromium: the system setting (prefers-color-scheme) until the admin chooses,
// then the stored choice, already in effect on the first frame after a reload (no flash).
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { signInThroughUi } from './admin-support.ts';

// The admin stylesheet's page backgrounds (--bg), as Chromium computes them.
const LIGHT_BG = 'rgb(245, 247, 250)';
const DARK_BG = 'rgb(15, 22, 29)';

/** Records the body's background on the first animation frame, that is as the first paint shows it. */
async function contextRecordingFirstFrame(browser: Browser, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
  await context.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrameBg?: string }).firstFrameBg = getComputedStyle(document.body).backgroundColor;
    });
  });
  return context;
}
const firstFrameBg = async (page: Page) => {
  await page.waitForFunction(() => (window as unknown as { firstFrameBg?: string }).firstFrameBg !== undefined);
  return page.evaluate(() => (window as unknown as { firstFrameBg?: string }).firstFrameBg);
};
const bodyBg = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('admin theme', () => {
  const env = serverAndBrowser();

  it('follows a dark system until the admin chooses light, then keeps light from the first frame even on a dark system', async () => {
    await signInAsAdmin(env.server);
    const context = await contextRecordingFirstFrame(env.browser, 'dark');
    const page = await context.newPage();
    await page.goto(`${env.server.url}/admin/login`);
    expect(await firstFrameBg(page)).toBe(DARK_BG);

    await signInThroughUi(page, env.server.url, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    expect(await bodyBg(page)).toBe(DARK_BG);
    // The toggle offers the other theme of the one in effect: here the system's dark.
    await page.getByRole('button', { name: 'Passer au thème clair' }).click();
    await expect.poll(() => bodyBg(page)).toBe(LIGHT_BG);

    await page.reload();
    expect(await firstFrameBg(page)).toBe(LIGHT_BG);
    await page.getByRole('button', { name: 'Passer au thème sombre' }).waitFor();
    await context.close();
  });

  it('follows a light system, and a dark choice holds from the first frame after the system turns light again', async () => {
    await signInAsAdmin(env.server);
    const context = await contextRecordingFirstFrame(env.browser, 'light');
    const page = await context.newPage();
    await page.goto(`${env.server.url}/admin/login`);
    expect(await firstFrameBg(page)).toBe(LIGHT_BG);
    await signInThroughUi(page, env.server.url, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Passer au thème sombre' }).click();
    await expect.poll(() => bodyBg(page)).toBe(DARK_BG);

    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    expect(await firstFrameBg(page)).toBe(DARK_BG);
    await page.getByRole('button', { name: 'Passer au thème clair' }).waitFor();
    await context.close();
  });
});
