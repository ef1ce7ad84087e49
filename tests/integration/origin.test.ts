// Engine-free: the admin's static files, their headers and compression, read with GET only.
// The one-origin entry: the admin PWA shell is served with a strict policy and an SPA fallback, its
// files precompressed.
// Needs the built admin (npm test builds before it runs the tests).
import http from 'node:http';
import zlib from 'node:zlib';
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

  it('serves the service worker uncached so updates are seen, allowed to control /admin, compressed or not', async () => {
    for (const encoding of ['br, gzip', 'gzip', 'identity']) {
      const res = await fetch(`${server.url}/admin/sw.js`, { headers: { 'accept-encoding': encoding } });
      expect(res.status, encoding).toBe(200);
      expect(res.headers.get('cache-control'), encoding).toBe('no-cache');
      expect(res.headers.get('service-worker-allowed'), encoding).toBe('/admin');
    }
  });

  it('serves the admin precompressed (br, else gzip), and its first load is at most 160 KB on the wire', async () => {
    const wire = (p: string, encoding: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.url}${p}`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const shell = (await wire('/admin/', 'identity')).body.toString();
    const seen = new Map<string, number>();
    const visit = async (url: string): Promise<void> => {
      if (seen.has(url)) return;
      seen.set(url, 0);
      const res = await wire(url, 'br, gzip');
      expect(res.status, url).toBe(200);
      if (res.body.length >= 1024 || res.headers['content-encoding']) {
        expect(res.headers['content-encoding'], url).toBe('br');
        expect(res.headers.vary, url).toContain('Accept-Encoding');
      }
      seen.set(url, res.body.length);
      if (!/\.js$/.test(url)) return;
      const code = (res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.body) : res.body).toString();
      for (const m of code.matchAll(/(?:^|[;}\s])import(?:[\w{},*\s$]+from)?\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
        await visit(new URL(m[1]!, `http://x${url}`).pathname);
    };
    for (const m of shell.matchAll(/(?:src|href)="(\/admin\/[^"]+\.(?:js|css|webmanifest))"/g)) await visit(m[1]!);
    expect([...seen.keys()].some((u) => u.endsWith('.js'))).toBe(true);
    const total = [...seen.values()].reduce((a, b) => a + b, 0) + Buffer.byteLength(shell);
    console.info(`admin first load: ${total} bytes on the wire over ${seen.size + 1} files`);
    expect(total, JSON.stringify(Object.fromEntries(seen))).toBeLessThanOrEqual(160_000);
    // The largest script (the app's bundle; the theme's boot script is under 1 KB and goes as it is).
    const bundle = [...seen].filter(([u]) => u.endsWith('.js')).sort((x, y) => y[1] - x[1])[0]![0];
    const gz = await wire(bundle, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
  });
});
