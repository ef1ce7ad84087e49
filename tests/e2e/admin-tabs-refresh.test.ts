// Two windows of the admin refreshing at the same time keep the session: refresh tokens are single-use
// and a reused one revokes the session (docs/decisions/011), so the windows must take turns
// (navigator.locks in admin-pwa/src/lib/api.ts). Chromium against the real server and the built PWA.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin } from '../support/auth.ts';
import { signInThroughUi } from './admin-support.ts';
import { serverAndBrowser } from '../support/browser.ts';

describe('admin in two windows', () => {
  const env = serverAndBrowser();

  /**
   * A slow network: a refresh request is held until a second one arrives or 1.5 s have passed, so
   * two windows that do not wait for each other present the same refresh cookie at once.
   */
  async function slowRefreshes(context: BrowserContext) {
    const held: (() => void)[] = [];
    const statuses: number[] = [];
    await context.route('**/api/auth/refresh', async (route) => {
      await new Promise<void>((release) => {
        held.push(release);
        if (held.length >= 2) return held.splice(0).forEach((r) => r());
        setTimeout(() => {
          held.splice(held.indexOf(release) >>> 0, 1);
          release();
        }, 1500);
      });
      const response = await route.fetch();
      statuses.push(response.status());
      await route.fulfill({ response });
    });
    return statuses;
  }

  /** An admin-only call made by the page itself, with the token it holds in memory. */
  async function messagesLoad(page: Page) {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/inquiries' && r.request().method() === 'GET');
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Messages' }).click();
    return (await answer).status();
  }

  it('reloading both windows at once restores the session in each, and both keep working', async () => {
    await signInAsAdmin(env.server); // the forced password change, done once by the API
    // Service workers blocked: this is about the refresh cookie, and routes then see every request.
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const first = await context.newPage();
    await signInThroughUi(first, env.server.url, INITIAL_ADMIN.email, CHANGED_ADMIN_PASSWORD);
    await first.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    const second = await context.newPage();
    await second.goto(`${env.server.url}/admin/`);
    await second.getByRole('heading', { name: 'Tableau de bord' }).waitFor();

    const statuses = await slowRefreshes(context);
    // The access token lives in memory only: each reloaded window refreshes with the shared cookie.
    await Promise.all([first.reload(), second.reload()]);
    for (const page of [first, second]) {
      await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toMatch(/^\/admin\/?$/);
    }
    expect(statuses).toEqual([200, 200]);

    // Later calls from each window are accepted: the session was not revoked as a token reuse.
    expect(await messagesLoad(first)).toBe(200);
    expect(await messagesLoad(second)).toBe(200);
    for (const page of [first, second]) {
      expect(await page.getByText('Session expirée').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/admin/messages');
    }
    await context.close();
  });
});
