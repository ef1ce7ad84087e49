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

/**
 * A multipart body streamed in pieces: the head, then `totalBytes` in 256 KB blocks. It stops after `holdAt` bytes
 * (`held` resolves then) and goes on only on `release()`: the test acts while the upload is known to be half-way.
 */
function slowUpload(
  server: TestServer,
  path: string,
  token: string,
  field: string,
  name: string,
  head: Buffer,
  totalBytes: number,
  { holdAt, signal }: { holdAt: number; signal?: AbortSignal },
) {
  const boundary = `----slow${Math.random().toString(16).slice(2)}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const block = Buffer.alloc(256 * 1024, 0x20);
  let sent = 0;
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === 0) {
        controller.enqueue(new Uint8Array(Buffer.concat([preamble, head])));
        sent = head.length;
        return;
      }
      if (sent >= holdAt) {
        reached();
        await released;
      }
      if (sent < totalBytes) {
        controller.enqueue(new Uint8Array(block));
        sent += block.length;
      } else {
        controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${boundary}--\r\n`)));
        controller.close();
      }
    },
  });
  const response = fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
    signal,
  } as RequestInit).catch((err: unknown) => err as Error);
  return { response, held, release };
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
    const done: number[] = []; // requests each loop has seen answered
    const loop = (send: (i: number) => Promise<unknown>) => {
      const at = done.push(0) - 1;
      work.push(
        (async () => {
          for (let i = 0; !stop; i++) {
            await send(i).catch(() => {});
            done[at]!++;
          }
        })(),
      );
    };
    // Writers: listings created and edited in a loop.
    for (let w = 0; w < 3; w++)
      loop((i) =>
        server.api('/products', {
          method: 'POST',
          headers,
          json: generatorInput({ titleFr: `Écriture ${w}-${i}`, titleEn: `Write ${w}-${i}` }),
        }),
      );
    // Uploads: pictures being encoded, documents being stored, a large document still streaming.
    loop(() =>
      upload(server, `/products/${product}/images`, token, [{ field: 'image', name: 'p.png', bytes: picture, type: 'image/png' }]),
    );
    loop(() =>
      upload(server, `/products/${product}/documents`, token, [{ field: 'documents', name: 'n.pdf', bytes: makePdf('Notice', ['x']) }], {
        titles: '["Notice"]',
      }),
    );
    const big = slowUpload(server, '/admin/technical-documents/upload', token, 'document', 'big.pdf', makePdf('Big', []), 40 * MB, {
      holdAt: 16 * MB,
    });
    work.push(big.response);

    // The kill comes once every loop has had answers (the next request of each is under way) and the
    // large document is half-way.
    await big.held;
    await expect.poll(() => Math.min(...done), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await server.stop('SIGKILL');
    stop = true;
    big.release();
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

  it.each([
    ['a listing document', () => `/products/${product}/documents`, 'documents', 8 * MB],
    ['a technical document', () => '/admin/technical-documents/upload', 'document', 8 * MB],
    // Cut before the 5 MB cap, which would otherwise answer 413 first.
    ['a listing picture', () => `/products/${product}/images`, 'image', 2 * MB],
  ])('%s aborted halfway leaves nothing behind, and the server keeps serving', async (_label, path, field, holdAt) => {
    const controller = new AbortController();
    const upload = slowUpload(server, path(), token, field, 'cut.pdf', makePdf('Cut', []), 30 * MB, { holdAt, signal: controller.signal });
    await upload.held;
    controller.abort();
    expect(await upload.response).toBeInstanceOf(Error);
    // The server notices the reset asynchronously.
    await expect.poll(() => auditFiles(server), { timeout: 5_000, interval: 100 }).toEqual(clean);
    expect((await server.api('/health')).status).toBe(200);
  });
});
