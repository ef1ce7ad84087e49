// The document covers every route the app answers, each with a summary and a success answer, and
// its parts (security, parameters, Idempotency-Key, errors) follow from the route's own definition.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boot } from '../boot.ts';
import { IDEMPOTENCY_KEY_SOURCE } from '@app/domain/idempotency';
import { WEBHOOK_EVENTS } from '@app/domain/webhooks';
import { allowedMethodsOf } from './allowed-methods.ts';
import { answeredRoutes, buildOpenApi, toOpenApiPath } from './openapi-document.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-doc-'));
const { app, deps } = await boot({ DATA_DIR: dataDir, LOG_LEVEL: 'error', NODE_ENV: 'test' });
afterAll(async () => {
  await deps.db.$close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Operation = {
  summary: string;
  security?: unknown[];
  parameters?: { $ref?: string; name?: string; in?: string }[];
  responses: Record<string, unknown>;
  requestBody?: unknown;
};
const document = buildOpenApi(app.routes) as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, { schema: unknown }> };
};
const op = (method: string, p: string) => document.paths[p]?.[method];

describe('OpenAPI document', () => {
  it('documents every method and path the app answers, each with a summary and a success answer', () => {
    const routes = answeredRoutes(app.routes);
    expect(routes.length).toBeGreaterThanOrEqual(80);
    const missing = routes.filter((key) => {
      const [method, p] = key.split(' ') as [string, string];
      const o = op(method.toLowerCase(), toOpenApiPath(p).path);
      return !o || !o.summary || !Object.keys(o.responses).some((s) => /^2\d\d$/.test(s));
    });
    expect(missing).toEqual([]);
  });

  it('marks admin routes with the bearer scheme and their 401/403 answers, and public ones without', () => {
    for (const [method, p] of [
      ['get', '/smtp/accounts'],
      ['delete', '/inquiries/{id}'],
      ['post', '/products'],
      ['get', '/newsletter/admin/stats'],
      ['get', '/email-responses'],
    ] as const) {
      // An administrator's access token, or an API token whose access holds the operation.
      expect([p, op(method, p)?.security]).toEqual([p, [{ bearer: [] }, { apiToken: [] }]]);
      expect(Object.keys(op(method, p)!.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
    expect(op('get', '/products')!.security).toBeUndefined();
    expect(op('post', '/inquiries')!.security).toBeUndefined();
    expect(op('post', '/auth/refresh')!.security).toEqual([{ refreshCookie: [] }, {}]);
  });

  it('documents the API token as a bearer scheme and says what access each guarded operation needs', () => {
    const full = document as unknown as {
      components: { securitySchemes: Record<string, { type: string; scheme: string; description: string }> };
    };
    expect(full.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(full.components.securitySchemes.apiToken!.description).toContain('x-token-access');
    const access = (method: string, p: string) => (op(method, p) as unknown as { 'x-token-access'?: unknown })['x-token-access'];
    expect(access('get', '/inquiries')).toEqual({ resource: 'messages', action: 'read', accesses: ['read-only', 'full', 'custom'] });
    expect(access('post', '/products')).toEqual({ resource: 'listings', action: 'write', accesses: ['full', 'custom'] });
    expect(access('get', '/smtp/accounts')).toEqual({ resource: 'mailAccounts', action: 'read', accesses: ['custom'] });
    expect(access('get', '/stats')).toEqual({ resource: 'statistics', action: 'read', accesses: ['read-only', 'full', 'custom'] });
    // Accounts, sessions and token management: an administrator's access token only.
    for (const [method, p] of [
      ['get', '/admin/api-tokens'],
      ['post', '/admin/api-tokens'],
      ['post', '/admin/api-tokens/{id}/regenerate'],
      ['delete', '/admin/api-tokens/{id}'],
      ['get', '/auth/profile'],
      ['post', '/auth/change-password'],
    ] as const) {
      expect([method, p, op(method, p)?.security, access(method, p)]).toEqual([method, p, [{ bearer: [] }], 'none']);
      expect(Object.keys(op(method, p)!.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
    // Public operations say nothing of tokens.
    expect(access('get', '/products')).toBeUndefined();
  });

  it('documents the API token routes with their bodies and answers, the value only where it is shown once', () => {
    const schemaOf = (method: string, p: string, status: string) =>
      (
        op(method, p)!.responses[status] as {
          content: { 'application/json': { schema: { properties: Record<string, unknown>; required?: string[] } } };
        }
      ).content['application/json'].schema;
    const created = schemaOf('post', '/admin/api-tokens', '201');
    expect(created.required).toEqual(expect.arrayContaining(['token', 'id', 'name', 'access', 'expiresAt', 'lastUsedAt']));
    expect(schemaOf('post', '/admin/api-tokens/{id}/regenerate', '200').required).toContain('token');
    const listed = schemaOf('get', '/admin/api-tokens', '200').properties.tokens as { items: { properties: Record<string, unknown> } };
    expect(Object.keys(listed.items.properties).sort()).toEqual(
      ['access', 'createdAt', 'description', 'expiresAt', 'id', 'lastUsedAt', 'name', 'permissions'].sort(),
    );
    const body = JSON.stringify(op('post', '/admin/api-tokens')!.requestBody);
    for (const part of ['"read-only"', '"full"', '"custom"', '"permissions"', '"expiresInDays"', '"mailAccounts"'])
      expect(body).toContain(part);
    expect(Object.keys(op('delete', '/admin/api-tokens/{id}')!.responses)).toEqual(expect.arrayContaining(['200', '404']));
  });

  it('documents the webhook routes for administrators only, and each event with its body in `webhooks`', () => {
    const access = (method: string, p: string) => (op(method, p) as unknown as { 'x-token-access'?: unknown })['x-token-access'];
    for (const [method, p] of [
      ['get', '/admin/webhooks'],
      ['post', '/admin/webhooks'],
      ['patch', '/admin/webhooks/{id}'],
      ['delete', '/admin/webhooks/{id}'],
      ['post', '/admin/webhooks/{id}/test'],
      ['get', '/admin/webhooks/{id}/deliveries'],
      ['post', '/admin/webhooks/{id}/deliveries/{deliveryId}/retry'],
    ] as const)
      expect([method, p, op(method, p)?.security, access(method, p)]).toEqual([method, p, [{ bearer: [] }], 'none']);
    const hooks = (document as unknown as { webhooks: Record<string, { post: { requestBody: unknown; parameters: { name: string }[] } }> })
      .webhooks;
    expect(Object.keys(hooks).sort()).toEqual([...WEBHOOK_EVENTS, 'ping'].sort());
    expect(hooks['listing.created']!.post.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    const listing = JSON.stringify(hooks['listing.updated']!.post.requestBody);
    for (const part of ['"type"', '"timestamp"', '"data"', '"images"', '"documents"', '"price"']) expect(listing).toContain(part);
    // Ids only where personal data would travel.
    expect(JSON.stringify(hooks['inquiry.received']!.post.requestBody)).not.toContain('email');
  });

  it('declares Idempotency-Key with its 400, 409 and 422 on every write, and on no read', () => {
    for (const [p, methods] of Object.entries(document.paths)) {
      for (const [method, o] of Object.entries(methods)) {
        const declared = o.parameters?.some((x) => x.$ref === '#/components/parameters/IdempotencyKey') ?? false;
        expect([method, p, declared]).toEqual([method, p, ['post', 'put', 'patch', 'delete'].includes(method)]);
        if (declared) expect(Object.keys(o.responses)).toEqual(expect.arrayContaining(['400', '409', '422']));
      }
    }
  });

  it('takes parameters, query and body from the validators, and errors as problem+json', () => {
    expect(op('get', '/products')!.parameters!.map((x) => x.name)).toEqual(expect.arrayContaining(['search', 'page', 'limit']));
    expect(op('put', '/smtp/accounts/{id}')!.parameters![0]).toMatchObject({ name: 'id', in: 'path' });
    expect(op('patch', '/products/{id}')!.requestBody).toMatchObject({
      content: { 'application/json': { schema: { required: ['version'] } } },
    });
    expect(op('post', '/smtp/accounts')!.responses['400']).toEqual({
      description: expect.any(String),
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    });
    expect(Object.keys(op('put', '/products/{id}')!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '500']),
    );
  });

  it('gives Idempotency-Key a format to draw a fresh key from (a UUID), never one value to copy', () => {
    expect(document.components.parameters.IdempotencyKey!.schema).toEqual({ type: 'string', format: 'uuid' });
    expect(new RegExp(IDEMPOTENCY_KEY_SOURCE).test(crypto.randomUUID())).toBe(true);
  });

  it('describes HEAD answers, errors included, without a body', () => {
    const heads = Object.values(document.paths).flatMap((methods) => (methods.head ? [methods.head] : []));
    expect(heads.length).toBeGreaterThanOrEqual(5);
    for (const head of heads) for (const answer of Object.values(head.responses)) expect(answer).not.toHaveProperty('content');
  });

  it('says of every request text that a NUL character is refused, and of every file part that it has a byte', () => {
    const search = op('get', '/products')!.parameters!.find((x) => x.name === 'search') as { schema: unknown };
    expect(search.schema).toMatchObject({ type: 'string', pattern: '^[^\\u0000]*$' });
    // A required text says both rules in one pattern: not blank, and no NUL.
    const create = op('post', '/products')!.requestBody as {
      content: Record<string, { schema: { properties: Record<string, { pattern: string }> } }>;
    };
    const title = new RegExp(create.content['application/json']!.schema.properties.titleFr!.pattern, 'u');
    expect(['Moteur', '  Moteur ', '', '   ', 'Mo\u0000teur'].map((v) => title.test(v))).toEqual([true, true, false, false, false]);
    const upload = op('post', '/products/{id}/images')!.requestBody as {
      content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
    };
    const form = upload.content['multipart/form-data']!.schema;
    expect(form.required).toContain('image');
    expect(form.properties.image).toMatchObject({ minLength: 1 });
    // A pattern that cannot match a NUL says it alone: no second pattern in allOf for a generator to filter by.
    type Branches = { anyOf: { type: string; pattern?: string; allOf?: unknown }[] };
    const put = op('put', '/products/{id}')!.requestBody as {
      content: Record<string, { schema: { properties: Record<string, Branches> } }>;
    };
    const weight = put.content['application/json']!.schema.properties.weight!.anyOf.find((b) => b.type === 'string')!;
    expect(weight.allOf).toBeUndefined();
    expect(['12', '12\u0000'].map((v) => new RegExp(weight.pattern!, 'u').test(v))).toEqual([true, false]);
  });

  it("names the file types each upload accepts in the part's encoding, and keeps a route's own 422 beside the key's", () => {
    type Multipart = { content: Record<string, { encoding?: Record<string, { contentType: string }> }> };
    const encodingOf = (p: string) => (op('post', p)!.requestBody as Multipart).content['multipart/form-data']!.encoding;
    expect(encodingOf('/products/{id}/images')).toEqual({ image: { contentType: 'image/jpeg, image/png, image/webp' } });
    expect(encodingOf('/products/{id}/documents')!.documents!.contentType).toContain('text/plain');
    expect(encodingOf('/admin/technical-documents/upload')!.document!.contentType.split(', ')).toEqual([
      'application/pdf',
      'image/jpeg',
      'image/png',
      'image/webp',
      'video/mp4',
      'video/webm',
      'video/ogg',
    ]);
    const unreadable = op('post', '/products/{id}/images')!.responses['422'] as { description: string };
    expect(unreadable.description).toMatch(/^The image cannot be decoded.*; or the Idempotency-Key was used for a different request$/);
    expect((op('put', '/admin/technical-documents/{id}')!.responses['404'] as { description: string }).description).toContain('productId');
  });
});

describe('methods a path does not have', () => {
  const allowedOn = allowedMethodsOf(app.routes);
  it('lists the methods of a known path, HEAD beside GET, and none for an unknown path', () => {
    expect(allowedOn('/api/health')).toEqual(['GET', 'HEAD']);
    expect(allowedOn('/api/products/12').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH', 'PUT']);
    expect(allowedOn('/api/products/abc')).toEqual([]);
    // A path named by a route is its own resource, though a route with a parameter would match it.
    expect(allowedOn('/api/smtp/settings/usages', 'PUT')).toEqual(['GET', 'HEAD']);
    expect(allowedOn('/api/smtp/settings/newsletter', 'PUT')).toEqual([]);
    expect(allowedOn('/api/nowhere')).toEqual([]);
  });

  it('answers 405 with Allow for another method on a known path, and 404 on an unknown one', async () => {
    const res = await app.request('/api/openapi.json', { method: 'PROPFIND' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.json()).toMatchObject({ status: 405, error: 'Méthode non autorisée pour cette ressource' });
    const en = await app.request('/api/health', { method: 'DELETE', headers: { 'accept-language': 'en' } });
    expect([en.status, ((await en.json()) as { error: string }).error]).toEqual([405, 'Method not allowed for this resource']);
    expect((await app.request('/api/nowhere', { method: 'PROPFIND' })).status).toBe(404);
  });
});
