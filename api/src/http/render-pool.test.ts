import fs from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueReader } from '@app/domain/catalogue-reader';
import type { Product } from '@app/domain/products';
import { createLogger } from '../services/logger.ts';
import { createRenderPool, renderThreadHeapFlag, type RenderPool } from './render-pool.ts';

/** A render thread speaking the pool's protocol, as a module of its own (real worker threads, no site). */
const threadModule = (body: string) =>
  new URL(`data:text/javascript,${encodeURIComponent(`
    import { parentPort, threadId } from 'node:worker_threads';
    ${body}
    const reads = new Map();
    const read = (method, args) => new Promise((resolve, reject) => {
      const id = reads.size + 1;
      reads.set(id, { resolve, reject });
      parentPort.postMessage({ kind: 'read', id, method, args });
    });
    parentPort.on('message', async (m) => {
      if (m.kind === 'close') return process.exit(0);
      if (m.kind === 'read-done') return reads.get(m.id).resolve(m.result);
      if (m.kind === 'read-failed') return reads.get(m.id).reject(new Error(m.message));
      if (m.url.startsWith('/read/')) {
        const [, , method, arg] = m.url.split('/');
        const text = await read(method, [Number(arg)]).then((r) => 'read ' + JSON.stringify(r), (e) => 'failed ' + e.message);
        return parentPort.postMessage({ kind: 'rendered', id: m.id, status: 200, headers: {}, body: new TextEncoder().encode(text) });
      }
      if (m.url === '/die') process.exit(3);
      if (m.url === '/throw') return parentPort.postMessage({ kind: 'failed', id: m.id, message: 'the page threw' });
      await new Promise((r) => setTimeout(r, m.url === '/slow' ? 50 : 0));
      const text = 'thread ' + threadId + ' ' + m.url + ' ' + m.headers['accept-language'];
      const body = new TextEncoder().encode(m.url.startsWith('/text') ? text + ' Hélice 12\u202f500\u00a0€ — « neuve »' : text);
      parentPort.postMessage({ kind: 'rendered', id: m.id, status: 200, headers: { 'content-type': 'text/plain', 'x-rendered': 'thread' }, body });
    });
    parentPort.postMessage({ kind: 'ready' });
  `)}`);

const pools: RenderPool[] = [];
const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  servers.splice(0).forEach((s) => s.close());
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** A real HTTP server whose answers come from the pool, or from this thread when the pool cannot render (as origin.ts does). */
async function serve(size: number, workerUrl: URL, catalogue?: CatalogueReader) {
  const pool = createRenderPool({ size, siteEntry: 'unused', log: createLogger('silent'), workerUrl, catalogue });
  pools.push(pool);
  const server = createServer((req, res) => {
    void pool.render(req, res).catch(() => res.writeHead(200, { 'x-rendered': 'main' }).end('main thread'));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path: string) => {
    const res = await fetch(base + path, { headers: { 'accept-language': 'en' } });
    return { rendered: res.headers.get('x-rendered'), type: res.headers.get('content-type'), text: await res.text() };
  };
}

describe('render pool', () => {
  it('renders a request in a thread, with its URL and headers, and sends the thread\'s status, headers and body', async () => {
    const get = await serve(1, threadModule(''));
    const page = await get('/annonces?r=1');
    expect(page).toMatchObject({ rendered: 'thread', type: 'text/plain' });
    expect(page.text).toMatch(/^thread \d+ \/annonces\?r=1 en$/);
  });

  it('sends the bytes a thread handed over as they are, whatever the characters they encode', async () => {
    const get = await serve(1, threadModule(''));
    const page = await get('/text');
    expect(page.rendered).toBe('thread');
    expect(page.text).toMatch(/^thread \d+ \/text en Hélice 12\u202f500\u00a0€ — « neuve »$/);
  });

  it("answers a thread's catalogue reads with the main thread's reader, and passes on why one failed", async () => {
    const asked: number[] = [];
    const catalogue = {
      getProduct: async (id: number) => {
        asked.push(id);
        if (id === 13) throw new Error('database is locked');
        if (id === 14) return { id, price: () => 1 } as unknown as Product; // cannot cross to another thread
        return id === 7 ? ({ id, titleFr: 'Hélice', createdAt: new Date('2026-01-02T03:04:05Z') } as unknown as Product) : null;
      },
    } as Partial<CatalogueReader> as CatalogueReader;
    const get = await serve(1, threadModule(''), catalogue);
    expect((await get('/read/getProduct/7')).text).toBe('read {"id":7,"titleFr":"Hélice","createdAt":"2026-01-02T03:04:05.000Z"}');
    expect((await get('/read/getProduct/8')).text).toBe('read null');
    expect((await get('/read/getProduct/13')).text).toBe('failed database is locked');
    expect((await get('/read/getProduct/14')).text).toMatch(/^failed .*could not be cloned/);
    expect((await get('/read/searchListings/1')).text).toBe('failed no catalogue read "searchListings"');
    expect(asked).toEqual([7, 8, 13, 14]);
  });

  it('spreads renders under way over its threads', async () => {
    const get = await serve(2, threadModule(''));
    const pages = await Promise.all(Array.from({ length: 6 }, () => get('/slow')));
    const threads = new Set(pages.map((p) => p.text.split(' ')[1]));
    expect(threads.size).toBe(2);
  });

  it('leaves a page the thread could not render to the main thread', async () => {
    const get = await serve(1, threadModule(''));
    expect((await get('/throw')).text).toBe('main thread');
    expect((await get('/next')).rendered).toBe('thread');
  });

  it('replaces a thread that dies: the render it held goes to the main thread, the next ones to the new thread', async () => {
    const get = await serve(1, threadModule(''));
    const first = (await get('/before')).text.split(' ')[1];
    expect((await get('/die')).text).toBe('main thread');
    const after = await get('/after');
    expect(after.rendered).toBe('thread');
    expect(after.text.split(' ')[1]).not.toBe(first);
  });

  it('renders on the main thread when no thread can start, and stops starting them after three more tries', async () => {
    const starts = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pm-pool-')), 'starts');
    fs.writeFileSync(starts, '');
    const get = await serve(1, threadModule(`(await import('node:fs')).appendFileSync(${JSON.stringify(starts)}, 'x'); throw new Error('cannot boot');`));
    for (let i = 0; i < 6; i++) expect((await get(`/p${i}`)).text).toBe('main thread');
    await vi.waitFor(() => expect(fs.readFileSync(starts, 'utf8')).toBe('xxxx'));
    expect((await get('/later')).text).toBe('main thread');
    expect(fs.readFileSync(starts, 'utf8')).toBe('xxxx');
  });
});

describe('render thread heap', () => {
  it('starts collecting a thread\'s old generation at 256 MB, unless the server was started with a heap size of its own', () => {
    expect(renderThreadHeapFlag([])).toBe('--initial-old-space-size=256');
    expect(renderThreadHeapFlag(['--max-old-space-size=2048', '--enable-source-maps'])).toBe('--initial-old-space-size=256');
    expect(renderThreadHeapFlag(['--initial-old-space-size=512'])).toBeUndefined();
    expect(renderThreadHeapFlag(['--initial_old_space_size=512'])).toBeUndefined();
    expect(renderThreadHeapFlag(['--initial-heap-size=300'])).toBeUndefined();
  });
});
