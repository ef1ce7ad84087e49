// /api/products: the public catalogue (search, filters, facets, detail) and the admin's create,
// optimistic update (version, 409 when stale) and delete.
import { Hono, type Context } from 'hono';
import { ProductInputSchema, ProductQuerySchema, ProductUpdateSchema } from '@app/domain/products';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { PRODUCT_NOT_FOUND, createProduct, deleteProduct, getProduct, updateProduct } from '../services/catalogue-products.ts';
import { searchProducts } from '../services/catalogue-search.ts';
import { respondOnce } from '../services/idempotency.ts';

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
    .get('/products', validate('query', ProductQuerySchema), (c) => shareable(c).json(searchProducts(deps, c.req.valid('query'))))
    .get('/products/:id{[0-9]+}', (c) => shareable(c).json(getProduct(deps, Number(c.req.param('id')))))
    .post('/products', requireAdmin(deps), validate('json', ProductInputSchema), (c) =>
      respondOnce(c, deps.db, 201, () => createProduct(deps, c.req.valid('json'))),
    )
    .put('/products/:id{[0-9]+}', requireAdmin(deps), validate('json', ProductUpdateSchema), (c) =>
      respondOnce(c, deps.db, 200, () => updateProduct(deps, Number(c.req.param('id')), c.req.valid('json'))),
    )
    .delete('/products/:id{[0-9]+}', requireAdmin(deps), (c) =>
      respondOnce(c, deps.db, 200, () => {
        if (!deleteProduct(deps, Number(c.req.param('id')))) throw new ApiError(404, PRODUCT_NOT_FOUND);
        return { success: true };
      }),
    );
