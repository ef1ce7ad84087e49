// Property tests: generated payloads, path segments and query strings sent by a signed-in administrator
// to every admin JSON endpoint. Valid requests may change data; refused ones must change nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { engineInput, generatorInput, png, upload } from '../fixtures/catalogue.ts';
import { createUser, signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { RUNS, bodies, checker, hostileHeaders, pathSegments, queryStrings, type Checker } from './bad-input-harness.ts';

type Json = Record<string, any>;

let server: TestServer;
let check: Checker;
let auth: Record<string, string>;
const ids = { product: 0, image: 0, inquiry: 0, account: 0 };

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: 'true', MAIL_WORKER_INTERVAL_MS: '3600000', MAIL_RETRY_BASE_MS: '3600000' } });
  const session = await signInAsAdmin(server);
  auth = session.headers;
  const json = async (res: Response) => (await res.json()) as Json;
  ids.product = (await json(await server.api('/products', { method: 'POST', headers: auth, json: generatorInput() }))).id;
  ids.image = (
    await json(
      await upload(server, `/products/${ids.product}/images`, session.accessToken, [
        { field: 'image', name: 'a.png', bytes: await png(), type: 'image/png' },
      ]),
    )
  ).image.id;
  await server.api('/inquiries', {
    method: 'POST',
    json: { name: 'Client', email: 'client@example.org', message: 'Bonjour', language: 'fr' },
  });
  ids.inquiry = (await json(await server.api('/inquiries', { headers: auth }))).inquiries[0].id;
  // An account pointing at a closed loopback port: a valid reply fails fast upstream (502), never 500.
  const account = await server.api('/smtp/accounts', {
    method: 'POST',
    headers: auth,
    json: {
      name: 'Fermé',
      host: '127.0.0.1',
      port: 9,
      secure: false,
      user: 'u@example.test',
      password: 'x',
      fromName: 'Shop',
      fromEmail: 'shop@example.test',
      isActive: true,
    },
  });
  ids.account = (await json(account)).id;
  check = await checker(server);
});
afterAll(async () => {
  await check?.close();
  await server?.stop();
});

const withAuth = (contentType?: string) => ({ ...auth, ...(contentType ? { 'content-type': contentType } : {}) });

describe('admin JSON bodies', () => {
  const cases: [string, () => string, Record<string, unknown>][] = [
    ['POST', () => '/api/products', generatorInput()],
    ['PUT', () => `/api/products/${ids.product}`, { ...engineInput(), version: 1 }],
    ['PUT', () => `/api/products/${ids.product}/images/order`, { imageIds: [ids.image] }],
    ['PATCH', () => `/api/products/${ids.product}/images/${ids.image}`, { alt: 'Vue de face', cover: true }],
    [
      'POST',
      () => '/api/smtp/accounts',
      {
        name: 'Compte',
        host: 'smtp.example.test',
        port: 587,
        secure: false,
        user: 'u',
        password: 'p',
        fromName: 'Shop',
        fromEmail: 'shop@example.test',
        isActive: false,
      },
    ],
    ['PUT', () => `/api/smtp/accounts/${ids.account}`, { isActive: true, port: 9 }],
    ['PUT', () => '/api/smtp/settings/contact_form_fr', { smtpAccountId: ids.account, recipientEmail: 'ventes@example.test' }],
    [
      'POST',
      () => '/api/email-responses/send',
      { inquiryId: ids.inquiry, smtpAccountId: ids.account, subject: 'Re: devis', message: 'Bonjour' },
    ],
    ['POST', () => '/api/email-responses/quick-reply', { inquiryId: ids.inquiry, message: 'Bonjour' }],
    ['POST', () => '/api/admin/technical-documents', { sourceDocumentId: 999999, title: 'Notice' }],
    ['PUT', () => '/api/admin/technical-documents/999999', { title: 'Notice' }],
    ['POST', () => '/api/newsletter/admin/send', { subject: 'Nouveautés', content: 'Trois nouveaux moteurs.' }],
    ['PATCH', () => '/api/newsletter/admin/subscribers/999999/status', { isActive: true }],
  ];

  it.each(cases.map(([m, p, v]) => [`${m} ${p().replace(/\d+/g, ':id')}`, m, p, v] as const))(
    '%s: never 500, {error} on 4xx, nothing changed when refused',
    async (_name, method, path, valid) => {
      await fc.assert(
        fc.asyncProperty(bodies(valid), async ({ body, contentType }) => {
          await check.check({ method, path: path(), headers: withAuth(contentType), body });
        }),
        RUNS,
      );
    },
  );

  it('POST /api/auth/change-password with generated bodies (a session of its own, wrong current password)', async () => {
    await createUser(server, { email: 'fuzz@example.test', password: 'Fuzz-Passw0rd!1', role: 'admin' });
    const res = await server.api('/auth/login', { method: 'POST', json: { email: 'fuzz@example.test', password: 'Fuzz-Passw0rd!1' } });
    const token = ((await res.json()) as Json).accessToken as string;
    await fc.assert(
      fc.asyncProperty(
        bodies({ currentPassword: 'Not-The-Passw0rd!', newPassword: 'Another-Passw0rd!2' }),
        async ({ body, contentType }) => {
          // Wrong current password: the guard counts failures, so the answer may turn to 429; both are refusals.
          await check.check({
            method: 'POST',
            path: '/api/auth/change-password',
            headers: { authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) },
            body,
          });
        },
      ),
      RUNS,
    );
  });
});

