// Property tests: generated payloads, query strings, path segments and headers sent without a session
// to every public JSON endpoint, and to every admin endpoint (which must answer 401 and change nothing).
import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { generatorInput } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { RUNS, bodies, checker, headerSafe, hostileHeaders, pathSegments, queryStrings, type Checker } from './bad-input-harness.ts';

let server: TestServer;
let check: Checker;
let productId: number;

beforeAll(async () => {
  // TRUST_PROXY lets each generated request come from its own address, so the per-address limits
  // do not answer 429 to everything after a few requests (they are probed elsewhere).
  server = await startServer({ env: { TRUST_PROXY: 'true', MAIL_WORKER_INTERVAL_MS: '3600000', MAIL_RETRY_BASE_MS: '3600000' } });
  const { accessToken } = await signInAsAdmin(server);
  const res = await server.api('/products', { method: 'POST', token: accessToken, json: generatorInput() });
  productId = ((await res.json()) as { id: number }).id;
  check = await checker(server);
});
afterAll(async () => {
  await check?.close();
  await server?.stop();
});

const from = () => ({ 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(256)}` });
const jsonHeaders = (contentType?: string) => ({ ...from(), ...(contentType ? { 'content-type': contentType } : {}) });

const publicPosts: [string, Record<string, unknown>][] = [
  ['/api/auth/login', { email: 'nobody@example.test', password: 'Wrong-Passw0rd!' }],
  ['/api/auth/refresh', { refreshToken: 'A'.repeat(43) }],
  [
    '/api/inquiries',
    { name: 'Jean', email: 'jean@example.org', phone: '0600000000', message: 'Bonjour', language: 'fr', productReference: 'REF-1' },
  ],
  ['/api/newsletter/subscribe', { email: 'lecteur@example.org', language: 'fr', page: '/annonces' }],
  ['/api/newsletter/confirm', { token: 'A'.repeat(43) }],
  ['/api/newsletter/unsubscribe', { token: 'A'.repeat(43) }],
];

describe('public JSON endpoints, generated bodies', () => {
  it.each(publicPosts)('POST %s never answers 500, says {error} on 4xx and changes nothing when it refuses', async (path, valid) => {
    await fc.assert(
      fc.asyncProperty(bodies(valid), async ({ body, contentType }) => {
        await check.check({ method: 'POST', path, headers: jsonHeaders(contentType), body });
      }),
      RUNS,
    );
  });

  it('POST /api/newsletter/unsubscribe/one-click with generated query strings and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(queryStrings(['token']), bodies(), async (query, { body, contentType }) => {
        await check.check({
          method: 'POST',
          path: `/api/newsletter/unsubscribe/one-click?${query}`,
          headers: jsonHeaders(contentType),
          body,
        });
      }),
      RUNS,
    );
  });
});

describe('public reads, generated query strings, path segments and headers', () => {
  const productQuery = [
    'page',
    'limit',
    'search',
    'category',
    'type',
    'condition',
    'brand',
    'featured',
    'minPrice',
    'maxPrice',
    'minPower',
    'maxPower',
    'powerUnit',
    'sort',
    'order',
    'lang',
  ];

  it('GET /api/products with generated filters', async () => {
    await fc.assert(
      fc.asyncProperty(queryStrings(productQuery), hostileHeaders, async (query, headers) => {
        await check.check({ method: 'GET', path: `/api/products?${query}`, headers });
      }),
      RUNS,
    );
  });

  it('GET /api/technical-documents/public with generated filters', async () => {
    await fc.assert(
      fc.asyncProperty(queryStrings(['page', 'limit', 'search', 'type', 'sortBy', 'sortOrder', 'lang']), async (query) => {
        await check.check({ method: 'GET', path: `/api/technical-documents/public?${query}` });
      }),
      RUNS,
    );
  });

  it('GET on every public path with a generated id or key', async () => {
    const templates = [
      (s: string) => `/api/products/${s}`,
      (s: string) => `/api/products/${s}/images`,
      (s: string) => `/api/products/${s}/documents`,
      (s: string) => `/api/products/${productId}/documents/${s}/download`,
      (s: string) => `/api/products/${productId}/documents/${s}/preview`,
      (s: string) => `/api/technical-documents/download/${s}`,
      (s: string) => `/api/technical-documents/preview/${s}`,
      (s: string) => `/api/media/images/${s}/640.webp`,
      (s: string) => `/api/media/images/0123456789abcdef0123456789abcdef/${s}`,
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...templates), pathSegments, hostileHeaders, async (template, segment, headers) => {
        await check.check({ method: 'GET', path: template(segment), headers });
      }),
      RUNS,
    );
  });
});

describe('requests the HTTP parser refuses', () => {
  it('answers a URL or headers past the size limit with 431 {error}, not an empty body', async () => {
    await check.check({ method: 'GET', path: `/api/products?search=${'a'.repeat(70_000)}` }, [431]);
    await check.check({ method: 'GET', path: '/api/products', headers: { cookie: `x=${'b'.repeat(70_000)}` } }, [431]);
  });
});

describe('admin endpoints without a valid session', () => {
  const adminRoutes: [string, string][] = [
    ['POST', '/api/products'],
    ['PUT', `/api/products/1`],
    ['DELETE', `/api/products/1`],
    ['PUT', '/api/products/1/images/order'],
    ['PATCH', '/api/products/1/images/1'],
    ['DELETE', '/api/products/1/images/1'],
    ['POST', '/api/products/1/images'],
    ['POST', '/api/products/1/documents'],
    ['DELETE', '/api/products/1/documents/1'],
    ['GET', '/api/stats'],
    ['GET', '/api/inquiries'],
    ['DELETE', '/api/inquiries/1'],
    ['GET', '/api/smtp/accounts'],
    ['POST', '/api/smtp/accounts'],
    ['PUT', '/api/smtp/accounts/1'],
    ['POST', '/api/smtp/test-config'],
    ['PUT', '/api/smtp/settings/newsletter'],
    ['POST', '/api/email-responses/send'],
    ['POST', '/api/email-responses/quick-reply'],
    ['GET', '/api/admin/technical-documents'],
    ['POST', '/api/admin/technical-documents'],
    ['PUT', '/api/admin/technical-documents/1'],
    ['GET', '/api/newsletter/admin/subscribers'],
    ['POST', '/api/newsletter/admin/send'],
    ['PATCH', '/api/newsletter/admin/subscribers/1/status'],
    ['GET', '/api/newsletter/admin/export'],
    ['POST', '/api/auth/change-password'],
    ['POST', '/api/auth/logout'],
    ['GET', '/api/auth/profile'],
  ];
  const badAuth = fc.oneof(
    fc.constant({} as Record<string, string>),
    fc
      .constantFrom(
        'Bearer ',
        'Bearer x',
        'Bearer ' + 'A'.repeat(43),
        'bearer  ' + 'B'.repeat(43),
        'Basic YWRtaW46YWRtaW4=',
        'Bearer null',
        'Token abc',
      )
      .map((v) => ({ authorization: v })),
    fc.string({ unit: 'binary-ascii', maxLength: 100 }).map((v) => ({ authorization: `Bearer ${headerSafe(v)}` })),
  );

  it('answers 401 {error} and changes nothing, whatever the body and the credentials', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...adminRoutes), badAuth, bodies(), async ([method, path], auth, { body, contentType }) => {
        await check.check({ method, path, headers: { ...jsonHeaders(contentType), ...auth }, body }, [401]);
      }),
      { ...RUNS, numRuns: RUNS.numRuns * 2 },
    );
  });
});
