// Faults: the server killed with SIGKILL in the middle of writes and uploads, then restarted on the
// same data; and uploads cut off by the client. Afterwards the database passes its integrity check,
// no row names a missing file, no file is left without its row, and nothing partial remains.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatorInput, makePdf, png, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { auditFiles, integrityCheck } from '../support/db-state.ts';
import { onPostgres, startServer, type TestServer } from '../support/server.ts';

type Json = Record<string, any>;
const MB = 1024 * 1024;
const clean = { missing: [], orphans: [], partials: [] };

/** A multipart body streamed slowly: the head, then `totalBytes` in small pieces, optionally never finished. */
function slowUpload(
  server: TestServer,
  path: string,
  token: string,
  field: string,
  name: string,
  head: Buffer,
  totalBytes: number,
  signal?: AbortSignal,
) {
  const boundary = `----slow${Math.random().toString(16).slice(2)}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const block = Buffer.alloc(256 * 1024, 0x20);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === 0) {
        controller.enqueue(new Uint8Array(Buffer.concat([preamble, head])));
        sent = head.length;
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
      if (sent < totalBytes) {
        controller.enqueue(new Uint8Array(block));
        sent += block.length;
      } else {
        controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${boundary}--\r\n`)));
        controller.close();
      }
    },
  });
  return fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
    signal,
  } as RequestInit).catch((err: unknown) => err as Error);
}

describe('SIGKILL during writes and uploads', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('restarts on a database that passes integrity_check (SQLite), with rows and files in agreement and no partial file', async () => {
    const { accessToken: token, headers } = await signInAsAdmin(server);
    const product = ((await (await server.api('/products', { method: 'POST', headers, json: generatorInput() })).json()) as Json)
      .id as number;
    const picture = await png(1600, 1200);
    let stop = false;
    const work: Promise<unknown>[] = [];
    // Writers: listings created and edited in a loop.
    for (let w = 0; w < 3; w++) {
      work.push(
        (async () => {
          for (let i = 0; !stop; i++)
            await server
              .api('/products', {
                method: 'POST',
                headers,
                json: generatorInput({ titleFr: `Écriture ${w}-${i}`, titleEn: `Write ${w}-${i}` }),
              })
              .catch(() => {});
        })(),
      );
    }
    // Uploads: pictures being encoded, documents being stored, a large document still streaming.
    work.push(
      (async () => {
        while (!stop)
          await upload(server, `/products/${product}/images`, token, [
            { field: 'image', name: 'p.png', bytes: picture, type: 'image/png' },
          ]).catch(() => {});
      })(),
      (async () => {
        while (!stop)
          await upload(
            server,
            `/products/${product}/documents`,
            token,
            [{ field: 'documents', name: 'n.pdf', bytes: makePdf('Notice', ['x']) }],
            { titles: '["Notice"]' },
          ).catch(() => {});
      })(),
    );
    work.push(slowUpload(server, '/admin/technical-documents/upload', token, 'document', 'big.pdf', makePdf('Big', []), 40 * MB));

    await new Promise((r) => setTimeout(r, 2500));
    await server.stop('SIGKILL');
    stop = true;
    await Promise.allSettled(work);

    server = await startServer({ dataDir: server.dataDir });
    // SQLite's check of its file after the kill; PostgreSQL recovers from its write-ahead log at start.
    if (!onPostgres()) expect(integrityCheck(server.databasePath)).toBe('ok');
    expect(await auditFiles(server)).toEqual(clean);
    // And the product still works: reads and a new write.
    expect((await server.api(`/products/${product}`)).status).toBe(200);
    const again = await signInAsAdmin(server);
    expect((await server.api('/products', { method: 'POST', headers: again.headers, json: generatorInput() })).status).toBe(201);
  });
});

describe('uploads cut off by the client', () => {
  let server: TestServer;
  let token: string;
  let product: number;
  beforeAll(async () => {
    server = await startServer();
    token = (await signInAsAdmin(server)).accessToken;
    product = ((await (await server.api('/products', { method: 'POST', token, json: generatorInput() })).json()) as Json).id;
  });
  afterAll(() => server?.stop());

  const settle = async () => {
    // The server notices the reset asynchronously: give it a moment, then insist.
    for (let i = 0; i < 50; i++) {
      if ((await auditFiles(server)).partials.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it.each([
    ['a listing document', () => `/products/${product}/documents`, 'documents', 600],
    ['a technical document', () => '/admin/technical-documents/upload', 'document', 600],
    // Cut before the 5 MB cap, which would otherwise answer 413 first.
    ['a listing picture', () => `/products/${product}/images`, 'image', 150],
  ])('%s aborted halfway leaves nothing behind, and the server keeps serving', async (_label, path, field, afterMs) => {
    const controller = new AbortController();
    const pending = slowUpload(server, path(), token, field, 'cut.pdf', makePdf('Cut', []), 30 * MB, controller.signal);
    await new Promise((r) => setTimeout(r, afterMs));
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    await settle();
    expect(await auditFiles(server)).toEqual(clean);
    expect((await server.api('/health')).status).toBe(200);
  });
});
