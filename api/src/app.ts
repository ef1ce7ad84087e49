// The Hono API: mounts one sub-app per resource under /api and answers every failure as a problem
// (application/problem+json with `error`: http/errors.ts).
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { timing } from 'hono/timing';
import type { AppEnv, Deps } from './context.ts';
import { announceWrites } from './middleware/announce-writes.ts';
import { idempotency } from './middleware/idempotency.ts';
import { idsInRange } from './middleware/ids-in-range.ts';
import { noStoreByDefault } from './middleware/no-store.ts';
import { smallBodies } from './middleware/small-bodies.ts';
import { allowedMethodsOf } from './http/allowed-methods.ts';
import { fail, toErrorResponse } from './http/errors.ts';
import type { RegisteredRoute } from './http/openapi-document.ts';
import { apiTokensRoutes } from './routes/api-tokens.ts';
import { authRoutes } from './routes/auth.ts';
import { companyRoutes } from './routes/company.ts';
import { emailResponsesRoutes } from './routes/email-responses.ts';
import { healthRoutes } from './routes/health.ts';
import { inquiriesRoutes } from './routes/inquiries.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { productDocumentsRoutes } from './routes/product-documents.ts';
import { productImagesRoutes } from './routes/product-images.ts';
import { productsRoutes } from './routes/products.ts';
import { smtpRoutes } from './routes/smtp.ts';
import { statsRoutes } from './routes/stats.ts';
import { technicalDocumentsRoutes } from './routes/technical-documents.ts';
import { webhooksRoutes } from './routes/webhooks.ts';
import { requestMessages } from '@app/domain/api-messages';

export function createApp(deps: Deps) {
  // Read at the first request for the document, once every route is registered.
  let registered: readonly RegisteredRoute[] = [];
  let allowedOn: ReturnType<typeof allowedMethodsOf> | undefined;
  const app = new Hono<AppEnv>({ strict: true })
    .basePath('/api')
    // A method a known path does not have: 405 with Allow (RFC 9110 §15.5.6), before any guard or
    // Idempotency-Key can answer for a route that does not exist.
    .use(async (c, next) => {
      const allow = (allowedOn ??= allowedMethodsOf(registered))(c.req.path, c.req.method);
      if (!allow.length) return next();
      c.header('Allow', allow.join(', '));
      return fail(c, 405, requestMessages.methodNotAllowed);
    })
    // Server-Timing: the time the server spent on each answer, for operators and `pnpm bench`.
    .use(timing({ totalDescription: 'server' }))
    .use(
      secureHeaders({
        contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
        referrerPolicy: 'strict-origin-when-cross-origin',
        crossOriginResourcePolicy: 'same-origin',
        overwrite: false, // a route may set its own CSP (document previews, the API reference page)
      }),
    )
    .use(noStoreByDefault)
    // Page caches, here and on other instances, learn of administrators' page writes (docs/decisions/085).
    .use(announceWrites(deps))
    .use(idsInRange)
    .use(smallBodies)
    // Every write may carry an Idempotency-Key: a retry answers the first outcome (docs/decisions/013).
    .use(idempotency(deps))
    .route('/', healthRoutes(deps))
    .route('/', companyRoutes(deps))
    .route('/', authRoutes(deps))
    .route('/', productsRoutes(deps))
    .route('/', productImagesRoutes(deps))
    .route('/', productDocumentsRoutes(deps))
    .route('/', technicalDocumentsRoutes(deps))
    .route('/', statsRoutes(deps))
    .route('/', inquiriesRoutes(deps))
    .route('/', smtpRoutes(deps))
    .route('/', emailResponsesRoutes(deps))
    .route('/', newsletterRoutes(deps))
    .route('/', apiTokensRoutes(deps))
    .route('/', webhooksRoutes(deps))
    .route(
      '/',
      openApiRoutes(deps, (): readonly RegisteredRoute[] => registered),
    );

  registered = app.routes;
  app.notFound((c) => fail(c, 404, requestMessages.notFound));
  app.onError((err, c) =>
    toErrorResponse(err, c, (e) => deps.log.error('unhandled error', { path: c.req.path, error: String(e), stack: (e as Error)?.stack })),
  );
  return app;
}

export type App = ReturnType<typeof createApp>;
export type AppType = App;
