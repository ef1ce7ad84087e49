// First journey: the three parts answer on one origin, as a visitor and an administrator meet them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type TestServer } from '../support/server.ts';

describe('one origin: site, admin and API', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ full: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves the home page in French at / and in English at /en/', async () => {
    const page = await browser.newPage();
    const fr = await page.goto(`${server.url}/`);
    expect(fr?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await expect.poll(() => page.getByRole('main').count()).toBe(1);
    const en = await page.goto(`${server.url}/en/`);
    expect(en?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.close();
  });

  it('serves the admin PWA shell at /admin/ with its manifest', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${server.url}/admin/`);
    expect(res?.status()).toBe(200);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBeTruthy();
    const manifest = await (await fetch(new URL(manifestHref!, `${server.url}/admin/`))).json();
    expect(manifest.scope).toBe('/admin/');
    await page.close();
  });

  it('reports a healthy API', async () => {
    const res = await server.api('/health');
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });
});
