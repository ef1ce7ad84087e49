import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, compress, compressResponse, INLINE_MAX_BYTES, isCompressible } from './compression.ts';

describe('compression of text answers', () => {
  it('prefers brotli, then gzip, and honours a refusal (q=0)', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('brx')).toBeUndefined();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding(' GZIP ;q=0.5, Br; q=0.0')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0, br;level=1;q=0')).toBeUndefined();
    expect(chooseEncoding('br;q=0, br')).toBe('br');
    expect(chooseEncoding('*')).toBeUndefined();
  });

  it('compresses text types only', () => {
    for (const type of [
      'text/html; charset=utf-8',
      'application/json',
      'text/css',
      'application/javascript',
      'image/svg+xml',
      'application/manifest+json',
      'application/problem+json',
    ])
      expect(isCompressible(type), type).toBe(true);
    for (const type of ['image/png', 'application/pdf', 'video/mp4', undefined]) expect(isCompressible(type), String(type)).toBe(false);
  });

  it('compresses JSON of 1 KB or more, keeps its status and headers, and leaves small or binary answers as they are', async () => {
    const json = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: 'Moteur marin' })) });
    const req = new Request('http://x/api/products', { headers: { 'accept-encoding': 'gzip, br' } });
    const res = await compressResponse(
      req,
      new Response(json, { status: 201, headers: { 'content-type': 'application/json', 'x-kept': '1' } }),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('x-kept')).toBe('1');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(json);
    const small = await compressResponse(
      req,
      new Response('{"ok":true}', { headers: { 'content-type': 'application/json', 'content-length': '11' } }),
    );
    expect(small.headers.get('content-encoding')).toBeNull();
    const png = await compressResponse(req, new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/png' } }));
    expect(png.headers.get('content-encoding')).toBeNull();
  });

  it('compresses a page-sized body at once and hands a bigger one, or a strong compression, to the thread pool', async () => {
    const text = (bytes: number) => Buffer.from(randomBytes((bytes * 3) / 4).toString('base64'));
    const page = text(INLINE_MAX_BYTES);
    const inline = compress(page, 'br');
    expect(inline).toBeInstanceOf(Buffer);
    expect(brotliDecompressSync(inline as Buffer).equals(page)).toBe(true);
    expect(gunzipSync(compress(page, 'gzip') as Buffer).equals(page)).toBe(true);
    const big = text(INLINE_MAX_BYTES + 4);
    for (const later of [compress(big, 'br'), compress(big, 'gzip'), compress(page, 'br', 'kept')]) expect(later).toBeInstanceOf(Promise);
    expect(brotliDecompressSync(await compress(big, 'br')).equals(big)).toBe(true);
    expect(brotliDecompressSync(await compress(page, 'br', 'kept')).equals(page)).toBe(true);
  });
});
