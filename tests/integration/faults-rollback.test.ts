// Deletes whose transaction rolls back: the rows come back, and so must their files. Files are removed
// only once the transaction that dropped their rows committed (security.md, "Data"). A write sent
// without Idempotency-Key is one transaction too (issue 34): nothing of it remains when it fails. The
// rollback is real: a trigger makes a later statement of the same transaction fail (tests/support/faults.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '@app/db';
import { engineInput, makePdf, png, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { withFailingInserts, withFailingUpdates } from '../support/faults.ts';
import { startServer, type TestServer } from '../support/server.ts';

type Image = { id: number; url: string; thumbnailUrl: string };

describe('a delete that rolls back keeps its files', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer();
    token = (await signInAsAdmin(server)).accessToken;
  });
  afterAll(() => server?.stop());

  const newListing = async () =>
    ((await (await server.api('/products', { method: 'POST', token, json: engineInput() })).json()) as { id: number }).id;
  const addImage = async (id: number) => {
    const res = await upload(server, `/products/${id}/images`, token, [
      { field: 'image', name: 'vue.png', bytes: await png(400, 300), type: 'image/png' },
    ]);
    expect(res.status).toBe(201);
    return ((await res.json()) as { image: Image }).image;
  };
  const fileStatus = async (url: string) => (await fetch(`${server.url}${url}`)).status;

  it('an image delete whose renumbering fails keeps the image and its files; a retry then removes both', async () => {
    const id = await newListing();
    const cover = await addImage(id);
    const second = await addImage(id);
    const remove = () => server.api(`/products/${id}/images/${cover.id}`, { method: 'DELETE', token });

    await withFailingUpdates(server, 'product_images', async () => {
      expect((await remove()).status).toBe(500);
    });
    const images = ((await (await server.api(`/products/${id}/images`)).json()) as { images: Image[] }).images;
    expect(images.map((i) => i.id)).toEqual([cover.id, second.id]);
    expect(await fileStatus(cover.url)).toBe(200);
    expect(await fileStatus(cover.thumbnailUrl)).toBe(200);

    expect((await remove()).status).toBe(200);
    expect(await fileStatus(cover.url)).toBe(404);
    expect(await fileStatus(second.url)).toBe(200);
  });

  it('a listing delete whose Idempotency-Key record fails keeps the listing, its images and documents; the retry deletes them', async () => {
    const id = await newListing();
    const image = await addImage(id);
    const pdf = makePdf('Notice', ['Entretien']);
    const stored = await upload(server, `/products/${id}/documents`, token, [
      { field: 'documents', name: 'notice.pdf', bytes: pdf, type: 'application/pdf' },
    ]);
    expect(stored.status).toBe(201);
    const documentId = ((await stored.json()) as { documents: { id: number }[] }).documents[0]!.id;
    const download = async () => (await server.api(`/products/${id}/documents/${documentId}/download`)).status;
    const rollbackKey = crypto.randomUUID();
    const remove = () => server.api(`/products/${id}`, { method: 'DELETE', token, headers: { 'idempotency-key': rollbackKey } });

    // The key's record is written last in the delete's transaction: its failure rolls the delete back.
    await withFailingUpdates(server, 'idempotency_keys', async () => {
      expect((await remove()).status).toBe(500);
    });
    expect((await server.api(`/products/${id}`)).status).toBe(200);
    expect(await fileStatus(image.url)).toBe(200);
    expect(await download()).toBe(200);

    expect((await remove()).status).toBe(200);
    expect((await server.api(`/products/${id}`)).status).toBe(404);
    expect(await fileStatus(image.url)).toBe(404);
  });
});

describe('a write without Idempotency-Key is atomic', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    // A loopback receiver is allowed, so that creating a listing writes a second row: its webhook delivery.
    server = await startServer({ env: { WEBHOOKS_ALLOW_LOCAL: 'true' } });
    token = (await signInAsAdmin(server)).accessToken;
  });
  afterAll(() => server?.stop());

  const rows = () =>
    withDb(server, async (db) => ({
      listings: (await db.select({ id: tablesOf(db).products.id }).from(tablesOf(db).products)).length,
      deliveries: (await db.select({ id: tablesOf(db).webhookDeliveries.id }).from(tablesOf(db).webhookDeliveries)).length,
    }));
  // No Idempotency-Key header: the transaction is the service's own.
  const create = () => server.api('/products', { method: 'POST', token, json: engineInput() });

  it('a listing create whose second insert fails leaves neither the listing nor its announcement', async () => {
    const hook = await server.api('/admin/webhooks', {
      method: 'POST',
      token,
      json: { url: 'http://127.0.0.1:9/hook', events: ['listing.created'] },
    });
    expect(hook.status).toBe(201);
    const before = await rows();

    // The listing's row is inserted first, its webhook delivery after it: that second insert fails.
    await withFailingInserts(server, 'webhook_deliveries', async () => {
      expect((await create()).status).toBe(500);
    });
    expect(await rows()).toEqual(before);

    // The same request without the fault writes both.
    expect((await create()).status).toBe(201);
    expect(await rows()).toEqual({ listings: before.listings + 1, deliveries: before.deliveries + 1 });
  });
});
