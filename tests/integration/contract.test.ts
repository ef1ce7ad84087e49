// The contract test, in the spirit of schemathesis: requests generated from /api/openapi.json (fast-check)
// against the real server, anonymously and as a signed-in admin, for every operation. Checks: no 5xx;
// every status is documented; content type and body match the documented answer (ajv); invalid
// bodies are refused with a documented 4xx problem; schema-valid reads are accepted.
// Fixed seed in CI; CONTRACT_SEED=<n> (or 'random') explores; CONTRACT_RUNS sets examples per operation.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../support/auth.ts';
import {
  loadContract,
  operationsOf,
  pathArbitrary,
  qs,
  queryArbitrary,
  RUNS,
  SEED,
  type Operation,
  type Sent,
} from '../support/contract.ts';
import { arbitraryOf, invalidOf, type JsonSchema } from '../support/schema-arbitrary.ts';
import { engineInput, makePdf, upload } from '../fixtures/catalogue.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let token: string;
let contract: Awaited<ReturnType<typeof loadContract>>;
const failures: string[] = [];

beforeAll(async () => {
  server = await startServer();
  token = (await signInAsAdmin(server)).accessToken;
  contract = await loadContract(server);
}, 120_000);
afterAll(() => server?.stop());

const check = (op: Operation, sent: Sent, res: Response) => contract.check(op, sent, res);

async function send(sent: Sent) {
  return server.api(sent.url, {
    method: sent.method.toUpperCase(),
    token: sent.auth ? token : undefined,
    ...(sent.body !== undefined ? { json: sent.body } : {}),
  });
}

// Writes that would end the admin's own session run at the end, and only anonymously before.
const SESSION_ENDING = new Set(['post /auth/logout', 'post /auth/change-password']);

