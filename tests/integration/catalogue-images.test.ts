import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkedUpload, engineInput, exeBytes, hugePng, jpegWithGps, makePdf, png, svgBytes, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

const TYPE_MESSAGE = 'Seuls les formats JPEG, PNG et WebP sont acceptés';
const SIZE_MESSAGE = 'Chaque image ne peut pas dépasser 5 MB';

describe('listing images', () => {
  let server: TestServer;
  let token: string;
  let productId: number;
  const imageDirs = () => fs.readdirSync(path.join(server.dataDir, 'images'));
  const tempFiles = () => fs.readdirSync(path.join(server.dataDir, 'tmp'));
  const send = (bytes: Buffer, name = 'photo.png', type = 'image/png', fields: Record<string, string> = {}) =>
    upload(server, `/products/${productId}/images`, token, [{ field: 'image', name, bytes, type }], fields);

  beforeAll(async () => {
    server = await startServer();
    token = (await signInAsAdmin(server)).accessToken;
    productId = (await (await server.api('/products', { method: 'POST', token, json: engineInput() })).json()).id;
  });
  afterAll(() => server?.stop());

  it('stores an upload as WebP and AVIF variants plus a thumbnail, served immutable with ETag and nosniff', async () => {
    const res = await send(await png(2000, 1000), 'moteur.png', 'image/png', { alt: 'Vue de face' });
    expect(res.status).toBe(201);
    const { image } = await res.json();
    expect(image).toMatchObject({ alt: 'Vue de face', position: 0, width: 1600, height: 800 });
    const formats = new Set(image.sources.map((s: { format: string }) => s.format));
    expect(formats).toEqual(new Set(['webp', 'avif', 'jpeg']));
    expect(image.sources.filter((s: { format: string }) => s.format === 'webp').map((s: { width: number }) => s.width)).toEqual([
      320, 640, 1024, 1600,
    ]);

    const served = await fetch(`${server.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = served.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
    const again = await fetch(`${server.url}${image.url}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);

    const thumb = await fetch(`${server.url}${image.thumbnailUrl}`);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(400);
  });

  it('re-encodes a JPEG without its EXIF and GPS data', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { image } = await (await send(original, 'gps.jpg', 'image/jpeg')).json();
    for (const source of image.sources) {
      const bytes = Buffer.from(await (await fetch(`${server.url}${source.url}`)).arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('SpyCam'))).toBe(false);
    }
  });

  it.each([
    ['an executable renamed .jpg', () => exeBytes(), 'photo.jpg', 'image/jpeg'],
    ['a PDF declared as an image', () => makePdf('Pas une image', ['texte']), 'photo.png', 'image/png'],
    ['an SVG', () => svgBytes(), 'logo.svg', 'image/svg+xml'],
    ['a GIF', () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), 'anim.gif', 'image/gif'],
  ])('refuses %s with 415 and the spec message, keeping nothing', async (_name, bytes, name, type) => {
    const before = imageDirs().length;
    const res = await send(bytes(), name, type);
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: TYPE_MESSAGE });
    expect(imageDirs()).toHaveLength(before);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses a 20,000 × 20,000 PNG (decompression bomb) with 422 before decoding it', async () => {
    const before = imageDirs().length;
    const started = Date.now();
    const res = await send(hugePng(), 'bomb.png');
    expect(res.status).toBe(422);
    expect((await res.json()).error).toMatch(/trop grande/);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(imageDirs()).toHaveLength(before);
  });

  it('refuses a truncated JPEG with 422 and leaves no variant behind', async () => {
    const full = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg()
      .toBuffer();
    const before = imageDirs().length;
    const res = await send(full.subarray(0, Math.floor(full.length / 2)), 'cut.jpg', 'image/jpeg');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: "L'image est illisible ou endommagée" });
    expect(imageDirs()).toHaveLength(before);
  });

  it('refuses an image over 5 MB with 413 and keeps nothing', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const before = imageDirs().length;
    const res = await send(big, 'big.png');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: SIZE_MESSAGE });
    expect(imageDirs()).toHaveLength(before);
    expect(tempFiles()).toEqual([]);
  });

  it('enforces the 5 MB cap on a chunked upload without Content-Length, keeping nothing partial', async () => {
    const before = imageDirs().length;
    const res = await chunkedUpload(
      server,
      `/products/${productId}/images`,
      token,
      'image',
      'stream.png',
      5 * 1024 * 1024 + 200_000,
      await png(10, 10),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: SIZE_MESSAGE });
    expect(imageDirs()).toHaveLength(before);
    expect(tempFiles()).toEqual([]);
  });

  it('answers 413 to a chunked upload far over the cap instead of reading it all', async () => {
    const res = await chunkedUpload(
      server,
      `/products/${productId}/images`,
      token,
      'image',
      'huge.png',
      40 * 1024 * 1024,
      await png(10, 10),
    );
    expect(res.status).toBe(413);
    expect(tempFiles()).toEqual([]);
  });

  it('accepts a chunked upload under the cap', async () => {
    const bytes = await png(300, 200);
    const boundary = 'b0undary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="small.png"\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const stream = new ReadableStream({ start: (c) => (c.enqueue(new Uint8Array(body)), c.close()) });
    const res = await fetch(`${server.url}/api/products/${productId}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(201);
  });

  it('answers 400 when no image is sent, 401 without a session, 404 for a missing listing', async () => {
    const none = await upload(server, `/products/${productId}/images`, token, [], { alt: 'rien' });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: 'Veuillez sélectionner une image' });
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await png(10, 10))]), 'a.png');
    expect((await server.api(`/products/${productId}/images`, { method: 'POST', body: form })).status).toBe(401);
    expect(
      (await upload(server, '/products/999999/images', token, [{ field: 'image', name: 'a.png', bytes: await png(10, 10) }])).status,
    ).toBe(404);
  });

  it('lists, reorders (cover first), edits alt text and deletes images with their files', async () => {
    const other = (await (await server.api('/products', { method: 'POST', token, json: engineInput() })).json()).id;
    const ids: number[] = [];
    for (const color of ['#111111', '#222222', '#333333']) {
      const res = await upload(server, `/products/${other}/images`, token, [
        { field: 'image', name: 'x.png', bytes: await png(400, 300, color) },
      ]);
      ids.push((await res.json()).image.id);
    }
    const listed = await (await server.api(`/products/${other}/images`)).json();
    expect(listed.images.map((i: { id: number }) => i.id)).toEqual(ids);

    const cover = await server.api(`/products/${other}/images/${ids[2]}`, {
      method: 'PATCH',
      token,
      json: { cover: true, alt: 'Couverture' },
    });
    expect(cover.status).toBe(200);
    expect((await cover.json()).images.map((i: { id: number; position: number }) => [i.id, i.position])).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    const reordered = await server.api(`/products/${other}/images/order`, { method: 'PUT', token, json: { imageIds: [ids[1], ids[0]] } });
    expect((await reordered.json()).images.map((i: { id: number }) => i.id)).toEqual([ids[1], ids[0], ids[2]]);
    const product = await (await server.api(`/products/${other}`)).json();
    expect(product.images.map((i: { id: number }) => i.id)).toEqual([ids[1], ids[0], ids[2]]);
    expect(product.images.find((i: { id: number }) => i.id === ids[2]).alt).toBe('Couverture');

    const url = product.images[0].url;
    const before = imageDirs().length;
    const del = await server.api(`/products/${other}/images/${ids[1]}`, { method: 'DELETE', token });
    expect(del.status).toBe(200);
    expect(imageDirs()).toHaveLength(before - 1);
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
    expect((await server.api(`/products/${other}/images/${ids[1]}`, { method: 'DELETE', token })).status).toBe(404);

    // Deleting the listing removes the remaining image folders too.
    await server.api(`/products/${other}`, { method: 'DELETE', token });
    expect(imageDirs()).toHaveLength(before - 3);
  });

  it('never serves a path outside the image folders', async () => {
    for (const p of [
      '/media/images/..%2F..%2Fapp.db/x.webp',
      '/media/images/abc/320.webp',
      '/media/images/00000000000000000000000000000000/..%2F..%2Fapp.db',
      '/media/images/00000000000000000000000000000000/320.webp',
    ]) {
      const res = await server.api(p);
      expect(res.status).toBe(404);
    }
  });
});
