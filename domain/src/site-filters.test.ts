import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersToApiQuery, filtersToSearch, hasActiveFilters, parseFilters } from './site-filters.ts';
import { countLabel, dictionary, fill } from './i18n/index.ts';

/** The domain compiles without DOM types; a query string reader is all parseFilters needs. */
const query = (qs: string) => {
  const pairs = qs
    .split('&')
    .filter(Boolean)
    .map((p) => p.split('=').map((x) => decodeURIComponent(x.replace(/\+/g, ' '))) as [string, string]);
  return { get: (name: string) => pairs.find(([k]) => k === name)?.[1] ?? null };
};

describe('listing filters in the URL', () => {
  it('reads known values and ignores malformed ones', () => {
    const f = parseFilters(query('condition=used&type=boat&minPrice=1 000&maxPrice=2500,5&sort=price&page=-2&brand= Volvo '));
    expect(f).toEqual({ ...EMPTY_FILTERS, condition: 'used', maxPrice: '2500.5', sort: 'price', order: 'asc', brand: 'Volvo' });
  });
  it('writes a typed bound in a spelling the API reads', () => {
    expect(parseFilters(query('minPrice=.5&maxPrice=0x10&minPower=1e3&maxPower=250'))).toMatchObject({
      minPrice: '0.5',
      maxPrice: '16',
      minPower: '1000',
      maxPower: '250',
    });
  });
  it('reads a sort in either direction, and a malformed one as newest first', () => {
    expect(parseFilters(query('sort=price-desc'))).toMatchObject({ sort: 'price', order: 'desc' });
    expect(parseFilters(query('sort=date-asc'))).toMatchObject({ sort: 'date', order: 'asc' });
    expect(parseFilters(query('sort=name&order=desc'))).toMatchObject({ sort: 'name', order: 'desc' });
    expect(parseFilters(query('sort=power'))).toMatchObject({ sort: 'power', order: 'asc' });
    expect(parseFilters(query('sort=colour-up'))).toMatchObject({ sort: 'date', order: 'desc' });
    expect(parseFilters(query('sort=price-sideways'))).toMatchObject({ sort: 'price', order: 'asc' });
  });
  it('writes a sort in its default direction as the field alone, the other direction with a suffix', () => {
    expect(filtersToSearch({ ...EMPTY_FILTERS, sort: 'price', order: 'asc' })).toBe('?sort=price');
    expect(filtersToSearch({ ...EMPTY_FILTERS, sort: 'price', order: 'desc' })).toBe('?sort=price-desc');
    expect(filtersToSearch({ ...EMPTY_FILTERS, sort: 'date', order: 'asc' })).toBe('?sort=date-asc');
  });
  it('writes only what differs from the defaults and reads it back', () => {
    const f = { ...EMPTY_FILTERS, search: 'C18 marin', minPower: '100', page: 2 };
    expect(filtersToSearch(f)).toBe('?search=C18%20marin&minPower=100&page=2');
    expect(parseFilters(query(filtersToSearch(f).slice(1)))).toEqual(f);
    expect(filtersToSearch(EMPTY_FILTERS)).toBe('');
  });
  it('counts a filter as active, not the sort or the page', () => {
    expect(hasActiveFilters({ ...EMPTY_FILTERS, sort: 'name', order: 'desc', page: 3 })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, maxPrice: '0' })).toBe(true);
  });
  it('asks the API for newest first, cheapest first or by name in the page language', () => {
    expect(filtersToApiQuery({ ...EMPTY_FILTERS, condition: 'new' }, 'en')).toBe(
      'condition=new&page=1&limit=12&sort=date&order=desc&lang=en',
    );
    expect(filtersToApiQuery({ ...EMPTY_FILTERS, sort: 'price', order: 'asc' }, 'fr')).toBe('page=1&limit=12&sort=price&order=asc&lang=fr');
    expect(filtersToApiQuery({ ...EMPTY_FILTERS, sort: 'price', order: 'desc', brand: 'Volvo' }, 'fr')).toBe(
      'brand=Volvo&page=1&limit=12&sort=price&order=desc&lang=fr',
    );
  });
});

describe('dictionaries', () => {
  it('word the count for one and many in each language', () => {
    const fr = dictionary('fr').listings;
    const en = dictionary('en').listings;
    expect([0, 1, 2, 1500].map((n) => countLabel('fr', n, { one: fr.countOne, other: fr.countOther }))).toEqual([
      '0 annonce',
      '1 annonce',
      '2 annonces',
      '1\u202f500 annonces',
    ]);
    expect([0, 1, 2].map((n) => countLabel('en', n, { one: en.countOne, other: en.countOther }))).toEqual([
      '0 listings',
      '1 listing',
      '2 listings',
    ]);
  });
  it('fill placeholders and keep unknown ones', () => {
    expect(fill(dictionary('en').listings.pageOf, { page: 2, pages: 5 })).toBe('Page 2 of 5');
    expect(fill('{a} {b}', { a: 1 })).toBe('1 {b}');
  });
  it('carry the spec texts verbatim', () => {
    expect(dictionary('en').listings.emptyTitle).toBe('No products found');
    expect(dictionary('en').listings.emptyText).toBe('Try adjusting your search criteria');
    expect(dictionary('en').contact.error).toBe('Error sending message. Please try again.');
    expect(dictionary('fr').contact.error).toBe("Erreur lors de l'envoi. Veuillez réessayer.");
    expect(dictionary('en').product.priceNote).toBe('Price excl. VAT');
    expect(dictionary('fr').newsletter.invalid).toBe('Veuillez saisir une adresse email valide.');
    expect(dictionary('en').home.offersError).toBe('Failed to load products');
    expect(dictionary('en').docs.empty).toBe('No documents found');
    expect(dictionary('en').product.noDocuments).toBe('No documentation available');
  });
});