describe(`API contract (seed ${SEED}, ${RUNS} examples per operation)`, () => {
  it('every operation, anonymous and signed in, answers as documented', async () => {
    const operations = operationsOf(contract.doc);
    expect(operations.length).toBeGreaterThanOrEqual(80);
    const ordered = [
      ...operations.filter((o) => !SESSION_ENDING.has(`${o.method} ${o.path}`)),
      ...operations.filter((o) => SESSION_ENDING.has(`${o.method} ${o.path}`)),
    ];
    for (const { path, method, op } of ordered) {
      const params = op.parameters ?? [];
      const jsonBody = op.requestBody?.content['application/json']?.schema as JsonSchema | undefined;
      const request = fc.record({
        path: pathArbitrary(path, params),
        query: queryArbitrary(params),
        body: jsonBody ? arbitraryOf(jsonBody) : fc.constant(undefined),
        auth: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ path: p, query, body, auth }) => {
          const sent: Sent = { method, path, url: `${p}${qs(query)}`, body, auth };
          const failure = await check(op, sent, await send(sent));
          // Recorded, not thrown: every operation runs and the report lists every failure at once.
          if (failure) failures.push(failure);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }
    expect(failures).toEqual([]);
  });

  it('invalid bodies are refused with a documented 4xx problem and the message in `error`', async () => {
    token = (await signInAsAdmin(server)).accessToken; // the first test ended its session with /auth/logout
    const writes = Object.entries(contract.doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, op]) => op.requestBody?.content['application/json'] && !SESSION_ENDING.has(`${method} ${path}`))
        .map(([method, op]) => ({ path, method, op })),
    );
    const refused: string[] = [];
    for (const { path, method, op } of writes) {
      const schema = op.requestBody!.content['application/json']!.schema as JsonSchema;
      await fc.assert(
        fc.asyncProperty(pathArbitrary(path, op.parameters ?? []), invalidOf(schema), async (p, body) => {
          const sent: Sent = { method, path, url: p, body, auth: true };
          const res = await send(sent);
          const failure =
            (await check(op, sent, res.clone())) ??
            (res.status < 400 || res.status >= 500
              ? `${method.toUpperCase()} ${p} accepted invalid ${JSON.stringify(body).slice(0, 200)} with ${res.status}`
              : null);
          if (!failure && res.status !== 404 && res.status !== 429) {
            const problem = (await res.json()) as { error?: unknown; status?: unknown };
            if (typeof problem.error !== 'string' || problem.status !== res.status)
              refused.push(`${method.toUpperCase()} ${p}: ${res.status} without a problem body`);
          }
          if (failure) refused.push(failure);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }
    expect(refused).toEqual([]);
  });

  it('schema-valid reads without path parameters are accepted (2xx) for the admin', async () => {
    token = (await signInAsAdmin(server)).accessToken;
    const reads = Object.entries(contract.doc.paths).filter(([path, methods]) => methods.get && !path.includes('{'));
    const rejected: string[] = [];
    for (const [path, methods] of reads) {
      await fc.assert(
        fc.asyncProperty(queryArbitrary(methods.get!.parameters ?? []), async (query) => {
          const res = await send({ method: 'get', path, url: `${path}${qs(query)}`, auth: true });
          if (res.status >= 300) rejected.push(`GET ${path}${qs(query)}: ${res.status} ${(await res.text()).slice(0, 200)}`);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }
    expect(rejected).toEqual([]);
  });

  // The groups schemathesis found (issue 38, docs/decisions/121), kept by the suite.
  const writesOf = () =>
    operationsOf(contract.doc).filter(
      ({ method, op }) =>
        ['post', 'put', 'patch', 'delete'].includes(method) &&
        op.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey'),
    );
  /** The path with each parameter filled: its first documented value when it has a list, else 1. */
  const concrete = (path: string) =>
    path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const params = Object.values(contract.doc.paths[path] ?? {}).flatMap((o) => o.parameters ?? []);
      const values = params.find((p) => p.in === 'path' && p.name === name)?.schema?.enum;
      return values?.length ? String(values[0]) : '1';
    });

  it('a malformed Idempotency-Key, and one reused for another request, answer documented statuses', async () => {
    token = (await signInAsAdmin(server)).accessToken;
    const undocumented: string[] = [];
    const answer = async (method: string, path: string, op: Operation, key: string) => {
      const sent: Sent = { method, path, url: concrete(path), auth: true };
      const res = await server.api(sent.url, { method: method.toUpperCase(), token, headers: { 'idempotency-key': key }, json: {} });
      const failure = await check(op, sent, res.clone());
      if (failure) undocumented.push(failure);
      return res.status;
    };
    // One key recorded by a write that succeeds; every other write with it is another request (422),
    // refused before it runs: nothing changes, no mail leaves.
    const key = crypto.randomUUID();
    expect((await server.api('/auth/extend', { method: 'POST', token, headers: { 'idempotency-key': key } })).status).toBe(200);
    const statuses = new Map<number, number>();
    for (const { method, path, op } of writesOf()) {
      if (SESSION_ENDING.has(`${method} ${path}`) || /^\/auth\/(login|refresh|change-password|extend)$/.test(path)) continue;
      expect([method, path, await answer(method, path, op, 'not-a-uuid')]).toEqual([method, path, 400]);
      const status = await answer(method, path, op, key);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(undocumented).toEqual([]);
    expect(statuses.get(422)).toBeGreaterThanOrEqual(30);
  });

  it('a method a documented path does not have answers 405 with the documented methods in Allow', async () => {
    const wrong: string[] = [];
    for (const [path, methods] of Object.entries(contract.doc.paths)) {
      const documented = Object.keys(methods).map((m) => m.toUpperCase());
      const res = await server.api(concrete(path), { method: 'PROPFIND', token });
      const allow = (res.headers.get('allow') ?? '').split(/,\s*/).filter(Boolean);
      // Allow may name more: '/smtp/settings/usages' is also a '/smtp/settings/{usageType}' to the router.
      if (res.status !== 405 || !documented.every((m) => allow.includes(m)) || (documented.includes('GET') && !allow.includes('HEAD')))
        wrong.push(`PROPFIND ${path}: ${res.status} Allow: ${allow.join(', ')} (documented ${documented.join(', ')})`);
    }
    expect(wrong).toEqual([]);
    expect((await server.api('/no-such-route', { method: 'PROPFIND' })).status).toBe(404);
  });

  it('HEAD answers are documented without a body and sent without one', async () => {
    const heads = operationsOf(contract.doc).filter((o) => o.method === 'head');
    expect(heads.length).toBeGreaterThanOrEqual(5);
    for (const { path, op } of heads) {
      for (const [status, answer] of Object.entries(op.responses))
        expect([path, status, answer.content]).toEqual([path, status, undefined]);
      const res = await server.api(concrete(path), { method: 'HEAD' });
      expect([path, res.status in op.responses, await res.text()]).toEqual([path, true, '']);
    }
  });

  it('a query parameter the document does not name, or one given twice, is refused with a documented 400', async () => {
    token = (await signInAsAdmin(server)).accessToken;
    const accepted: string[] = [];
    const reads = Object.entries(contract.doc.paths).filter(
      ([path, methods]) => methods.get?.parameters?.some((p) => p.in === 'query') && !path.includes('{'),
    );
    expect(reads.length).toBeGreaterThanOrEqual(6);
    for (const [path, methods] of reads) {
      const first = methods.get!.parameters!.find((p) => p.in === 'query')!.name!;
      for (const query of ['?unknown-parameter=1', `?${first}=1&${first}=1`]) {
        const res = await send({ method: 'get', path, url: `${path}${query}`, auth: true });
        const body = (await res.json()) as { errors?: { field: string }[] };
        if (res.status !== 400 || !methods.get!.responses['400'] || !body.errors?.length)
          accepted.push(`GET ${path}${query}: ${res.status}`);
      }
    }
    expect(accepted).toEqual([]);
  });
  /**
   * Query values a parameter's schema refuses: another type, no choice of its enum (`''` and `all`
   * included, which are no "none"), past its range or length, a NUL. Strings, as a URL carries them.
   */
  const invalidQueryValues = (schema: JsonSchema): string[] => {
    const values: string[] = [];
    if (schema.enum) {
      values.push('not-a-choice', '');
      if (!schema.enum.includes('all')) values.push('all');
      if (schema.type === 'number' || schema.type === 'integer') values.push('15', '0x14');
      return values;
    }
    if (schema.type === 'integer' || schema.type === 'number') {
      values.push('abc', '', ' 1', '0x10', 'all');
      if (schema.type === 'integer') values.push('1.5');
      if (schema.minimum !== undefined) values.push(String(schema.minimum - 1));
      if (schema.maximum !== undefined && Number.isSafeInteger(schema.maximum + 1)) values.push(String(schema.maximum + 1));
    }
    if (schema.type === 'string') {
      if (schema.maxLength !== undefined) values.push('x'.repeat(schema.maxLength + 1));
      values.push('a\u0000b');
    }
    return values;
  };

  it('a query value outside its documented type, choices or range is refused with a documented 400 naming it', async () => {
    token = (await signInAsAdmin(server)).accessToken;
    const accepted: string[] = [];
    let tried = 0;
    for (const { path, op } of operationsOf(contract.doc).filter(({ method, path }) => method === 'get' && !path.includes('{'))) {
      for (const { name, schema } of (op.parameters ?? []).filter((p) => p.in === 'query' && p.schema)) {
        for (const value of invalidQueryValues(schema!)) {
          tried++;
          const url = `${path}?${new URLSearchParams({ [name!]: value })}`;
          const res = await send({ method: 'get', path, url, auth: true });
          const body = (await res.json().catch(() => ({}))) as { error?: unknown; errors?: { field: string }[] };
          if (res.status !== 400 || !op.responses['400'] || typeof body.error !== 'string' || !body.errors?.some((e) => e.field === name))
            accepted.push(`GET ${url}: ${res.status} ${JSON.stringify(body).slice(0, 120)}`);
        }
      }
    }
    expect(accepted).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(100);
  });

  // The findings of the seed 1 and 7 runs (docs/decisions/122).
  it('a file part named for several files is documented as one part or several, and one part alone is accepted', async () => {
    token = (await signInAsAdmin(server)).accessToken;
    const path = '/products/{id}/documents';
    const op = contract.doc.paths[path]!.post!;
    const form = op.requestBody!.content['multipart/form-data']!.schema!;
    const file = expect.objectContaining({ type: 'string', format: 'binary', minLength: 1 });
    expect(form.properties!.documents!.anyOf).toEqual([file, expect.objectContaining({ type: 'array', minItems: 1, items: file })]);
    const listing = (await (await server.api('/products', { method: 'POST', token, json: engineInput() })).json()) as { id: number };
    const url = `/products/${listing.id}/documents`;
    const pdf = makePdf('Notice', ['Une page']);
    const one = await upload(server, url, token, [{ field: 'documents', name: 'notice.pdf', bytes: pdf, type: 'application/pdf' }]);
    // The same part without a filename (RFC 7578: it SHOULD have one), as a generator sends a binary string.
    const boundary = 'contract-one-part';
    const bare = await server.api(url, {
      method: 'POST',
      token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="documents"\r\nContent-Type: application/pdf\r\n\r\n`),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    for (const res of [one, bare]) {
      expect(await check(op, { method: 'post', path, url, auth: true }, res.clone())).toBeNull();
      expect(res.status).toBe(201);
      expect(((await res.json()) as { documents: unknown[] }).documents).toHaveLength(1);
    }
  });

  it("a document batch's titles and descriptions are documented as one part per file, and the server reads them so", async () => {
    token = (await signInAsAdmin(server)).accessToken;
    const path = '/products/{id}/documents';
    const op = contract.doc.paths[path]!.post!;
    const form = op.requestBody!.content['multipart/form-data']!.schema!;
    for (const [name, max] of [
      ['titles', 200],
      ['titlesEn', 200],
      ['descriptions', 5000],
    ] as const)
      expect(form.properties![name]).toMatchObject({
        type: ['string', 'array'],
        maxLength: max,
        maxItems: 10,
        items: { type: 'string', maxLength: max },
      });
    const listing = (await (await server.api('/products', { method: 'POST', token, json: engineInput() })).json()) as { id: number };
    const url = `/products/${listing.id}/documents`;
    const post = (parts: [string, string][], files = 1, language = 'fr') => {
      const body = new FormData();
      for (let i = 0; i < files; i++)
        body.append('documents', new Blob([new Uint8Array(makePdf(`Page ${i}`, []))], { type: 'application/pdf' }), `doc-${i}.pdf`);
      for (const [name, value] of parts) body.append(name, value);
      return server.api(url, { method: 'POST', token, body, headers: { 'accept-language': language } });
    };
    const stored = async (res: Response) => {
      expect(await check(op, { method: 'post', path, url, auth: true }, res.clone())).toBeNull();
      expect(res.status).toBe(201);
      const { documents } = (await res.json()) as { documents: { title: string; titleEn: string | null; description: string | null }[] };
      return documents.map((d) => [d.title, d.titleEn, d.description]);
    };

    // One part per file, as schemathesis and any OpenAPI 3.1 client send an array in a form.
    const repeated = await post(
      [
        ['titles', 'Fiche technique C18'],
        ['titles', 'Notice de montage'],
        ['titlesEn', 'C18 data sheet'],
        ['titlesEn', 'Fitting instructions'],
        ['descriptions', 'Données constructeur'],
        ['descriptions', ''],
      ],
      2,
    );
    expect(await stored(repeated)).toEqual([
      ['Fiche technique C18', 'C18 data sheet', 'Données constructeur'],
      ['Notice de montage', 'Fitting instructions', null],
    ]);
    // The admin's form: one part holding a JSON array; a lone text that is not one is the title itself.
    const admin = await post([
      ['titles', '["Fiche technique"]'],
      ['titlesEn', '[""]'],
      ['descriptions', '["Révision 2024"]'],
    ]);
    expect(await stored(admin)).toEqual([['Fiche technique', null, 'Révision 2024']]);
    expect(await stored(await post([['titles', '[PDF] Manuel C18']]))).toEqual([['[PDF] Manuel C18', null, null]]);

    // What the schema refuses is refused: more parts than a batch has files, a text past its length.
    const eleven = Array.from({ length: 11 }, (_, i): [string, string] => ['titles', `Titre ${i}`]);
    const refusals = [
      [await post(eleven), 'titles: 10 textes au maximum, un par fichier'],
      [await post(eleven, 1, 'en'), 'titles: 10 texts at most, one per file'],
      [await post([['titles', 'x'.repeat(201)]]), 'titles: 200 caractères au maximum par texte'],
      [
        await post(
          [
            ['descriptions', 'court'],
            ['descriptions', 'y'.repeat(5001)],
          ],
          2,
          'en',
        ),
        'descriptions: 5000 characters at most per text',
      ],
    ] as const;
    for (const [res, message] of refusals) {
      expect(await check(op, { method: 'post', path, url, auth: true }, res.clone())).toBeNull();
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(message);
    }
  });

  it("a webhook's documented example is accepted, and its url's documented pattern is what the server takes", async () => {
    token = (await signInAsAdmin(server)).accessToken;
    const op = contract.doc.paths['/admin/webhooks']!.post!;
    const body = op.requestBody!.content['application/json']! as { schema: JsonSchema; example: { url: string } };
    const pattern = new RegExp(body.schema.properties!.url!.pattern!, 'u');
    // The example names a host that resolves nowhere offline: a name is resolved at delivery, not here.
    expect(pattern.test(body.example.url)).toBe(true);
    const created = await server.api('/admin/webhooks', { method: 'POST', token, json: { ...body.example, enabled: false } });
    expect(await check(op, { method: 'post', path: '/admin/webhooks', url: '/admin/webhooks', auth: true }, created.clone())).toBeNull();
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const patchOp = contract.doc.paths['/admin/webhooks/{id}']!.patch!;
    const sent: Sent = { method: 'patch', path: '/admin/webhooks/{id}', url: `/admin/webhooks/${id}`, auth: true };
    // [url, what the pattern says, the answer]: the server refuses what the pattern refuses (400); a written
    // address it may not reach is well-formed, and refused with the documented 422.
    for (const [url, matches, status] of [
      ['0'.repeat(2048), false, 400],
      ['ftp://erp.example.com/hooks', false, 400],
      ['https://user:secret@erp.example.com/hooks', false, 400],
      ['http://169.254.169.254/latest', true, 422],
      ['https://hooks.example.net:8443/catalogue?v=2', true, 200],
    ] as const) {
      const res = await server.api(sent.url, { method: 'PATCH', token, json: { url } });
      expect(await check(patchOp, sent, res.clone())).toBeNull();
      expect([url.slice(0, 50), pattern.test(url), res.status]).toEqual([url.slice(0, 50), matches, status]);
    }
    expect((await server.api(sent.url, { method: 'DELETE', token })).status).toBe(200);
  });

  // Last: a token's allowed writes may delete the records other checks point at.
  it('every guarded operation answers an API token as its x-token-access says: 403 where the access cannot hold it', async () => {
    token = (await signInAsAdmin(server)).accessToken;
    const permissions = { listings: ['write'], messages: ['read'], mailAccounts: ['read', 'write'], statistics: ['read'] };
    const tokens: Record<string, { value: string; holds: (resource: string, action: string, accesses: string[]) => boolean }> = {};
    for (const access of ['read-only', 'full', 'custom']) {
      const res = await server.api('/admin/api-tokens', {
        method: 'POST',
        token,
        json: { name: `Contrat ${access}`, access, expiresInDays: 7, ...(access === 'custom' ? { permissions } : {}) },
      });
      const value = ((await res.json()) as { token: string }).token;
      tokens[access] = {
        value,
        holds: (resource, action, accesses) =>
          access === 'custom'
            ? ((permissions as Record<string, string[]>)[resource]?.includes(action) ?? false)
            : accesses.includes(access),
      };
    }
    type Access = 'none' | { resource: string; action: string; accesses: string[] };
    const guarded = operationsOf(contract.doc).filter(({ op }) => (op as { 'x-token-access'?: Access })['x-token-access']);
    expect(guarded.length).toBeGreaterThanOrEqual(40);
    const wrong: string[] = [];
    for (const { path, method, op } of guarded) {
      const access = (op as { 'x-token-access'?: Access })['x-token-access']!;
      const body = op.requestBody?.content['application/json'] ? { json: {} } : {};
      for (const [name, { value, holds }] of Object.entries(tokens)) {
        const res = await server.api(concrete(path), { method: method.toUpperCase(), token: value, ...body });
        const allowed = access !== 'none' && holds(access.resource, access.action, access.accesses);
        const fits = allowed ? res.status !== 403 && res.status !== 401 : res.status === 403;
        if (!fits || !(String(res.status) in op.responses)) wrong.push(`${name} ${method.toUpperCase()} ${path}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
