import { describe, expect, it } from 'vitest';
import { ProductInputSchema, ProductQuerySchema, coerceListingNumbers, formatPrice, isPriceOnRequest } from './products.ts';

const generator = {
  titleFr: 'Groupe',
  titleEn: 'Genset',
  descriptionFr: 'd',
  descriptionEn: 'd',
  type: 'generator',
  brand: 'Cat',
  model: 'C15',
  powerOutput: 500,
  powerUnit: 'kva',
  fuelType: 'diesel',
  voltage: '400V',
  phase: '3',
  weight: 4000,
};

describe('listing input', () => {
  it('requires voltage and phase for generators only, and nulls them for engines', () => {
    expect(ProductInputSchema.safeParse({ ...generator, voltage: '' }).success).toBe(false);
    const engine = ProductInputSchema.parse({ ...generator, type: 'engine', voltage: '400V', phase: '3' });
    expect(engine).toMatchObject({ voltage: null, phase: null });
  });

  it('coerces numeric strings, turns empty optional numbers into null, rounds prices to cents', () => {
    const p = ProductInputSchema.parse({ ...generator, powerOutput: '12,5', weight: '800', length: '', price: '1999.999' });
    expect(p).toMatchObject({
      powerOutput: 12.5,
      weight: 800,
      length: null,
      price: 2000,
      condition: 'new',
      powerUnit: 'kva',
      featured: false,
      specifications: {},
    });
  });

  it('applies the admin form coercion: invalid power and weight become 1, other invalid numbers 0', () => {
    expect(coerceListingNumbers({ powerOutput: 'abc', weight: '-3', length: '', price: 'x', year: '2020' })).toEqual({
      powerOutput: 1,
      weight: 1,
      length: null,
      width: null,
      height: null,
      price: 0,
      year: 2020,
    });
  });

  it('reads list queries with defaults, and refuses what the document does not type ("all", empty or hex numbers)', () => {
    expect(ProductQuerySchema.parse({})).toMatchObject({ page: 1, limit: 12, sort: 'date', powerUnit: 'kw', lang: 'fr' });
    expect(ProductQuerySchema.parse({ page: '2', minPrice: '1.5e3', search: ' volvo ' })).toMatchObject({
      page: 2,
      minPrice: 1500,
      search: 'volvo',
    });
    for (const bad of [
      { condition: 'all' },
      { type: '' },
      { minPrice: '' },
      { page: ' 2' },
      { page: '0x10' },
      { limit: '2.5' },
      { lang: '' },
    ])
      expect([bad, ProductQuerySchema.safeParse(bad).success]).toEqual([bad, false]);
  });
});

describe('prices', () => {
  it('formats euros fr-FR style, or the price-on-request label when missing or zero', () => {
    expect(formatPrice(125000, 'fr')).toBe('125\u202f000\u00a0€');
    expect(formatPrice(125000, 'en')).toBe('125\u202f000\u00a0€');
    expect(formatPrice(1234.5, 'fr')).toBe('1\u202f234,50\u00a0€');
    expect(formatPrice(0, 'fr')).toBe('Prix sur demande');
    expect(formatPrice(null, 'en')).toBe('Price on request');
    expect(isPriceOnRequest(undefined)).toBe(true);
  });
});
