import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineInput, exeBytes, makePdf, png, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { tablesOf } from '@app/db';

describe('technical library, statistics and API reference', () => {
  let server: TestServer;
  let token: string;
  let productId: number;
  const stored = () => fs.readdirSync(path.join(server.dataDir, 'documents'));
  const send = (bytes: Buffer | null, fields: Record<string, string>, name = 'doc.pdf') =>
    upload(server, '/admin/technical-documents/upload', token, bytes ? [{ field: 'document', name, bytes }] : [], fields);

  beforeAll(async () => {
    server = await startServer();
    token = (await signInAsAdmin(server)).accessToken;
    productId = (await (await server.api('/products', { method: 'POST', token, json: engineInput() })).json()).id;
    for (const [title, bytes, name] of [
      ['Guide entretien', makePdf('Guide', ['vidange']), 'guide.pdf'],
      ['Schéma électrique', await png(100, 80), 'schema.png'],
      ['Notice montage hélice', makePdf('Notice', []), 'notice.pdf'],
    ] as const) {
      const res = await send(
        bytes,
        {
          title,
          descriptionFr: title === 'Guide entretien' ? 'Intervalles de vidange' : '',
          productId: title === 'Guide entretien' ? String(productId) : '',
        },
        name,
      );
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => server?.stop());

  it('uploads a document with the spec fields; empty optional fields are stored as absent', async () => {
    const res = await send(
      makePdf('Fiche', []),
      { title: ' Fiche C18 ', titleFr: 'Fiche C18', titleEn: '  ', descriptionEn: 'Data sheet', productId: String(productId) },
      'fiche-c18.pdf',
    );
    expect(res.status).toBe(201);
    const { document } = await res.json();
    expect(document).toMatchObject({
      title: 'Fiche C18',
      titleFr: 'Fiche C18',
      titleEn: null,
      descriptionEn: 'Data sheet',
      type: 'pdf',
      mimeType: 'application/pdf',
      originalFilename: 'fiche-c18.pdf',
      downloadCount: 0,
      productId,
      product: { id: productId, titleFr: 'Moteur marin Caterpillar C18', titleEn: 'Caterpillar C18 marine engine' },
      url: `/api/technical-documents/download/${document.id}`,
    });
    await server.api(`/admin/technical-documents/${document.id}`, { method: 'DELETE', token });
  });

  it.each([
    ['no file', null, { title: 'Sans fichier' }, 400, 'Veuillez sélectionner un fichier'],
    ['no title', makePdf('x', []), { title: '   ' }, 400, 'Veuillez saisir un titre'],
    [
      'an executable',
      exeBytes(),
      { title: 'Exe' },
      415,
      'Type de fichier non supporté. Formats acceptés: PDF, images (JPEG, PNG, WebP), vidéos (MP4, WebM, OGG)',
    ],
    [
      'a text file',
      Buffer.from('juste du texte'),
      { title: 'Texte' },
      415,
      'Type de fichier non supporté. Formats acceptés: PDF, images (JPEG, PNG, WebP), vidéos (MP4, WebM, OGG)',
    ],
    [
      'a file over 50 MB',
      Buffer.concat([makePdf('x', []), Buffer.alloc(50 * 1024 * 1024)]),
      { title: 'Gros' },
      413,
      'Le fichier ne peut pas dépasser 50MB',
    ],
  ])('refuses an upload with %s (spec message) and keeps nothing', async (_case, bytes, fields, status, error) => {
    const before = stored().length;
    const res = await send(bytes as Buffer | null, fields as Record<string, string>);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error });
    expect(stored()).toHaveLength(before);
  });

  it('lists for the admin with pagination, search, type filter and sorting', async () => {
    const all = await (await server.api('/admin/technical-documents', { token })).json();
    expect(all.pagination).toEqual({ currentPage: 1, totalPages: 1, totalDocuments: 3, limit: 20 });
    expect(all.documents.map((d: { title: string }) => d.title)).toEqual(['Notice montage hélice', 'Schéma électrique', 'Guide entretien']);

    const paged = await (await server.api('/admin/technical-documents?limit=10&page=1&sortBy=title&sortOrder=ASC', { token })).json();
    expect(paged.documents.map((d: { title: string }) => d.title)).toEqual([
      'Guide entretien',
      'Notice montage hélice',
      'Schéma électrique',
    ]);
    const images = await (await server.api('/admin/technical-documents?type=image', { token })).json();
    expect(images.documents.map((d: { type: string }) => d.type)).toEqual(['image']);
    const search = await (await server.api('/admin/technical-documents?search=vidange', { token })).json();
    expect(search.documents.map((d: { title: string }) => d.title)).toEqual(['Guide entretien']);
    expect((await server.api('/admin/technical-documents?limit=15', { token })).status).toBe(400);
    expect((await server.api('/admin/technical-documents?sortBy=size', { token })).status).toBe(400);
  });

  it('requires a session for every admin call', async () => {
    expect((await server.api('/admin/technical-documents')).status).toBe(401);
    expect((await server.api('/admin/technical-documents/stats')).status).toBe(401);
    expect(
      (
        await upload(server, '/admin/technical-documents/upload', '', [{ field: 'document', name: 'a.pdf', bytes: makePdf('a', []) }], {
          title: 'a',
        })
      ).status,
    ).toBe(401);
    expect((await server.api('/admin/technical-documents/1', { method: 'DELETE' })).status).toBe(401);
    expect((await server.api('/stats')).status).toBe(401);
  });

  it('lists publicly 12 per page with search and type, and counts public downloads in the statistics', async () => {
    const pub = await (await server.api('/technical-documents/public?page=1&limit=12&search=guide')).json();
    expect(pub.pagination.totalPages).toBe(1);
    expect(pub.documents).toHaveLength(1);
    const doc = pub.documents[0];
    const dl = await fetch(`${server.url}${doc.url}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="guide.pdf"; filename*=UTF-8''guide.pdf`);
    await dl.arrayBuffer();
    const stats = await (await server.api('/admin/technical-documents/stats', { token })).json();
    expect(stats).toEqual({
      totalDocuments: 3,
      totalDownloads: 1,
      documentsByType: [
        { type: 'image', count: 1 },
        { type: 'pdf', count: 2 },
      ],
    });
    const sorted = await (await server.api('/admin/technical-documents?sortBy=downloadCount&sortOrder=DESC', { token })).json();
    expect(sorted.documents[0]).toMatchObject({ id: doc.id, downloadCount: 1 });
  });

  it('edits a document, publishes a listing document by JSON, and deletes with the file', async () => {
    const first = (await (await server.api('/admin/technical-documents?sortBy=title&sortOrder=ASC', { token })).json()).documents[0];
    const edited = await server.api(`/admin/technical-documents/${first.id}`, {
      method: 'PUT',
      token,
      json: { titleEn: 'Maintenance guide', productId: null },
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()).document).toMatchObject({ titleEn: 'Maintenance guide', productId: null, product: null });
    // A listing that does not exist is a 404 naming the field, as an unknown source document is (decision 122).
    const unknown = await server.api(`/admin/technical-documents/${first.id}`, { method: 'PUT', token, json: { productId: 999_999 } });
    expect([unknown.status, await unknown.json()]).toEqual([
      404,
      expect.objectContaining({ error: 'Annonce introuvable', errors: [{ field: 'productId', message: 'Annonce introuvable' }] }),
    ]);

    const attached = (
      await (
        await upload(server, `/products/${productId}/documents`, token, [
          { field: 'documents', name: 'plan.pdf', bytes: makePdf('Plan', []) },
        ])
      ).json()
    ).documents[0];
    const created = await server.api('/admin/technical-documents', {
      method: 'POST',
      token,
      json: { title: 'Plan publié', sourceDocumentId: attached.id },
    });
    expect(created.status).toBe(201);
    const published = (await created.json()).document;
    expect(published).toMatchObject({ title: 'Plan publié', type: 'pdf', productId, originalFilename: 'plan.pdf' });
    expect(
      (await server.api('/admin/technical-documents', { method: 'POST', token, json: { title: '', sourceDocumentId: attached.id } }))
        .status,
    ).toBe(400);

    const before = stored().length;
    expect((await server.api(`/admin/technical-documents/${published.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect(stored()).toHaveLength(before - 1);
    expect((await fetch(`${server.url}${published.url}`)).status).toBe(404);
    expect((await server.api(`/admin/technical-documents/${published.id}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it('answers the dashboard counters', async () => {
    await withDb(server, async (db) =>
      db.insert(tablesOf(db).inquiries).values({ name: 'A', email: 'a@example.test', message: 'Bonjour' }),
    );
    const res = await server.api('/stats', { token });
    expect(res.status).toBe(200);
    const stats = await res.json();
    expect(stats).toEqual({ products: 1, messages: 1, documents: expect.any(Number) });
    expect(stats.documents).toBe((await (await server.api('/admin/technical-documents', { token })).json()).pagination.totalDocuments);
  });

  it('publishes an OpenAPI 3.1 document generated from the schemas, and an offline reference page', async () => {
    const doc = await (await server.api('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/products', '/products/{id}/images', '/admin/technical-documents', '/stats']),
    );
    const create = doc.paths['/products'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(expect.arrayContaining(['titleFr', 'titleEn', 'brand', 'model', 'type']));
    expect(create.properties.powerUnit.enum).toEqual(['kw', 'kva', 'hp', 'cv', 'ekw']);

    const page = await server.api('/docs');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/app.js"');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/);
    expect((await server.api('/docs/app.js')).status).toBe(200);
  });
});
