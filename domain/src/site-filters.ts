// The listings page's filter state: read from and written to the URL (shareable, back button),
// and turned into the GET /api/products query.
import type { Lang } from './lang.ts';

export type SortChoice = 'date' | 'price' | 'name';
export type ListingFilters = {
  search: string;
  condition: '' | 'new' | 'used';
  type: '' | 'marine' | 'generator';
  brand: string;
  minPrice: string;
  maxPrice: string;
  minPower: string;
  maxPower: string;
  sort: SortChoice;
  page: number;
};

export const EMPTY_FILTERS: ListingFilters = { search: '', condition: '', type: '', brand: '', minPrice: '', maxPrice: '', minPower: '', maxPower: '', sort: 'date', page: 1 };
export const LISTINGS_PAGE_SIZE = 12;

const number = (v: string | null) => {
  const s = (v ?? '').trim().replace(',', '.');
  return s !== '' && Number.isFinite(Number(s)) && Number(s) >= 0 ? s : '';
};
const oneOf = <T extends string>(v: string | null, values: readonly T[], fallback: T): T => ((values as readonly string[]).includes(v ?? '') ? ((v ?? '') as T) : fallback);

/** Tolerant: a malformed value is ignored rather than refused (the URL is typed by people). */
/** Anything with get(): URLSearchParams in the browser and on the server. */
export type QueryReader = { get(name: string): string | null };

export function parseFilters(params: QueryReader): ListingFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: (params.get('search') ?? '').trim().slice(0, 200),
    condition: oneOf(params.get('condition'), ['', 'new', 'used'] as const, ''),
    type: oneOf(params.get('type'), ['', 'marine', 'generator'] as const, ''),
    brand: (params.get('brand') ?? '').trim().slice(0, 100),
    minPrice: number(params.get('minPrice')),
    maxPrice: number(params.get('maxPrice')),
    minPower: number(params.get('minPower')),
    maxPower: number(params.get('maxPower')),
    sort: oneOf(params.get('sort'), ['date', 'price', 'name'] as const, 'date'),
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1,
  };
}

/** The page URL's query: only what differs from the defaults, in a stable order. */
export function filtersToSearch(filters: ListingFilters): string {
  const pairs: [string, string][] = [];
  for (const key of ['search', 'condition', 'type', 'brand', 'minPrice', 'maxPrice', 'minPower', 'maxPower'] as const) {
    if (filters[key]) pairs.push([key, filters[key]]);
  }
  if (filters.sort !== 'date') pairs.push(['sort', filters.sort]);
  if (filters.page > 1) pairs.push(['page', String(filters.page)]);
  return pairs.length ? `?${encodePairs(pairs)}` : '';
}

export const encodePairs = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

/** Whether the clear-filters button shows: any filter or search differs from the defaults (sort and page excluded). */
export const hasActiveFilters = (f: ListingFilters) => !!(f.search || f.condition || f.type || f.brand || f.minPrice || f.maxPrice || f.minPower || f.maxPower);

/** GET /api/products query: newest first, cheapest first, or by name in the page's language. */
export function filtersToApiQuery(filters: ListingFilters, lang: Lang): string {
  const base = filtersToSearch({ ...filters, sort: 'date', page: 1 }).slice(1);
  const rest = encodePairs([
    ['page', String(filters.page)],
    ['limit', String(LISTINGS_PAGE_SIZE)],
    ['sort', filters.sort],
    ['order', filters.sort === 'date' ? 'desc' : 'asc'],
    ['lang', lang],
  ]);
  return base ? `${base}&${rest}` : rest;
}
