// The listings page's filter state: read from and written to the URL (shareable, back button),
// and turned into the GET /api/products query.
import type { Lang } from './lang.ts';

export type SortChoice = 'date' | 'price' | 'power' | 'name';
export type SortOrder = 'asc' | 'desc';
/** The sorts a buyer expects, in the order the select lists them: newest first is the default. */
export const SORT_OPTIONS = [
  ['date', 'desc'],
  ['date', 'asc'],
  ['price', 'asc'],
  ['price', 'desc'],
  ['power', 'asc'],
  ['power', 'desc'],
  ['name', 'asc'],
  ['name', 'desc'],
] as const satisfies readonly (readonly [SortChoice, SortOrder])[];
const SORTS = ['date', 'price', 'power', 'name'] as const;
/** Newest first; cheapest, least powerful and A to Z first. */
export const defaultOrder = (sort: SortChoice): SortOrder => (sort === 'date' ? 'desc' : 'asc');
/** One URL value per sort: the field alone in its default direction ('price'), else 'price-desc'. */
export const sortValue = (sort: SortChoice, order: SortOrder) => (order === defaultOrder(sort) ? sort : `${sort}-${order}`);
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
  order: SortOrder;
  page: number;
};

export const EMPTY_FILTERS: ListingFilters = {
  search: '',
  condition: '',
  type: '',
  brand: '',
  minPrice: '',
  maxPrice: '',
  minPower: '',
  maxPower: '',
  sort: 'date',
  order: 'desc',
  page: 1,
};
export const LISTINGS_PAGE_SIZE = 12;

/** A bound as people type it ('2500,5', '.5'), kept in a spelling the API's query reads (plain decimals, docs/decisions/122). */
const number = (v: string | null) => {
  const s = (v ?? '').trim().replace(',', '.');
  const n = Number(s);
  if (s === '' || !Number.isFinite(n) || n < 0) return '';
  return /^\d+(\.\d+)?$/.test(s) ? s : String(n);
};
const oneOf = <T extends string>(v: string | null, values: readonly T[], fallback: T): T =>
  (values as readonly string[]).includes(v ?? '') ? ((v ?? '') as T) : fallback;

/** Tolerant: a malformed value is ignored rather than refused (the URL is typed by people). */
/** Anything with get(): URLSearchParams in the browser and on the server. */
export type QueryReader = { get(name: string): string | null };

/** 'price', 'price-desc', or 'price' with order=desc (the API's own spelling). */
function parseSort(params: QueryReader): { sort: SortChoice; order: SortOrder } {
  const [field = '', dir = ''] = (params.get('sort') ?? '').split('-');
  const sort = oneOf(field, SORTS, 'date');
  return { sort, order: oneOf(dir || params.get('order'), ['asc', 'desc'] as const, defaultOrder(sort)) };
}

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
    ...parseSort(params),
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1,
  };
}

/** The page URL's query: only what differs from the defaults, in a stable order. */
export function filtersToSearch(filters: ListingFilters): string {
  const pairs: [string, string][] = [];
  for (const key of ['search', 'condition', 'type', 'brand', 'minPrice', 'maxPrice', 'minPower', 'maxPower'] as const) {
    if (filters[key]) pairs.push([key, filters[key]]);
  }
  const sort = sortValue(filters.sort, filters.order);
  if (sort !== 'date') pairs.push(['sort', sort]);
  if (filters.page > 1) pairs.push(['page', String(filters.page)]);
  return pairs.length ? `?${encodePairs(pairs)}` : '';
}

export const encodePairs = (pairs: [string, string][]) =>
  pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

/** Whether the clear-filters button shows: any filter or search differs from the defaults (sort and page excluded). */
export const hasActiveFilters = (f: ListingFilters) =>
  !!(f.search || f.condition || f.type || f.brand || f.minPrice || f.maxPrice || f.minPower || f.maxPower);

/** GET /api/products query: the chosen sort and direction; names sort in the page's language. */
export function filtersToApiQuery(filters: ListingFilters, lang: Lang): string {
  const base = filtersToSearch({ ...filters, sort: 'date', order: 'desc', page: 1 }).slice(1);
  const rest = encodePairs([
    ['page', String(filters.page)],
    ['limit', String(LISTINGS_PAGE_SIZE)],
    ['sort', filters.sort],
    ['order', filters.order],
    ['lang', lang],
  ]);
  return base ? `${base}&${rest}` : rest;
}
