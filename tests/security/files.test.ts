// Probes for security.md "Files": size limits while streaming (chunked too) with nothing partial
// left, inclusive limits (exactly the limit accepted, one byte more refused), type from the bytes (SVG and disguised executables refused), re-encoding that drops EXIF/GPS,
// the pixel limit, generated storage names, path traversal, and the headers of downloads and previews.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chunkedUpload,
  exeBytes,
  generatorInput,
  hugePng,
  jpegWithGps,
  makePdf,
  png,
  svgBytes,
  upload,
  uploadThatGoesOn,
} from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { auditFiles } from '../support/db-state.ts';
import { startServer, type TestServer } from '../support/server.ts';

type Json = Record<string, any>;
const MB = 1024 * 1024;

let server: TestServer;
let token: string;
let productId: number;

beforeAll(async () => {
  server = await startServer();
  token = (await signInAsAdmin(server)).accessToken;
  const res = await server.api('/products', { method: 'POST', token, json: generatorInput() });
  productId = ((await res.json()) as Json).id;
});
afterAll(() => server.stop());

/** After every refused upload: no row without file, no file without row, nothing in tmp/. */
async function expectCleanStorage() {
  expect(await auditFiles(server)).toEqual({ missing: [], orphans: [], partials: [] });
}

const uploadImage = (name: string, bytes: Buffer, type = 'image/jpeg') =>
  upload(server, `/products/${productId}/images`, token, [{ field: 'image', name, bytes, type }]);
const uploadDocument = (name: string, bytes: Buffer, type = 'application/pdf') =>
  upload(server, `/products/${productId}/documents`, token, [{ field: 'documents', name, bytes, type }], {
    titles: JSON.stringify(['Notice']),
  });

describe('size limits', () => {
  it('refuses an image over 5 MB with 413 and keeps nothing', async () => {
    const big = Buffer.concat([await png(64, 64), Buffer.alloc(5 * MB + 10, 1)]);
    const res = await uploadImage('big.png', big, 'image/png');
    expect(res.status).toBe(413);
    expect((await res.json()) as Json).toMatchObject({ error: 'Chaque image ne peut pas dépasser 5 MB' });
    await expectCleanStorage();
  });

  it('refuses a chunked image upload without Content-Length past 5 MB', async () => {
    const res = await chunkedUpload(
      server,
      `/products/${productId}/images`,
      token,
      'image',
      'stream.jpg',
      6 * MB,
      (await png(32, 32)).subarray(0, 64),
    );
    expect(res.status).toBe(413);
    expect(((await res.json()) as Json).error).toBeTypeOf('string');
    await expectCleanStorage();
  });

  it('refuses a chunked document upload past 50 MB, and leaves nothing partial', async () => {
    const res = await chunkedUpload(
      server,
      `/admin/technical-documents/upload`,
      token,
      'document',
      'huge.pdf',
      51 * MB,
      makePdf('Huge', []),
    );
    expect(res.status).toBe(413);
    await expectCleanStorage();
  });
});

describe('a client that keeps sending past the limit', () => {
  // Past the limit the server reads no more of the body, yet the client may still be sending when the
  // answer leaves: a connection closed on unread bytes is reset, and a reset can wipe the answer out.
  it('still receives the 413 and its text, and its connection is not reset under it', async () => {
    const answer = await uploadThatGoesOn(server, '/admin/technical-documents/upload', token, 'document', makePdf('Huge', []), {
      afterAnswerMs: 0,
    });
    expect(answer.sent).toBeGreaterThan(50 * MB);
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'Le fichier ne peut pas dépasser 50MB' });
    await expectCleanStorage();
  });

  it('has its connection closed when it never stops sending', async () => {
    const answer = await uploadThatGoesOn(server, '/admin/technical-documents/upload', token, 'document', makePdf('Huge', []), {
      afterAnswerMs: 40_000,
    });
    expect(answer.status).toBe(413);
    expect(answer.closedWhileSending).toBe(true);
  });

  it('leaves the server answering the next upload at once', async () => {
    await uploadThatGoesOn(server, '/admin/technical-documents/upload', token, 'document', makePdf('Huge', []), { afterAnswerMs: 0 });
    const res = await uploadImage('photo.jpg', exeBytes(), 'image/jpeg');
    expect(res.status).toBe(415);
  });
});

