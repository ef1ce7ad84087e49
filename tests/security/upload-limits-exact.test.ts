// The spec's size limits are inclusive: a file of exactly the limit is accepted, one byte more is
// refused with the spec's 413 text, and nothing of the refused file stays on disk.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineInput, makePdf, png, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { auditFiles } from '../support/db-state.ts';
import { startServer, type TestServer } from '../support/server.ts';

const MB = 1024 * 1024;
let server: TestServer;
let token: string;
let productId: number;

beforeAll(async () => {
  server = await startServer();
  token = (await signInAsAdmin(server)).accessToken;
  productId = (await (await server.api('/products', { method: 'POST', token, json: engineInput() })).json()).id;
});
afterAll(() => server.stop());

/** A real file of the given type padded with zeros to exactly `size` bytes. */
const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);

describe.each([
  {
    what: 'a technical document',
    limit: 50 * MB,
    head: () => makePdf('Limite', ['exactement 50 MB']),
    send: (bytes: Buffer) => upload(server, '/admin/technical-documents/upload', token, [{ field: 'document', name: 'limite.pdf', bytes }], { title: 'Limite' }),
    refused: 'Le fichier ne peut pas dépasser 50MB',
  },
  {
    what: 'a listing document',
    limit: 50 * MB,
    head: () => makePdf('Limite', ['exactement 50 MB']),
    send: (bytes: Buffer) => upload(server, `/products/${productId}/documents`, token, [{ field: 'documents', name: 'limite.pdf', bytes }], { titles: JSON.stringify(['Limite']) }),
    refused: 'Chaque document ne peut pas dépasser 50 MB',
  },
  {
    what: 'a listing picture',
    limit: 5 * MB,
    head: () => png(64, 64),
    send: (bytes: Buffer) => upload(server, `/products/${productId}/images`, token, [{ field: 'image', name: 'limite.png', bytes, type: 'image/png' }]),
    refused: 'Chaque image ne peut pas dépasser 5 MB',
  },
])('$what at the limit', ({ limit, head, send, refused }) => {
  it('accepts a file of exactly the limit', async () => {
    const res = await send(padded(await head(), limit));
    expect(res.status).toBe(201);
  });

  it('refuses one byte more with 413 and the spec text, keeping nothing', async () => {
    const res = await send(padded(await head(), limit + 1));
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe(refused);
    expect(auditFiles(server.databasePath, server.dataDir)).toEqual({ missing: [], orphans: [], partials: [] });
    expect(fs.readdirSync(path.join(server.dataDir, 'tmp'))).toEqual([]);
  });
});
