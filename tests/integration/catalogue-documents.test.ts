import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineInput, exeBytes, makePdf, png, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

const TYPE_MESSAGE = 'Formats acceptés: PDF, images, vidéos, documents Word, fichiers texte';

describe('listing documents', () => {
  let server: TestServer;
  let token: string;
  let productId: number;
  const stored = () => fs.readdirSync(path.join(server.dataDir, 'documents'));
  const post = (files: { name: string; bytes: Buffer }[], fields: Record<string, string> = {}) =>
    upload(
      server,
      `/products/${productId}/documents`,
      token,
      files.map((f) => ({ field: 'documents', ...f })),
      fields,
    );

  beforeAll(async () => {
    server = await startServer();
    token = (await signInAsAdmin(server)).accessToken;
    productId = (await (await server.api('/products', { method: 'POST', token, json: engineInput() })).json()).id;
  });
  afterAll(() => server?.stop());

  it('stores several files with titles and descriptions from JSON arrays', async () => {
    const res = await post(
      [
        { name: 'fiche.pdf', bytes: makePdf('Fiche technique', ['Puissance 1000 HP']) },
        { name: 'notice.txt', bytes: Buffer.from('Notice de montage\nCouple de serrage : 45 N·m\n') },
        { name: 'photo.png', bytes: await png(50, 50) },
      ],
      {
        titles: JSON.stringify(['Fiche technique C18', '', 'Photo']),
        titlesEn: JSON.stringify(['C18 data sheet', '']),
        descriptions: JSON.stringify(['Données constructeur', null]),
      },
    );
    expect(res.status).toBe(201);
    const { documents, refused } = await res.json();
    expect(refused).toEqual([]);
    // An English title where one was given, null where it was empty or missing.
    expect(documents.map((d: Record<string, unknown>) => d.titleEn)).toEqual(['C18 data sheet', null, null]);
    expect(documents.map((d: Record<string, unknown>) => [d.title, d.type, d.mimeType, d.description])).toEqual([
      ['Fiche technique C18', 'pdf', 'application/pdf', 'Données constructeur'],
      ['notice', 'text', 'text/plain', null],
      ['Photo', 'image', 'image/png', null],
    ]);
    const listed = await (await server.api(`/products/${productId}/documents`)).json();
    expect(listed.documents).toHaveLength(3);
    expect((await (await server.api(`/products/${productId}`)).json()).documents).toHaveLength(3);
  });

  it('stores the good files of a mixed batch and reports the refused ones', async () => {
    const before = stored().length;
    const res = await post(
      [
        { name: 'bon.pdf', bytes: makePdf('Bon', []) },
        { name: 'virus.pdf', bytes: exeBytes() },
      ],
      { titles: JSON.stringify(['Bon', 'Mauvais']) },
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.documents.map((d: { title: string }) => d.title)).toEqual(['Bon']);
    expect(body.refused).toEqual([{ filename: 'virus.pdf', error: TYPE_MESSAGE }]);
    expect(stored()).toHaveLength(before + 1);
  });

  it('refuses a batch of only bad files with 415 and the spec message', async () => {
    const res = await post([{ name: 'setup.doc', bytes: exeBytes() }]);
    expect(res.status).toBe(415);
    expect((await res.json()).error).toBe(TYPE_MESSAGE);
  });

  it('stores a traversal-looking file name under a generated name and keeps only its base name', async () => {
    const res = await post([{ name: '../../../etc/passwd.pdf', bytes: makePdf('x', []) }]);
    const doc = (await res.json()).documents[0];
    expect(doc.originalFilename).toBe('passwd.pdf');
    expect(stored().every((name) => /^[a-f0-9]{32}$/.test(name))).toBe(true);
    expect(fs.existsSync(path.join(server.dataDir, '..', 'etc'))).toBe(false);
  });

  it('answers 400 without a file, and reads a lone title that is not a JSON array as the title itself', async () => {
    const none = await post([], { titles: '[]' });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: 'Veuillez sélectionner au moins un document' });
    const plain = await post([{ name: 'a.pdf', bytes: makePdf('a', []) }], { titles: 'pas du json' });
    expect(plain.status).toBe(201);
    expect((await plain.json()).documents.map((d: { title: string }) => d.title)).toEqual(['pas du json']);
  });

  it('downloads as an attachment with the original name (RFC 5987), the type, nosniff, and counts it', async () => {
    const res = await post([{ name: 'Révision moteur été.pdf', bytes: makePdf('Révision', ['ok']) }]);
    const doc = (await res.json()).documents[0];
    const dl = await fetch(`${server.url}${doc.url}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dl.headers.get('content-disposition')).toBe(
      `attachment; filename="Revision moteur ete.pdf"; filename*=UTF-8''R%C3%A9vision%20moteur%20%C3%A9t%C3%A9.pdf`,
    );
    expect(
      Buffer.from(await dl.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await fetch(`${server.url}${doc.url}`).then((r) => r.arrayBuffer());
    const listed = await (await server.api(`/products/${productId}/documents`)).json();
    expect(listed.documents.find((d: { id: number }) => d.id === doc.id).downloadCount).toBe(2);
  });

  it('serves byte ranges (206) without counting each range as a download', async () => {
    const pdf = makePdf('Plage', ['ligne 1', 'ligne 2']);
    const doc = (await (await post([{ name: 'plage.pdf', bytes: pdf }])).json()).documents[0];
    const part = await fetch(`${server.url}${doc.url}`, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${pdf.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(pdf.subarray(10, 20));
    const bad = await fetch(`${server.url}${doc.url}`, { headers: { range: `bytes=${pdf.length + 5}-` } });
    expect(bad.status).toBe(416);
    const listed = await (await server.api(`/products/${productId}/documents`)).json();
    expect(listed.documents.find((d: { id: number }) => d.id === doc.id).downloadCount).toBe(0);
  });

  it('previews a PDF inline under a sandboxing CSP, and never inlines a text file', async () => {
    const docs = (
      await (
        await post([
          { name: 'apercu.pdf', bytes: makePdf('Aperçu', []) },
          { name: 'page.txt', bytes: Buffer.from('<html><script>alert(1)</script>') },
        ])
      ).json()
    ).documents;
    const pdf = await fetch(`${server.url}${docs[0].previewUrl}`);
    expect(pdf.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(pdf.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(docs[1].previewUrl).toBeNull();
    const txt = await fetch(`${server.url}/api/products/${productId}/documents/${docs[1].id}/preview`);
    expect(txt.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(txt.headers.get('content-type')).toBe('text/plain');
  });

  it('deletes a document and its file; admin calls need a session', async () => {
    const doc = (await (await post([{ name: 'jetable.pdf', bytes: makePdf('x', []) }])).json()).documents[0];
    const before = stored().length;
    expect((await server.api(`/products/${productId}/documents/${doc.id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await server.api(`/products/${productId}/documents/${doc.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect(stored()).toHaveLength(before - 1);
    expect((await fetch(`${server.url}${doc.url}`)).status).toBe(404);
    expect(
      (await upload(server, `/products/${productId}/documents`, '', [{ field: 'documents', name: 'a.pdf', bytes: makePdf('a', []) }]))
        .status,
    ).toBe(401);
  });

  it('refuses a document over 50 MB with 413 and keeps nothing', async () => {
    const before = stored().length;
    const res = await post([{ name: 'gros.pdf', bytes: Buffer.concat([makePdf('gros', []), Buffer.alloc(50 * 1024 * 1024)]) }]);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe('Chaque document ne peut pas dépasser 50 MB');
    expect(stored()).toHaveLength(before);
    expect(fs.readdirSync(path.join(server.dataDir, 'tmp'))).toEqual([]);
  });
});
