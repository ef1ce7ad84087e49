// Answers are private unless a route says otherwise: anything without its own Cache-Control leaves
// with `no-store`, so tokens, profiles, messages, subscribers, exports, mail accounts and replies are
// never kept by a browser, a proxy or the page cache. Public reads name their own policy
// (products, company, files).
import type { MiddlewareHandler } from 'hono';

export const noStoreByDefault: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
};
