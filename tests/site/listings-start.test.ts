import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '@app/domain/site-filters';
import { packListingsStart, unpackListingsStart } from '../../site/src/lib/listings-start.ts';

const page = {
  items: [],
  total: 3,
  pages: 1,
  page: 1,
  brands: ['Caterpillar', 'Volvo Penta', 'Yanmar'],
  facets: {
    brands: [
      { value: 'Caterpillar', count: 2 },
      { value: 'Yanmar', count: 1 },
    ],
    conditions: [{ value: 'used', count: 3 }],
    types: [
      { value: 'marine', count: 2 },
      { value: 'generator', count: 1 },
    ],
  },
};

describe('the listings data block', () => {
  it('gives the island back the filters, the first page without cards and every count, from a smaller block', () => {
    const filters = { ...EMPTY_FILTERS, condition: 'used' as const, sort: 'price' as const, order: 'asc' as const };
    const packed = packListingsStart(filters, page, 3);
    expect(packed).toEqual({
      q: '?condition=used&sort=price',
      cards: 3,
      page: {
        total: 3,
        pages: 1,
        page: 1,
        brands: [
          ['Caterpillar', 2],
          ['Volvo Penta', 0],
          ['Yanmar', 1],
        ],
        conditions: [['used', 3]],
        types: [
          ['marine', 2],
          ['generator', 1],
        ],
      },
    });
    const text = JSON.stringify(packed);
    expect(text.length).toBeLessThan(JSON.stringify({ filters, page, cards: 3 }).length);
    // Every brand in the facet, the one without results counted 0 (shown as the API's missing one: 0, disabled).
    const brands = [page.facets.brands[0], { value: 'Volvo Penta', count: 0 }, page.facets.brands[1]];
    expect(unpackListingsStart(JSON.parse(text) as typeof packed)).toEqual({
      filters,
      page: { ...page, facets: { ...page.facets, brands } },
      cards: 3,
    });
  });

  it('keeps a page that could not be read', () => {
    expect(unpackListingsStart(packListingsStart(EMPTY_FILTERS, null, 0))).toEqual({ filters: EMPTY_FILTERS, page: null, cards: 0 });
  });
});
