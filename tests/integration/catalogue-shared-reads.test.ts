// Anonymous catalogue reads are shareable and served from the process's cache until the next write;
// an edit shows at once, signed-in reads are not shared, and document downloads still count each time.
import { row } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineInput, makePdf, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin, withDb, sqlText } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

describe('shared catalogue reads', () => {
  let server: TestServer;
  let token: string;
  let id: number;
  beforeAll(async () => {
    server = await startServer({ full: true });
    token = (await signInAsAdmin(server)).accessToken;
    const res = await server.api('/products', {
      method: 'POST',
      token,
      json: engineInput({ titleFr: 'Moteur partagé', titleEn: 'Shared engine' }),
    });
    id = ((await res.json()) as { id: number }).id;
  });
  afterAll(() => server?.stop());

  it('marks anonymous list and listing reads shareable, and signed-in reads private (no-store)', async () => {
    for (const path of ['/products?search=partage', `/products/${id}`]) {
      expect((await server.api(path)).headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30');
      expect((await server.api(path, { token })).headers.get('cache-control')).toBe('no-store');
    }
  });

  it('shows an edit on the very next anonymous read', async () => {
    const before = await (await server.api(`/products/${id}`)).json();
    expect((await (await server.api(`/products/${id}`)).json()).titleEn).toBe('Shared engine');
    const put = await server.api(`/products/${id}`, {
      method: 'PUT',
      token,
      json: { ...engineInput({ titleFr: 'Moteur modifié', titleEn: 'Edited engine' }), version: before.version },
    });
    expect(put.status).toBe(200);
    expect((await (await server.api(`/products/${id}`)).json()).titleEn).toBe('Edited engine');
    const list = await (await server.api('/products?search=edited')).json();
    expect(list.items.map((p: { id: number }) => p.id)).toContain(id);
  });

  it('counts every download of a document (downloads are never served from the cache)', async () => {
    const up = await upload(
      server,
      `/products/${id}/documents`,
      token,
      [{ field: 'documents', name: 'fiche.pdf', bytes: makePdf('Fiche', []) }],
      { titles: JSON.stringify(['Fiche']) },
    );
    const doc = ((await up.json()) as { documents: { id: number }[] }).documents[0]!;
    for (let i = 0; i < 3; i++) expect((await server.api(`/products/${id}/documents/${doc.id}/download`)).status).toBe(200);
    const counted = await withDb(
      server,
      async (db) => (await row<{ n: number }>(db, sqlText('select download_count as n from product_documents where id = ?', doc.id)))!.n,
    );
    expect(counted).toBe(3);
  });
});
