// The catalogue as the public pages read it, straight from the services (no HTTP, no JSON): the
// implementation of the domain's CatalogueReader that the process entry hands to the site.
import type { CatalogueReader } from '@app/domain/catalogue-reader';
import type { Deps } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { getProduct } from './catalogue-products.ts';
import { searchListings, searchProducts } from './catalogue-search.ts';
import { listTechnicalDocuments } from './technical-library.ts';

export function createCatalogueReader(deps: Deps): CatalogueReader {
  return {
    searchProducts: (query) => searchProducts(deps, query),
    searchListings: (query) => searchListings(deps, query),
    async getProduct(id) {
      try {
        return await getProduct(deps, id);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    publicDocuments: (query) => listTechnicalDocuments(deps, query),
  };
}
