// /api/products: the public catalogue (search, filters, facets, detail) and the admin's create,
// optimistic full (PUT) and partial (PATCH) update (version, 409 when stale) and delete.
import { Hono, type Context } from 'hono';
import {
  ProductInputSchema,
  ProductListSchema,
  ProductPatchSchema,
  ProductQuerySchema,
  ProductSchema,
  ProductUpdateSchema,
} from '@app/domain/products';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import {
  PRODUCT_NOT_FOUND,
  createProduct,
  deleteProduct,
  getProduct,
  patchProduct,
  updateProduct,
} from '../services/catalogue-products.ts';
import { searchProducts } from '../services/catalogue-search.ts';
import { respondOnce } from '../http/commit-once.ts';
import { doc } from '../http/openapi-meta.ts';
import * as A from './answers.ts';

/**
 * The catalogue as anonymous clients read it may be shared for a short while (a CDN, the process's
 * page cache, which also drops it at the next write: docs/decisions/004). Signed-in calls are not.
 */
function shareable(c: Context) {
  if (!c.req.header('authorization')) c.header('Cache-Control', 'public, max-age=0, s-maxage=30');
  return c;
}

export const productsRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get(
      '/products',
      doc({ summary: 'Search and filter listings (full-text, facets, pages)', responses: { 200: ProductListSchema } }),
      validate('query', ProductQuerySchema),
      async (c) => shareable(c).json(await searchProducts(deps, c.req.valid('query'))),
    )
    .get(
      '/products/:id{[0-9]+}',
      doc({ summary: 'One listing with its images and documents', responses: { 200: ProductSchema } }),
      async (c) => shareable(c).json(await getProduct(deps, Number(c.req.param('id')))),
    )
    .post(
      '/products',
      doc({ summary: 'Create a listing', responses: { 201: ProductSchema } }),
      requireAdmin(deps),
      validate('json', ProductInputSchema),
      (c) => respondOnce(c, deps.db, 201, (q) => createProduct(deps, q, c.req.valid('json'))),
    )
    .put(
      '/products/:id{[0-9]+}',
      doc({
        summary: 'Replace a listing (full body and the version edited)',
        responses: { 200: ProductSchema },
        errors: { 409: 'The listing changed since that version' },
      }),
      requireAdmin(deps),
      validate('json', ProductUpdateSchema),
      (c) => respondOnce(c, deps.db, 200, (q) => updateProduct(deps, q, Number(c.req.param('id')), c.req.valid('json'))),
    )
    // A partial edit: the fields sent, each checked as in PUT, replace the stored ones; the others stay as they are.
    .patch(
      '/products/:id{[0-9]+}',
      doc({
        summary: 'Change some fields of a listing (with the version edited)',
        responses: { 200: ProductSchema },
        errors: { 409: 'The listing changed since that version' },
        example: { price: 12500, version: 3 },
      }),
      requireAdmin(deps),
      validate('json', ProductPatchSchema),
      (c) => respondOnce(c, deps.db, 200, (q) => patchProduct(deps, q, Number(c.req.param('id')), c.req.valid('json'))),
    )
    .delete(
      '/products/:id{[0-9]+}',
      doc({ summary: 'Delete a listing with its files', responses: { 200: A.Success } }),
      requireAdmin(deps),
      (c) =>
        respondOnce(c, deps.db, 200, async (q, afterCommit) => {
          if (!(await deleteProduct(deps, q, Number(c.req.param('id')), afterCommit))) throw new ApiError(404, PRODUCT_NOT_FOUND);
          return { success: true };
        }),
    );