describe('admin paths and queries', () => {
  it('every admin route with a generated id, key or usage type', async () => {
    const routes: [string, (s: string) => string][] = [
      ['GET', (s) => `/api/products/${s}`],
      ['PUT', (s) => `/api/products/${s}`],
      ['DELETE', (s) => `/api/products/${s}/images/${s}`],
      ['PATCH', (s) => `/api/products/${ids.product}/images/${s}`],
      ['DELETE', (s) => `/api/products/${ids.product}/documents/${s}`],
      ['GET', (s) => `/api/inquiries/${s}`],
      ['DELETE', (s) => `/api/inquiries/${s}`],
      ['GET', (s) => `/api/smtp/accounts/${s}`],
      ['DELETE', (s) => `/api/smtp/accounts/${s}`],
      ['PUT', (s) => `/api/smtp/settings/${s}`],
      ['DELETE', (s) => `/api/smtp/settings/${s}`],
      ['GET', (s) => `/api/email-responses/${s}`],
      ['GET', (s) => `/api/email-responses/inquiry/${s}`],
      ['DELETE', (s) => `/api/email-responses/${s}`],
      ['GET', (s) => `/api/admin/technical-documents/${s}`],
      ['DELETE', (s) => `/api/admin/technical-documents/${s}`],
      ['DELETE', (s) => `/api/newsletter/admin/subscribers/${s}`],
      ['GET', (s) => `/api/newsletter/admin/sendings/${s}`],
      ['GET', (s) => `/api/newsletter/admin/sendings/${s}/deliveries`],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        pathSegments.filter((s) => !/^[1-9]\d{0,5}$/.test(s)),
        bodies(),
        async ([method, path], segment, { body, contentType }) => {
          // Ids that could name a real row are left out: a valid delete is allowed to delete.
          await check.check({ method, path: path(segment), headers: withAuth(contentType), body });
        },
      ),
      { ...RUNS, numRuns: RUNS.numRuns * 2 },
    );
  });

  it('every admin list with generated query strings and headers', async () => {
    const lists: [string, string[]][] = [
      ['/api/products', ['page', 'limit', 'search', 'category']],
      ['/api/inquiries', ['page', 'limit']],
      ['/api/email-responses', ['page', 'limit']],
      [`/api/email-responses/inquiry/1`, ['page', 'limit']],
      ['/api/admin/technical-documents', ['page', 'limit', 'search', 'type', 'sortBy', 'sortOrder']],
      ['/api/newsletter/admin/subscribers', ['search', 'status']],
      ['/api/newsletter/admin/export', ['format']],
      ['/api/newsletter/admin/sendings/1/deliveries', ['status', 'page', 'limit']],
      ['/api/stats', []],
      ['/api/smtp/settings', []],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists).chain(([path, names]) => queryStrings([...names, 'x']).map((q) => `${path}?${q}`)),
        hostileHeaders.map((h) => ({ ...h, ...auth })),
        async (path, headers) => {
          await check.check({ method: 'GET', path, headers });
        },
      ),
      { ...RUNS, numRuns: RUNS.numRuns * 2 },
    );
  });
});
