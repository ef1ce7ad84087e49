// The listings island's data block in a compact form (issue #33: the listings page at most 30 KB). The
// block carried the filters as an object, every brand twice (the list and its facet) and each count as
// {"value":…,"count":…}; it now carries the filters as their query string and each brand once, as [name, count].
// The island unpacks it the same way on the server and in the browser, so both render the same page.
import { filtersToSearch, parseFilters, type ListingFilters } from '@app/domain/site-filters';
import type { ProductList } from '@app/domain/products';
import type { CardListing } from './card.ts';

/** A listings page's results as the site reads them (catalogue.server.ts) and the island shows them. */
export type ListingsPage = {
  items: CardListing[];
  total: number;
  pages: number;
  page: number;
  /** Every brand in the catalogue, so a brand the other filters rule out stays listed (disabled). */
  brands: string[];
  /** Results per choice under the other filters (the API's facets). */
  facets: ProductList['facets'];
};

type Counts = [value: string, count: number][];

/** What the page's block holds. */
export type PackedListingsStart = {
  /** The filters, as filtersToSearch writes them ('' for none). */
  q: string;
  /** How many cards the server wrote as the island's children. */
  cards: number;
  /** The first page without its cards, or null when it could not be read. */
  page:
    | (Pick<ListingsPage, 'total' | 'pages' | 'page'> & {
        /** Every brand, in the page's order, with its facet count (0: not in the facet). */
        brands: Counts;
        conditions: Counts;
        types: Counts;
      })
    | null;
};

/** Where the island starts: the URL's filters, their first page of results without its cards (null: unread), the server's card count. */
export type ListingsStart = { filters: ListingFilters; page: ListingsPage | null; cards: number };

const pairs = (facet: ListingsPage['facets']['types']): Counts => facet.map((f) => [f.value, f.count]);
const facet = (counts: Counts) => counts.map(([value, count]) => ({ value, count }));

export function packListingsStart(filters: ListingFilters, page: ListingsPage | null, cards: number): PackedListingsStart {
  if (!page) return { q: filtersToSearch(filters), cards, page: null };
  // A brand facet outside `brands` would not be offered as a choice; the API never gives one (both are its facets).
  const counts = new Map(page.facets.brands.map((f) => [f.value, f.count]));
  return {
    q: filtersToSearch(filters),
    cards,
    page: {
      total: page.total,
      pages: page.pages,
      page: page.page,
      brands: page.brands.map((b) => [b, counts.get(b) ?? 0]),
      conditions: pairs(page.facets.conditions),
      types: pairs(page.facets.types),
    },
  };
}

/**
 * The start the island renders from. Its brand facet names every brand, a brand without results counted 0,
 * which the island shows as it shows one the API leaves out: counted 0, disabled.
 */
export const unpackListingsStart = ({ q, cards, page: p }: PackedListingsStart): ListingsStart => ({
  filters: parseFilters(new URLSearchParams(q)),
  cards,
  page: p && {
    items: [],
    total: p.total,
    pages: p.pages,
    page: p.page,
    brands: p.brands.map(([b]) => b),
    facets: { brands: facet(p.brands), conditions: facet(p.conditions), types: facet(p.types) },
  },
});
