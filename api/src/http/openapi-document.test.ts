// The document covers every route the app answers, each with a summary and a success answer, and
// its parts (security, parameters, Idempotency-Key, errors) follow from the route's own definition.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boot } from '../boot.ts';
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
const document = buildOpenApi(app.routes) as unknown as { paths: Record<string, Record<string, Operation>> };
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
      expect([p, op(method, p)?.security]).toEqual([p, [{ bearer: [] }]]);
      expect(Object.keys(op(method, p)!.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
    expect(op('get', '/products')!.security).toBeUndefined();
    expect(op('post', '/inquiries')!.security).toBeUndefined();
    expect(op('post', '/auth/refresh')!.security).toEqual([{ refreshCookie: [] }, {}]);
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
});
