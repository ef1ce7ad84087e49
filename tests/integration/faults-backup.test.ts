// Faults: a full backup taken while the server writes (the database with `npm run db:backup`, then the
// files, as docs/operations.md tells) restores into a working product: integrity, rows, files, sign-in.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatorInput, makePdf, png, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { auditFiles, integrityCheck, openReader } from '../support/db-state.ts';
import { repoRoot, startServer, type TestServer } from '../support/server.ts';

type Json = Record<string, any>;
const run = promisify(execFile);

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

  it('restores into a server that passes integrity_check, has every file its rows name, and works', async () => {
    const { accessToken: token, headers } = await signInAsAdmin(server);
    const product = ((await (await server.api('/products', { method: 'POST', headers, json: generatorInput() })).json()) as Json).id as number;
    const picture = await png(800, 600);
    let stop = false;
    const writers = [
      (async () => {
        for (let i = 0; !stop; i++) await server.api('/products', { method: 'POST', headers, json: generatorInput({ titleFr: `Sauvegarde ${i}`, titleEn: `Backup ${i}` }) });
      })(),
      (async () => {
        while (!stop) await upload(server, `/products/${product}/images`, token, [{ field: 'image', name: 'p.png', bytes: picture, type: 'image/png' }]);
      })(),
      (async () => {
        while (!stop) await upload(server, `/products/${product}/documents`, token, [{ field: 'documents', name: 'n.pdf', bytes: makePdf('Notice', ['x']) }], { titles: '["Notice"]' });
      })(),
    ];
    await new Promise((r) => setTimeout(r, 1000));

    // The operations guide's order: the database snapshot first, then the files (written once, never
    // changed in place), so every file a snapshot row names is already on disk when it is copied.
    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-full-restore-'));
    await run(process.execPath, [path.join(repoRoot, 'db/src/cli/backup.ts'), path.join(target, 'app.db')], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_PATH: server.databasePath, DATA_DIR: server.dataDir },
    });
    for (const dir of ['images', 'documents']) fs.cpSync(path.join(server.dataDir, dir), path.join(target, dir), { recursive: true, verbatimSymlinks: true });
    for (const file of fs.readdirSync(server.dataDir).filter((f) => f.endsWith('.key'))) fs.copyFileSync(path.join(server.dataDir, file), path.join(target, file));
    stop = true;
    await Promise.allSettled(writers);

    const db = openReader(path.join(target, 'app.db'));
    const products = db.prepare('select count(*) from products').pluck().get() as number;
    const images = db.prepare('select count(*) from product_images').pluck().get() as number;
    db.close();
    expect(products).toBeGreaterThan(1);
    expect(images).toBeGreaterThan(0);

    restored = await startServer({ dataDir: target });
    expect(integrityCheck(restored.databasePath)).toBe('ok');
    // Files copied after the snapshot may include a few the snapshot does not know (swept at start).
    expect(auditFiles(restored.databasePath, restored.dataDir)).toEqual({ missing: [], orphans: [], partials: [] });
    const list = (await (await restored.api('/products?limit=100')).json()) as Json;
    expect(list.total).toBe(products);
    const imageList = (await (await restored.api(`/products/${product}/images`)).json()) as Json;
    expect((await fetch(`${restored.url}${imageList.images[0].url}`)).status).toBe(200);
    const session = await signInAsAdmin(restored);
    expect((await restored.api('/products', { method: 'POST', headers: session.headers, json: generatorInput() })).status).toBe(201);
  });
});
