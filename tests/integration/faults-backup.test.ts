// Faults: a full backup taken while the server writes (the database with `npm run db:backup`, then the
// files, as docs/operations.md tells) restores into a working product: integrity, rows, files, sign-in.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatorInput, makePdf, png, upload } from '../fixtures/catalogue.ts';
import { row, type Db } from '@app/db';
import { signInAsAdmin, sqlText, withDb } from '../support/auth.ts';
import { backupFor, restoreInto } from '../support/backup.ts';
import { auditFiles, integrityCheck } from '../support/db-state.ts';
import { databaseOf, onPostgres, startServer, type TestServer } from '../support/server.ts';
import { testTempDir } from '../support/temp-dirs.ts';

type Json = Record<string, any>;

describe('a full backup taken during writes', () => {
  let server: TestServer;
  let restored: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await restored?.stop();
    await server?.stop();
  });

  it('restores into a server that passes integrity_check (SQLite), has every file its rows name, and works', async () => {
    const { accessToken: token, headers } = await signInAsAdmin(server);
    const product = ((await (await server.api('/products', { method: 'POST', headers, json: generatorInput() })).json()) as Json)
      .id as number;
    const picture = await png(800, 600);
    let stop = false;
    const written = [0, 0, 0]; // writes each writer has completed
    const writers = [
      (async () => {
        for (let i = 0; !stop; i++) {
          await server.api('/products', {
            method: 'POST',
            headers,
            json: generatorInput({ titleFr: `Sauvegarde ${i}`, titleEn: `Backup ${i}` }),
          });
          written[0]!++;
        }
      })(),
      (async () => {
        while (!stop) {
          await upload(server, `/products/${product}/images`, token, [
            { field: 'image', name: 'p.png', bytes: picture, type: 'image/png' },
          ]);
          written[1]!++;
        }
      })(),
      (async () => {
        while (!stop) {
          await upload(
            server,
            `/products/${product}/documents`,
            token,
            [{ field: 'documents', name: 'n.pdf', bytes: makePdf('Notice', ['x']) }],
            { titles: '["Notice"]' },
          );
          written[2]!++;
        }
      })(),
    ];
    // The backup starts once every writer is under way (two writes each done), and runs while they go on.
    await expect.poll(() => Math.min(...written), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

    // The operations guide's order: the database snapshot first, then the files (written once, never
    // changed in place), so every file a snapshot row names is already on disk when it is copied.
    const target = testTempDir('pm-full-restore');
    const backup = await backupFor(server, target);
    for (const dir of ['images', 'documents'])
      fs.cpSync(path.join(server.dataDir, dir), path.join(target, dir), { recursive: true, verbatimSymlinks: true });
    for (const file of fs.readdirSync(server.dataDir).filter((f) => f.endsWith('.key')))
      fs.copyFileSync(path.join(server.dataDir, file), path.join(target, file));
    stop = true;
    await Promise.allSettled(writers);

    await restoreInto(target, backup);
    const count = (db: Db, table: string) => row<{ n: number }>(db, sqlText(`select count(*) as n from ${table}`)).then((r) => r!.n);
    const [products, images] = await withDb(await databaseOf(target), (db) =>
      Promise.all([count(db, 'products'), count(db, 'product_images')]),
    );
    expect(products).toBeGreaterThan(1);
    expect(images).toBeGreaterThan(0);

    restored = await startServer({ dataDir: target });
    // SQLite's check of the copied file; a PostgreSQL restore is checked by pg_restore itself (it fails loudly).
    if (!onPostgres()) expect(integrityCheck(restored.databasePath)).toBe('ok');
    // Files copied after the snapshot may include a few the snapshot does not know (swept at start).
    expect(await auditFiles(restored)).toEqual({ missing: [], orphans: [], partials: [] });
    const list = (await (await restored.api('/products?limit=100')).json()) as Json;
    expect(list.total).toBe(products);
    const imageList = (await (await restored.api(`/products/${product}/images`)).json()) as Json;
    expect((await fetch(`${restored.url}${imageList.images[0].url}`)).status).toBe(200);
    const session = await signInAsAdmin(restored);
    expect((await restored.api('/products', { method: 'POST', headers: session.headers, json: generatorInput() })).status).toBe(201);
  });
});
