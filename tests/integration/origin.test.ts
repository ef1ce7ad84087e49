// The one-origin entry: the admin PWA shell is served with a strict policy and an SPA fallback.
// Needs the built admin (npm test builds before it runs the tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';

describe('admin PWA on the shared origin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ full: true });
  });
  afterAll(() => server?.stop());

  it('answers client routes with the app shell, uncached, under a strict CSP', async () => {
    const res = await fetch(`${server.url}/admin/annonces/12/edit`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers a missing asset with 404 instead of the shell', async () => {
    const res = await fetch(`${server.url}/admin/assets/missing-file.js`);
    expect(res.status).toBe(404);
  });

  it('serves the service worker uncached so updates are seen', async () => {
    const res = await fetch(`${server.url}/admin/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});
