// Reads the catalogue and the technical library and turns them into what the pages and islands
// display, in the page's language (the domain's Listing model). In the server process the reads go
// straight to the domain's CatalogueReader (locals.catalogue); under `astro dev`, to the API over HTTP.
import { homeOffers, toListing, toListingHead, type Listing } from '@app/domain/catalogue-listing';
import { formatFileSize, PublicTechnicalDocumentQuerySchema } from '@app/domain/documents';
import type { ListingSummaryList, PublicDocumentsPage } from '@app/domain/catalogue-reader';
import { ProductQuerySchema, type Product, type ProductList } from '@app/domain/products';
import type { Lang } from '@app/domain/lang';
import { filtersToApiQuery, hasActiveFilters, type ListingFilters } from '@app/domain/site-filters';
import { apiJson } from './api.ts';
import { toCard, type CardListing } from './card.ts';
import type { ListingsPage } from './listings-start.ts';

/** A query string as the API's validator sees it: a repeated key becomes a list. */
function queryObject(query: string): Record<string, string | string[]> {
  const params = new URLSearchParams(query);
  return Object.fromEntries(
    [...new Set(params.keys())].map((k) => {
      const all = params.getAll(k);
      return [k, all.length === 1 ? all[0]! : all];
    }),
  );
}

/**
 * The query validated as the API validates it (an invalid one throws), remembered by its path and text in this
 * instance's state (site-state.ts). The result is never changed by its readers, so one object serves every
 * render.
 */
function parsedQuery<T extends object>(locals: App.Locals, path: string, schema: { parse(input: unknown): T }, query: string): T {
  const key = `${path}?${query}`;
  let parsed = locals.state.parsedQueries.get(key) as T | undefined;
  if (parsed === undefined) {
    parsed = Object.freeze(schema.parse(queryObject(query))); // shared: a reader that changed it would throw
    locals.state.parsedQueries.set(key, parsed);
  }
  return parsed;
}

/** What GET /api/products answers for this query string (an invalid query throws: the page shows its error state). */
export async function readProducts(locals: App.Locals, query: string): Promise<ProductList> {
  if (locals.catalogue) return locals.catalogue.searchProducts(parsedQuery(locals, '/api/products', ProductQuerySchema, query));
  const list = await apiJson<ProductList>(locals, `/api/products?${query}`);
  if (!list) throw new Error('GET /api/products: 404');
  return list;
}

/** The same search for cards: in the server process, each listing read only as far as a card shows it. */
async function readListings(locals: App.Locals, query: string): Promise<ListingSummaryList> {
  if (locals.catalogue) return locals.catalogue.searchListings(parsedQuery(locals, '/api/products', ProductQuerySchema, query));
  return readProducts(locals, query);
}

const readProduct = async (locals: App.Locals, id: number): Promise<Product | null> =>
  locals.catalogue ? locals.catalogue.getProduct(id) : apiJson<Product>(locals, `/api/products/${id}`);

async function readDocuments(locals: App.Locals, query: string): Promise<PublicDocumentsPage> {
  if (locals.catalogue)
    return locals.catalogue.publicDocuments(
      parsedQuery(locals, '/api/technical-documents/public', PublicTechnicalDocumentQuerySchema, query),
    );
  const res = await apiJson<PublicDocumentsPage>(locals, `/api/technical-documents/public?${query}`);
  if (!res) throw new Error('GET /api/technical-documents/public: 404');
  return res;
}

export type { ListingsPage };

export async function loadListings(locals: App.Locals, filters: ListingFilters, lang: Lang): Promise<ListingsPage> {
  const list = await readListings(locals, filtersToApiQuery(filters, lang));
  // The brand facet omits brands with no result; the unfiltered catalogue names them all.
  const narrowed = hasActiveFilters({ ...filters, brand: '' });
  const all = narrowed ? await readListings(locals, 'limit=1') : list;
  return {
    items: list.items.map((p) => toCard(toListingHead(p, lang))),
    total: list.total,
    pages: list.pages,
    page: list.page ?? filters.page,
    brands: (all?.facets.brands ?? list.facets.brands).map((b) => b.value),
    facets: list.facets,
  };
}

/** Home offers: the featured products, first three; if none is featured, the first three. */
export async function loadHomeOffers(locals: App.Locals, lang: Lang): Promise<CardListing[]> {
  const featured = await readListings(locals, 'featured=true&limit=3&sort=date&order=desc');
  const list = featured.items.length ? featured : await readListings(locals, 'limit=3&sort=date&order=desc');
  return homeOffers(list.items).map((p) => toCard(toListingHead(p, lang)));
}

/** The product's display form, or null when it does not exist (the page answers 404). */
export async function loadProduct(locals: App.Locals, id: string, lang: Lang): Promise<Listing | null> {
  if (!/^\d{1,12}$/.test(id)) return null;
  const product = await readProduct(locals, Number(id));
  return product ? toListing(product, lang) : null;
}

export type DocCard = {
  id: number;
  title: string;
  description: string | null;
  type: string;
  size: string;
  downloadUrl: string;
  previewUrl: string | null;
  product: string | null;
};
export type DocumentsPage = { documents: DocCard[]; page: number; totalPages: number };

export async function loadDocuments(locals: App.Locals, query: { search: string; page: number }, lang: Lang): Promise<DocumentsPage> {
  const params = new URLSearchParams({ page: String(query.page), limit: '12' });
  if (query.search) params.set('search', query.search);
  const res = await readDocuments(locals, params.toString());
  return {
    documents: res.documents.map((d) => ({
      id: d.id,
      title: (lang === 'fr' ? d.titleFr : d.titleEn) || d.title,
      description: (lang === 'fr' ? d.descriptionFr : d.descriptionEn) ?? null,
      type: d.type,
      size: formatFileSize(d.size, lang),
      downloadUrl: d.url || `/api/technical-documents/download/${d.id}`,
      previewUrl: d.previewUrl ?? null,
      product: d.product ? (lang === 'fr' ? d.product.titleFr : d.product.titleEn) : null,
    })),
    page: res.pagination.currentPage ?? query.page,
    totalPages: res.pagination.totalPages,
  };
}

export const parseDocQuery = (params: URLSearchParams) => {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    search: (params.get('search') ?? '').trim().slice(0, 200),
    page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1,
  };
};
