// The catalogue as the public pages read it, straight from the services (no HTTP, no JSON): the
// implementation of the domain's CatalogueReader that the process entry hands to the site.
import type { CatalogueReader } from '@app/domain/catalogue-reader';
import type { Deps } from '../context.ts';
import { findProduct } from './catalogue-products.ts';
import { searchListings, searchProducts } from './catalogue-search.ts';
import { listTechnicalDocuments } from './technical-library.ts';

export function createCatalogueReader(deps: Deps): CatalogueReader {
  return {
    searchProducts: (query) => searchProducts(deps, query),
    searchListings: (query) => searchListings(deps, query),
    getProduct: (id) => findProduct(deps, id),
    publicDocuments: (query) => listTechnicalDocuments(deps, query),
  };
}
