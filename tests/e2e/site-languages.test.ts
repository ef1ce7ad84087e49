// Each page in its own language, in Chromium against the real server: specification rows and
// document titles per language, the common row names translated, no English value on the French
// page, and punctuation and sizes written the way each language writes them.
import { beforeAll, describe, expect, it } from 'vitest';
import { engineInput, makePdf, upload } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { seedSite } from './site-seed.ts';
import { visitorContext } from './site-browser.ts';

const env = serverAndBrowser();
let productId: number;

beforeAll(async () => {
  await seedSite(env.server);
  const { accessToken: token } = await signInAsAdmin(env.server);
  const res = await env.server.api('/products', {
    method: 'POST',
    token,
    json: engineInput({
      brand: 'Nanni',
      titleFr: 'Moteur marin Nanni N4',
      titleEn: 'Nanni N4 marine engine',
      specifications: { Cylindres: '4', Refroidissement: 'Refroidissement par la coque', Garantie: '24 mois', 'Peinture d’origine': 'oui' },
      specificationsEn: { Refroidissement: 'Keel cooling', Garantie: '24 months', 'Peinture d’origine': 'yes' },
    }),
  });
  const body = (await res.json()) as { id?: number; product?: { id: number } };
  productId = body.product?.id ?? body.id!;
  expect(res.status).toBe(201);
  const doc = await upload(
    env.server,
    `/products/${productId}/documents`,
    token,
    [
      { field: 'documents', name: 'fiche.pdf', bytes: makePdf('Fiche technique', []) },
      { field: 'documents', name: 'plan.pdf', bytes: makePdf('Plan', []) },
    ],
    {
      titles: JSON.stringify(['Fiche technique', 'Plan d’encombrement']),
      titlesEn: JSON.stringify(['Data sheet']),
    },
  );
  expect(doc.status).toBe(201);
});

const specRows = (lang: 'fr' | 'en') => async () => {
  const context = await visitorContext(env.browser);
  const page = await context.newPage();
  await page.goto(`${env.server.url}${lang === 'en' ? '/en' : ''}/produit/${productId}`);
  const rows = await page
    .locator('table.specs tr')
    .evaluateAll((trs) => trs.map((tr) => `${tr.querySelector('th')?.textContent}=${tr.querySelector('td')?.textContent}`));
  const docs = await page.locator('[data-testid="product-documents"] strong').allTextContents();
  const text = await page.locator('main').textContent();
  await context.close();
  return { rows, docs, text: text ?? '' };
};

describe('product page in each language', () => {
  it('English: common row names translated, English values, English document title where one was given', async () => {
    const { rows, docs } = await specRows('en')();
    expect(rows).toEqual(expect.arrayContaining(['Cylinders=4', 'Cooling=Keel cooling', 'Warranty=24 months', 'Peinture d’origine=yes']));
    expect(rows.some((r) => /Cylindres|Refroidissement|Garantie|mois/.test(r))).toBe(false);
    // The second document has no English title: its French one is shown rather than nothing.
    expect(docs).toEqual(['Data sheet', 'Plan d’encombrement']);
  });

  it('French: French names and values, no English value anywhere', async () => {
    const { rows, docs, text } = await specRows('fr')();
    expect(rows).toEqual(
      expect.arrayContaining(['Cylindres=4', 'Refroidissement=Refroidissement par la coque', 'Garantie=24 mois', 'Peinture d’origine=oui']),
    );
    expect(docs).toEqual(['Fiche technique', 'Plan d’encombrement']);
    expect(text).not.toContain('Keel cooling');
    expect(text).not.toContain('Data sheet');
  });
});

describe('punctuation and sizes', () => {
  it('cards write "Brand: …" in English and "Marque : …" with a narrow no-break space in French', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/en/annonces?brand=Nanni`);
    expect(await page.locator('.card-meta').first().textContent()).toBe('Brand: Nanni');
    await page.goto(`${env.server.url}/annonces?brand=Nanni`);
    expect(await page.locator('.card-meta').first().textContent()).toBe('Marque\u202f: Nanni');
    await context.close();
  });

  it('the library shows sizes in ko with a decimal comma in French, in KB with a point in English', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/documentation`);
    const fr = await page.locator('[data-testid="document-grid"] .card-meta').first().textContent();
    expect(fr).toMatch(/^PDF · \d+(,\d{1,2})?\u00a0(o|ko)$/);
    await page.goto(`${env.server.url}/en/documentation`);
    const en = await page.locator('[data-testid="document-grid"] .card-meta').first().textContent();
    expect(en).toMatch(/^PDF · \d+(\.\d{1,2})?\u00a0(B|KB)$/);
    await context.close();
  });
});
