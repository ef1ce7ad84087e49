// Catalogue content for the public-site journeys, created through the real API as an administrator:
// a featured generator with two pictures and a PDF, a used engine at a price on request, more
// listings for the count and the filters, and technical documents for the library.
import { engineInput, generatorInput, makePdf, png, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import type { TestServer } from '../support/server.ts';

export type SiteSeed = { generatorId: number; engineId: number; documentTitle: string; technicalTitle: string; total: number };

/** The site's content pages in French (the English ones are the same under /en, the home page at /en/): the seeded generator's product page among them. */
export const contentPaths = (seed: SiteSeed) => [
  '/',
  '/annonces',
  `/produit/${seed.generatorId}`,
  '/documentation',
  '/contact',
  '/mentions-legales',
  '/politique-confidentialite',
  '/conditions-utilisation',
];

async function createProduct(server: TestServer, token: string, input: Record<string, unknown>): Promise<number> {
  const res = await server.api('/products', { method: 'POST', token, json: input });
  const body = (await res.json()) as { id?: number; product?: { id: number } };
  const id = body.product?.id ?? body.id;
  if (res.status !== 201 || !id) throw new Error(`create product: ${res.status} ${JSON.stringify(body)}`);
  return id;
}

export async function seedSite(server: TestServer): Promise<SiteSeed> {
  const { accessToken: token } = await signInAsAdmin(server);
  const generatorId = await createProduct(server, token, generatorInput({ featured: true, brand: 'Caterpillar', price: 65000 }));
  for (const color of ['#2a9d8f', '#e76f51']) {
    const res = await upload(server, `/products/${generatorId}/images`, token, [
      { field: 'image', name: 'genset.png', bytes: await png(1200, 900, color) },
    ]);
    if (res.status !== 201) throw new Error(`image upload: ${res.status} ${await res.text()}`);
  }
  const documentTitle = 'Fiche technique C15';
  const doc = await upload(
    server,
    `/products/${generatorId}/documents`,
    token,
    [{ field: 'documents', name: 'fiche.pdf', bytes: makePdf(documentTitle, []) }],
    { titles: JSON.stringify([documentTitle]) },
  );
  if (doc.status !== 201) throw new Error(`document upload: ${doc.status} ${await doc.text()}`);

  const engineId = await createProduct(
    server,
    token,
    engineInput({
      condition: 'used',
      price: null,
      brand: 'Volvo Penta',
      titleFr: 'Moteur marin Volvo Penta D13',
      titleEn: 'Volvo Penta D13 marine engine',
    }),
  );
  await createProduct(
    server,
    token,
    engineInput({
      condition: 'new',
      price: 48000,
      brand: 'Yanmar',
      titleFr: 'Moteur marin Yanmar 6LY',
      titleEn: 'Yanmar 6LY marine engine',
      powerOutput: 440,
    }),
  );
  await createProduct(
    server,
    token,
    generatorInput({
      condition: 'new',
      price: 22000,
      brand: 'SDMO',
      titleFr: 'Groupe électrogène SDMO 100 kVA',
      titleEn: 'SDMO 100 kVA generator set',
      powerOutput: 100,
    }),
  );

  const technicalTitle = 'Manuel atelier C18';
  const tech = await upload(
    server,
    '/admin/technical-documents/upload',
    token,
    [{ field: 'document', name: 'manuel.pdf', bytes: makePdf(technicalTitle, []) }],
    {
      title: technicalTitle,
      titleFr: technicalTitle,
      titleEn: 'C18 workshop manual',
    },
  );
  if (tech.status !== 201) throw new Error(`technical upload: ${tech.status} ${await tech.text()}`);
  return { generatorId, engineId, documentTitle, technicalTitle, total: 4 };
}