describe('types from the bytes', () => {
  it.each([
    ['an executable named .jpg', 'photo.jpg', exeBytes(), 'image/jpeg'],
    ['an SVG (scripts inside)', 'logo.svg', svgBytes(), 'image/svg+xml'],
    ['an SVG named .png', 'logo.png', svgBytes(), 'image/png'],
    ['a PDF named .jpg', 'notice.jpg', makePdf('x', []), 'image/jpeg'],
    ['HTML named .webp', 'page.webp', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/webp'],
  ])('refuses %s as an image with 415', async (_label, name, bytes, type) => {
    const res = await uploadImage(name, bytes as Buffer, type as string);
    expect(res.status).toBe(415);
    expect((await res.json()) as Json).toMatchObject({ error: 'Seuls les formats JPEG, PNG et WebP sont acceptés' });
    await expectCleanStorage();
  });

  it.each([
    ['an executable named .pdf', 'notice.pdf', exeBytes()],
    ['an HTML page named .txt', 'readme.txt', Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>\u0000')],
  ])('refuses %s as a document', async (_label, name, bytes) => {
    const res = await uploadDocument(name, bytes as Buffer);
    expect([415, 400]).toContain(res.status);
    expect(((await res.json()) as Json).error).toBeTypeOf('string');
    await expectCleanStorage();
  });

  it('never keeps an SVG sent as a document as an image: at most plain text, downloaded, never shown inline', async () => {
    const res = await uploadDocument('plan.svg', svgBytes(), 'image/svg+xml');
    if (res.status !== 201) {
      expect([400, 415]).toContain(res.status);
      return expectCleanStorage();
    }
    const doc = ((await res.json()) as Json).documents[0];
    expect(doc.mimeType).toBe('text/plain');
    expect(doc.previewUrl).toBeNull();
    const file = await fetch(`${server.url}${doc.url}`);
    expect(file.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('image decoding', () => {
  it('re-encodes pictures: EXIF and GPS are gone from every variant', async () => {
    const res = await uploadImage('gps.jpg', await jpegWithGps());
    expect(res.status).toBe(201);
    const image = ((await res.json()) as Json).image;
    for (const source of [...image.sources, { url: image.thumbnailUrl }]) {
      const bytes = Buffer.from(await (await fetch(`${server.url}${source.url}`)).arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, source.url).toBeUndefined();
      expect(bytes.includes(Buffer.from('SpyCam'))).toBe(false);
    }
    await expectCleanStorage();
  });

  it('refuses a decompression bomb (20,000 × 20,000 pixels in 50 KB) with 422, quickly', async () => {
    const started = performance.now();
    const res = await uploadImage('bomb.png', hugePng(), 'image/png');
    expect(res.status).toBe(422);
    expect(((await res.json()) as Json).error).toMatch(/mégapixels/);
    expect(performance.now() - started).toBeLessThan(10_000);
    await expectCleanStorage();
  });

  it('refuses a truncated picture with 422 and keeps no variant', async () => {
    const full = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const res = await uploadImage('cut.jpg', full.subarray(0, Math.floor(full.length / 2)));
    expect(res.status).toBe(422);
    await expectCleanStorage();
  });
});

describe('storage names, traversal and download headers', () => {
  let doc: Json;
  beforeAll(async () => {
    const res = await upload(
      server,
      `/products/${productId}/documents`,
      token,
      [{ field: 'documents', name: '../../etc/pass"wd\r\n.pdf', bytes: makePdf('Traversal', []), type: 'application/pdf' }],
      {
        titles: JSON.stringify(['Notice']),
      },
    );
    expect(res.status).toBe(201);
    doc = ((await res.json()) as Json).documents[0];
  });

  it('stores files under generated names inside DATA_DIR only', () => {
    const stored = fs.readdirSync(path.join(server.dataDir, 'documents'));
    expect(stored.every((f) => /^[a-f0-9]{32}$/.test(f))).toBe(true);
    expect(fs.existsSync(path.join(server.dataDir, 'etc'))).toBe(false);
    expect(doc.originalFilename).not.toMatch(/[/\\\r\n"]/);
  });

  it('serves a download as an attachment with nosniff and a sandboxing CSP, the name safely quoted', async () => {
    const res = await fetch(`${server.url}${doc.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''/);
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
  });

  it('previews inline only under a sandbox CSP', async () => {
    const res = await fetch(`${server.url}${doc.previewUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(res.headers.get('content-security-policy')).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    '/api/media/images/..%2f..%2fapp.db/x.webp',
    '/api/media/images/%2e%2e/%2e%2e%2fapp.db',
    '/api/media/images/00000000000000000000000000000000/..%2f..%2f..%2fapp.db',
    '/api/media/images/../../app.db',
    '/api/products/1/documents/1/download/../../../../app.db',
    '/api/technical-documents/download/1%00.pdf',
  ])('answers %s with a 4xx {error}, never a file outside storage', async (url) => {
    const res = await fetch(`${server.url}${url}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const text = await res.text();
    expect(text).not.toContain('SQLite format');
  });

  it('serves images with nosniff and a long immutable cache', async () => {
    const res = await uploadImage('ok.png', await png(), 'image/png');
    const image = ((await res.json()) as Json).image;
    const file = await fetch(`${server.url}${image.url}`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toMatch(/immutable/);
  });
});

/** A real file of the given type padded with zeros to exactly `size` bytes. */
const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);

describe.each([
  {
    what: 'a technical document',
    limit: 50 * MB,
    head: () => makePdf('Limite', ['exactement 50 MB']),
    send: (bytes: Buffer) =>
      upload(server, '/admin/technical-documents/upload', token, [{ field: 'document', name: 'limite.pdf', bytes }], { title: 'Limite' }),
    refused: 'Le fichier ne peut pas dépasser 50MB',
  },
  {
    what: 'a listing document',
    limit: 50 * MB,
    head: () => makePdf('Limite', ['exactement 50 MB']),
    send: (bytes: Buffer) => uploadDocument('limite.pdf', bytes),
    refused: 'Chaque document ne peut pas dépasser 50 MB',
  },
  {
    what: 'a listing picture',
    limit: 5 * MB,
    head: () => png(64, 64),
    send: (bytes: Buffer) => uploadImage('limite.png', bytes, 'image/png'),
    refused: 'Chaque image ne peut pas dépasser 5 MB',
  },
])('$what at the size limit', ({ limit, head, send, refused }) => {
  it('accepts a file of exactly the limit', async () => {
    const res = await send(padded(await head(), limit));
    expect(res.status).toBe(201);
  });

  it('refuses one byte more with 413 and the spec text, keeping nothing', async () => {
    const res = await send(padded(await head(), limit + 1));
    expect(res.status).toBe(413);
    expect(((await res.json()) as Json).error).toBe(refused);
    await expectCleanStorage();
  });
});
