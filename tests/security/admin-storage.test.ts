// Probe for security.md "Sign-in and sessions", last rule: the admin PWA keeps no token in Web Storage,
// and after logout neither IndexedDB nor Cache Storage holds authenticated data (Chromium, real server).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedDbContents, signInThroughUi, waitForServiceWorker } from '../e2e/admin-support.ts';
import { createUser } from '../support/auth.ts';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type TestServer } from '../support/server.ts';

const USER = { email: 'stockage@example.test', password: 'Storage-Passw0rd!7' };

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ full: true });
  await createUser(server, { ...USER, role: 'admin' });
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('admin PWA storage', () => {
  it('no token in Web Storage while signed in; after logout no data in IndexedDB and no API answer in Cache Storage', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const tokens: string[] = [];
    page.on('response', async (res) => {
      if (/\/api\/auth\/(login|refresh|change-password)$/.test(res.url()) && res.ok()) {
        const body = (await res.json().catch(() => ({}))) as Record<string, string>;
        for (const k of ['accessToken', 'refreshToken']) if (body[k]) tokens.push(body[k]);
      }
    });
    await signInThroughUi(page, server.url, USER.email, USER.password);
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    // The probe of Cache Storage means something only once the service worker is in charge.
    await waitForServiceWorker(page);
    const worker = await page.evaluate(async () => ({
      registrations: (await navigator.serviceWorker.getRegistrations()).map((r) => ({ scope: r.scope, state: r.active?.state })),
      controller: navigator.serviceWorker.controller?.state,
    }));
    // The scope is /admin, so that /admin without its slash works offline too (decision 079).
    expect(worker).toEqual({ registrations: [{ scope: `${server.url}/admin`, state: 'activated' }], controller: 'activated' });
    await page.goto(`${server.url}/admin/annonces`);
    await page.waitForLoadState('networkidle');
    expect(tokens.length).toBeGreaterThan(0);

    const webStorage = () => page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    const signedIn = await webStorage();
    for (const t of tokens) expect(signedIn).not.toContain(t);
    expect(signedIn).not.toMatch(/token/i);

    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/admin/login');
    const idb = await indexedDbContents(page);
    expect(Object.values(idb).reduce((a, b) => a + b, 0)).toBe(0);
    const cached = await page.evaluate(async () => {
      const out: { url: string; body: string }[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) {
          const res = await cache.match(req);
          out.push({ url: req.url, body: res && /json|text/.test(res.headers.get('content-type') ?? '') ? await res.text() : '' });
        }
      }
      return out;
    });
    expect(cached.filter((c) => new URL(c.url).pathname.startsWith('/api/'))).toEqual([]);
    for (const t of tokens) expect(cached.some((c) => c.body.includes(t))).toBe(false);
    const after = await webStorage();
    for (const t of tokens) expect(after).not.toContain(t);
    await context.close();
  });
});
