import { describe, expect, it } from 'vitest';
import { jsonLdText, productJsonLd } from './site-seo.ts';
import type { Listing } from './catalogue-listing.ts';

const listing = (over: Partial<Listing> = {}) =>
  ({
    id: 7,
    title: 'Groupe',
    description: 'Desc',
    price: 1250.5,
    brand: 'SDMO',
    model: 'X',
    condition: 'refurbished',
    images: [{ url: '/api/files/a.webp', thumbnailUrl: '', alt: '' }],
    ...over,
  }) as Listing;

describe('product structured data', () => {
  it('gives an EUR price excluding VAT, the condition and in-stock availability', () => {
    const data = productJsonLd(listing(), 'https://x.test/produit/7', 'https://x.test');
    expect(data.offers).toMatchObject({
      price: '1250.50',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/RefurbishedCondition',
    });
    expect(data.image).toEqual(['https://x.test/api/files/a.webp']);
  });
  it('never says price 0 for a price on request', () => {
    expect(productJsonLd(listing({ price: null, condition: 'new' }), 'u', 'p').offers).not.toHaveProperty('price');
  });
  it('cannot close its script element', () => {
    expect(jsonLdText({ t: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
