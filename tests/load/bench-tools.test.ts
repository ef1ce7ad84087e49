// Engine-free: the bench's instruments against a plain Node HTTP server of their own; no server of ours.
// The bench's own instruments: the load generator counts exactly what a server answered (Content-Length
// and chunked bodies, non-2xx apart), and the bare replay sends the very bytes and headers recorded.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from '../bench/loadgen.ts';
import { rawGet, replayServer } from '../bench/visitors.ts';

describe('bench instruments', () => {
  let server: http.Server;
  let port = 0;
  const answered = { ok: 0, missing: 0 };
  const page = zlib.brotliCompressSync(Buffer.from('<!doctype html><title>Annonces</title>'.repeat(100)));
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/missing') {
        answered.missing++;
        return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Introuvable"}');
      }
      answered.ok++;
      if (req.url?.startsWith('/chunked')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('première partie, ');
        return setImmediate(() => res.end('seconde partie'));
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'content-length': page.length }).end(page);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('counts every answer, chunked or not, and the non-2xx apart', async () => {
    const stats = await runLoad({ port, paths: ['/page', '/chunked?r={n}', '/missing'], connections: 4, durationS: 1 });
    // The run ends with at most one request in flight per connection: the server has answered them all once
    // every connection the load generator opened is closed.
    await expect
      .poll(() => new Promise<number>((resolve, reject) => server.getConnections((e, n) => (e ? reject(e) : resolve(n)))))
      .toBe(0);
    expect(stats.errors).toBe(0);
    expect(stats.timeouts).toBe(0);
    expect(stats.requests).toBeGreaterThan(30);
    // Answers still in flight when the run ended are not counted: at most one per connection.
    expect(answered.ok + answered.missing - stats.requests).toBeGreaterThanOrEqual(0);
    expect(answered.ok + answered.missing - stats.requests).toBeLessThanOrEqual(4);
    expect(Math.abs(stats.non2xx - answered.missing)).toBeLessThanOrEqual(4);
    expect(stats.bytes).toBeGreaterThan(stats.requests * 20);
    expect(stats.p99).toBeGreaterThanOrEqual(stats.p50);
  });

  it('replays the recorded answer byte for byte, with its encoding, for every path of the route', async () => {
    const recorded = await rawGet(`http://127.0.0.1:${port}`, '/produit/12', { 'accept-encoding': 'br, gzip' });
    const bare = await replayServer([recorded]);
    try {
      const replayed = await rawGet(`http://127.0.0.1:${bare.port}`, '/produit/987', { 'accept-encoding': 'br, gzip' });
      expect(replayed.status).toBe(200);
      expect(replayed.headers['content-encoding']).toBe('br');
      expect(replayed.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Buffer.compare(replayed.body, page)).toBe(0);
      expect((await rawGet(`http://127.0.0.1:${bare.port}`, '/ailleurs', {})).status).toBe(404);
    } finally {
      bare.close();
    }
  });
});
