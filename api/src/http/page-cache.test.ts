import { randomBytes } from 'node:crypto';
import http, { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache, type PageCacheOptions } from './page-cache.ts';

type Renderer = (req: IncomingMessage, res: ServerResponse) => unknown;
const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** A real HTTP server whose pages go through the cache; counts how often a page is rendered. */
async function serve(options: Partial<PageCacheOptions> & { render?: Renderer } = {}) {
  let version = 'v1';
  let renders = 0;
  const cache = createPageCache({ version: () => version, ...options });
  const render: Renderer =
    options.render ??
    ((req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, max-age=0, s-maxage=60',
        etag: 'W/"abc"',
      });
      res.end(`<p>page ${req.url} #${renders}</p>`);
    });
  const server = createServer((req, res) => cache.handle(req, res, () => (renders++, render(req, res))));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    get: (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(url + path, { headers, method }),
    renders: () => renders,
    setVersion: (v: string) => (version = v),
    cache,
  };
}

/** GET without fetch's automatic decoding: the bytes on the wire. */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('page microcache', () => {
  it('renders a public page once and answers the next anonymous visitors from memory, byte for byte', async () => {
    const s = await serve();
    const first = await s.get('/annonces');
    const second = await s.get('/annonces');
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect(second.headers.get('etag')).toBe('W/"abc"');
    expect(s.renders()).toBe(1);
  });

  it('gives a page rendered without a validator a weak ETag of its content, and answers 304 to it', async () => {
    let body = 'first';
    const s = await serve({
      render: (_req, res) => (res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'public' }), res.end(body)),
    });
    const etag = (await s.get('/')).headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect((await s.get('/', { 'if-none-match': etag })).status).toBe(304);
    body = 'second';
    s.setVersion('v2');
    const changed = await s.get('/', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    // The same content after another write keeps its validator.
    body = 'first';
    s.setVersion('v3');
    expect((await s.get('/')).headers.get('etag')).toBe(etag);
  });

  it('does not replay the render time (Server-Timing) of the answer it keeps', async () => {
    const s = await serve({
      render: (_req, res) => (res.writeHead(200, { 'cache-control': 'public', 'server-timing': 'total;dur=4.2' }), res.end('x')),
    });
    expect((await s.get('/')).headers.get('server-timing')).toBe('total;dur=4.2');
    expect((await s.get('/')).headers.get('server-timing')).toBeNull();
  });

  it('renders again once the data version has moved on', async () => {
    const s = await serve();
    await s.get('/annonces');
    s.setVersion('v2');
    expect(await (await s.get('/annonces')).text()).toBe('<p>page /annonces #2</p>');
    expect(s.renders()).toBe(2);
  });

  it('keeps pages apart by URL, and renders a page once for every encoding, compressing text of 1 KB or more', async () => {
    const page = `<p>${'Groupe électrogène '.repeat(200)}</p>`;
    const s = await serve({
      render: (req, res) => (
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public', vary: 'Accept-Encoding' }),
        res.end(`${req.url}${page}`)
      ),
    });
    const plain = await s.get('/a', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(`/a${page}`);
    await s.get('/b', { 'accept-encoding': 'identity' });
    for (const encoding of ['br', 'gzip', 'gzip']) {
      const raw = await rawGet(s.url, '/a', { 'accept-encoding': encoding });
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(raw.headers.vary).toBe('Accept-Encoding');
      expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
      expect(raw.body.length).toBeLessThan(Buffer.byteLength(page) / 4);
      expect((encoding === 'br' ? zlib.brotliDecompressSync(raw.body) : zlib.gunzipSync(raw.body)).toString()).toBe(`/a${page}`);
    }
    expect(s.renders()).toBe(2);
  });

  it('compresses a page once per encoding and sends that copy to every later visitor', async () => {
    const page = Array.from(
      { length: 60 },
      (_, i) => `<article class="card"><h3>Moteur ${i}</h3><p class="card-price">${(i * 104729) % 100000} € HT</p></article>`,
    ).join('\n');
    const s = await serve({
      render: (_req, res) => (res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public' }), res.end(page)),
    });
    const first = await rawGet(s.url, '/annonces', { 'accept-encoding': 'br' });
    for (let i = 0; i < 10; i++) {
      const later = await rawGet(s.url, '/annonces', { 'accept-encoding': 'br' });
      expect(later.body.equals(first.body)).toBe(true);
      expect(later.headers.etag).toBe(first.headers.etag);
    }
    expect(Number(first.headers['content-length'])).toBe(first.body.length);
    expect(zlib.brotliDecompressSync(first.body).toString()).toBe(page);
    expect(s.renders()).toBe(1);
  });

  it('weighs a kept page with its compressed copies against maxBytes', async () => {
    // Text that compresses poorly: each page's br copy nearly doubles what it weighs.
    const noise = randomBytes(3000).toString('base64');
    const s = await serve({
      maxBytes: 10 * 1024,
      render: (req, res) => (
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public' }),
        res.end(`<p>${req.url} ${noise}</p>`)
      ),
    });
    await rawGet(s.url, '/a', {});
    await rawGet(s.url, '/b', {});
    expect(s.cache.size()).toBe(2); // 2 × 4 KB
    await rawGet(s.url, '/b', { 'accept-encoding': 'br' }); // /b now weighs ~7 KB: /a goes
    expect(s.cache.size()).toBe(1);
    await rawGet(s.url, '/b', {});
    expect(s.renders()).toBe(2);
  });

  it('renders at most maxRenders pages at once: further misses wait their turn, and every visitor gets its page', async () => {
    let running = 0;
    let most = 0;
    const s = await serve({
      maxRenders: 2,
      render: (req, res) => {
        most = Math.max(most, ++running);
        return new Promise<void>((resolve) =>
          setTimeout(() => {
            running--;
            res.writeHead(200, { 'cache-control': 'public' });
            res.end(`page ${req.url}`);
            resolve();
          }, 20),
        );
      },
    });
    const paths = Array.from({ length: 7 }, (_, i) => `/produit/${i}`);
    const answers = await Promise.all(paths.map((p) => s.get(p).then((r) => r.text())));
    expect(answers).toEqual(paths.map((p) => `page ${p}`));
    expect(most).toBe(2);
    expect(s.renders()).toBe(7);
  });

  it('does not make pages wait for a render of another method, which may be reading a slow request body', async () => {
    let finishPost!: () => void;
    const s = await serve({
      maxRenders: 1,
      render: (req, res) => {
        if (req.method === 'GET') return void res.writeHead(200, { 'cache-control': 'public' }).end(`page ${req.url}`);
        return new Promise<void>(
          (resolve) => (finishPost = () => (res.writeHead(200, { 'cache-control': 'no-store' }).end('posted'), resolve())),
        );
      },
    });
    const posted = s.get('/newsletter/confirmer', {}, 'POST');
    await expect.poll(() => finishPost).toBeDefined();
    expect(await (await s.get('/annonces')).text()).toBe('page /annonces');
    finishPost();
    expect(await (await posted).text()).toBe('posted');
  });

  it('compresses answers it does not keep too, and leaves small ones alone', async () => {
    const big = '{"items":[' + '{"title":"Moteur"},'.repeat(200) + '{}]}';
    const s = await serve({
      render: (req, res) => (
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }),
        res.end(req.url === '/small' ? '{}' : big)
      ),
    });
    const raw = await rawGet(s.url, '/big', { 'accept-encoding': 'gzip, br' });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(raw.body).toString()).toBe(big);
    expect((await rawGet(s.url, '/small', { 'accept-encoding': 'br' })).headers['content-encoding']).toBeUndefined();
  });

  it('serves visitors with cookies (language, theme, analytics) the same stored page', async () => {
    const s = await serve();
    const first = await (await s.get('/')).text();
    for (const cookie of ['lang=en', 'theme=dark', '_ga=GA1.1.1.1']) expect(await (await s.get('/', { cookie })).text()).toBe(first);
    expect(s.renders()).toBe(1);
  });

  it('after a change, gives the previous copy to visitors arriving while the first one waits for the fresh render', async () => {
    let finish!: () => void;
    const fresh = new Promise<void>((resolve) => (finish = resolve)); // the render after the change waits for it
    let n = 0;
    const s = await serve({
      render: async (_req, res) => {
        if (n > 0) await fresh;
        res.writeHead(200, { 'cache-control': 'public' });
        res.end(`v${++n}`);
      },
    });
    expect(await (await s.get('/annonces')).text()).toBe('v1');
    s.setVersion('v2');
    const first = s.get('/annonces').then((r) => r.text());
    await expect.poll(() => s.renders()).toBe(2); // the fresh render has started, and waits
    expect(await (await s.get('/annonces')).text()).toBe('v1'); // served at once, not behind the render
    finish();
    expect(await first).toBe('v2');
    expect(await (await s.get('/annonces')).text()).toBe('v2');
    expect(s.renders()).toBe(2);
  });

  it('does not keep an answer the renderer encoded itself (one encoding cannot serve all)', async () => {
    const s = await serve({
      render: (_req, res) => (res.writeHead(200, { 'cache-control': 'public', 'content-encoding': 'gzip' }), res.end(zlib.gzipSync('x'))),
    });
    await s.get('/sitemap.xml', { 'accept-encoding': 'gzip' });
    await s.get('/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(s.renders()).toBe(2);
  });

  it('stores nothing the site did not mark public, nor answers that set cookies', async () => {
    for (const headers of [
      { 'cache-control': 'private, no-cache' },
      { 'cache-control': 'no-store' },
      { 'cache-control': 'public', 'set-cookie': 'lang=fr' },
    ]) {
      const s = await serve({ render: (_req, res) => (res.writeHead(200, headers), res.end('x')) });
      await s.get('/');
      await s.get('/');
      expect(s.renders()).toBe(2);
    }
  });

  it('answers 304 from memory when the visitor already has the page', async () => {
    const s = await serve();
    await s.get('/produit/1');
    const res = await s.get('/produit/1', { 'if-none-match': 'W/"abc"' });
    expect(res.status).toBe(304);
    expect(s.renders()).toBe(1);
  });

  it('answers HEAD from a stored page without a body', async () => {
    const s = await serve();
    await s.get('/contact');
    const res = await s.get('/contact', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(s.renders()).toBe(1);
  });

  it('forgets a page after its time to live', async () => {
    let now = 0;
    const s = await serve({ ttlMs: 1000, now: () => now });
    await s.get('/mentions-legales');
    now = 1500;
    await s.get('/mentions-legales');
    expect(s.renders()).toBe(2);
  });

  it('holds at most maxEntries pages, dropping the least recently used', async () => {
    const s = await serve({ maxEntries: 2 });
    await s.get('/a');
    await s.get('/b');
    await s.get('/a'); // a is now the most recent
    await s.get('/c'); // drops b
    expect(s.cache.size()).toBe(2);
    await s.get('/a');
    await s.get('/b');
    expect(s.renders()).toBe(4);
  });

  it('counts only the pages it keeps against maxBytes: compressed answers it does not keep never crowd out the ones it does', async () => {
    // Text that compresses poorly, so each private answer's compressed copy is most of its 3 KB.
    const noise = randomBytes(2400).toString('base64');
    const s = await serve({
      maxBytes: 16 * 1024,
      render: (req, res) => {
        const shared = req.url === '/annonces';
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': shared ? 'public' : 'private, no-cache' });
        res.end(`<p>${req.url} ${noise}</p>`);
      },
    });
    for (let i = 0; i < 12; i++) await rawGet(s.url, `/mon-compte?${i}`, { 'accept-encoding': 'br' });
    await rawGet(s.url, '/annonces', { 'accept-encoding': 'br' });
    await rawGet(s.url, '/annonces', { 'accept-encoding': 'br' });
    expect(s.cache.size()).toBe(1);
    expect(s.renders()).toBe(13);
  });

  it('renders a page once for a crowd of visitors arriving together, and gives all of them the same answer', async () => {
    const s = await serve({
      render: (req, res) =>
        void setTimeout(() => {
          res.writeHead(200, { 'cache-control': 'public, s-maxage=60' });
          res.end(`page ${req.url}`);
        }, 50),
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.get('/annonces').then((r) => r.text())));
    expect(new Set(answers)).toEqual(new Set(['page /annonces']));
    expect(s.renders()).toBe(1);
  });

  it('lets a crowd render for itself when the shared render was not shareable (nobody waits forever)', async () => {
    const s = await serve({
      render: (_req, res) =>
        void setTimeout(() => {
          res.writeHead(503, { 'cache-control': 'no-store' });
          res.end('degraded');
        }, 30),
    });
    const statuses = await Promise.all(Array.from({ length: 5 }, () => s.get('/').then((r) => r.status)));
    expect(statuses).toEqual([503, 503, 503, 503, 503]);
    expect(s.renders()).toBe(5);
  });
});
