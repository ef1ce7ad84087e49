// First journey: the three parts answer on one origin, as a visitor and an administrator meet them.
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../support/browser.ts';

describe('one origin: site, admin and API', () => {
  const env = serverAndBrowser();

  it('serves the home page in French at / and in English at /en/', async () => {
    const page = await env.browser.newPage();
    const fr = await page.goto(`${env.server.url}/`);
    expect(fr?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await expect.poll(() => page.getByRole('main').count()).toBe(1);
    const en = await page.goto(`${env.server.url}/en/`);
    expect(en?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.close();
  });

  it('serves the admin PWA shell at /admin/ with its manifest', async () => {
    const page = await env.browser.newPage();
    const res = await page.goto(`${env.server.url}/admin/`);
    expect(res?.status()).toBe(200);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBeTruthy();
    const manifest = await (await fetch(new URL(manifestHref!, `${env.server.url}/admin/`))).json();
    expect(manifest.scope).toBe('/admin/');
    await page.close();
  });

  it('reports a healthy API', async () => {
    const res = await env.server.api('/health');
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });
});
