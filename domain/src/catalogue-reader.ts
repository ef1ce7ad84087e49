// What the public pages read from the catalogue, as an interface: the API process implements it over
// its services and hands it to the site in-process (Astro locals), so a page reads domain objects
// directly instead of asking the API for JSON and parsing it back (issue #17, "cheap misses").
import type { PublicTechnicalDocumentQuery, TechnicalDocument } from './documents.ts';
import type { ListingSummary } from './catalogue-listing.ts';
import type { Product, ProductList, ProductQuery } from './products.ts';

export type PublicDocumentsPage = {
  documents: TechnicalDocument[];
  pagination: { currentPage: number; totalPages: number; totalDocuments: number; limit: number };
};

/** A page of GET /api/products with its listings as cards read them (each with its first image only). */
export type ListingSummaryList = Omit<ProductList, 'items' | 'products'> & { items: ListingSummary[] };

/**
 * Answers exactly what GET /api/products, /api/products/{id} and /api/technical-documents/public answer;
 * `searchListings` is the same search as `searchProducts`, with the items narrowed to what a card shows.
 */
export interface CatalogueReader {
  searchProducts(query: ProductQuery): ProductList | Promise<ProductList>;
  searchListings(query: ProductQuery): ListingSummaryList | Promise<ListingSummaryList>;
  /** null when the listing does not exist. */
  getProduct(id: number): Product | null | Promise<Product | null>;
  publicDocuments(query: PublicTechnicalDocumentQuery): PublicDocumentsPage | Promise<PublicDocumentsPage>;
}
