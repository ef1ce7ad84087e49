// The public site before the first listing: every list says it is empty and what to do next, in
// both languages, in Chromium against the real server with an empty catalogue.
import { describe, expect, it } from 'vitest';
import type { Lang } from '@app/domain/i18n/index';
import { publicSite, specIn } from '../fixtures/spec-texts.ts';
import { serverAndBrowser } from '../support/browser.ts';
import { visitorContext } from './site-browser.ts';

const env = serverAndBrowser();

const TEXTS = {
  fr: {
    noOffers: 'Aucune offre pour le moment',
    contact: 'Nous contacter',
    noProducts: 'Aucun produit trouvé',
    noDocuments: 'Aucun document trouvé',
  },
  en: {
    noOffers: 'No offers at the moment',
    contact: 'Contact us',
    noProducts: specIn(publicSite.listings.emptyTitle, 'en')!,
    noDocuments: specIn(publicSite.documents.empty, 'en')!,
  },
} as const;

describe.each(['fr', 'en'] as Lang[])('an empty catalogue in %s', (lang) => {
  const t = TEXTS[lang];
  const prefix = lang === 'en' ? '/en' : '';

  it('the home offers, the listings and the documentation each say they are empty', async () => {
    const context = await visitorContext(env.browser);
    const page = await context.newPage();
    await page.goto(`${env.server.url}${prefix}/`);
    const offers = page.getByRole('status').filter({ has: page.getByRole('heading', { name: t.noOffers }) });
    expect(await offers.getByRole('link', { name: t.contact }).getAttribute('href')).toBe(`${prefix}/contact`);

    await page.goto(`${env.server.url}${prefix}/annonces`);
    expect(
      await page
        .getByRole('status')
        .filter({ has: page.getByRole('heading', { name: t.noProducts }) })
        .count(),
    ).toBe(1);

    await page.goto(`${env.server.url}${prefix}/documentation`);
    expect(
      await page
        .getByRole('status')
        .filter({ has: page.getByRole('heading', { name: t.noDocuments }) })
        .count(),
    ).toBe(1);
    await context.close();
  });
});
