// The contract test, in the spirit of schemathesis: requests generated from /api/openapi.json (fast-check)
// against the real server, anonymously and as a signed-in admin, for every operation. Checks: no 5xx;
// every status is documented; content type and body match the documented answer (ajv); invalid
// bodies are refused with a documented 4xx problem; schema-valid reads are accepted.
// Fixed seed in CI; CONTRACT_SEED=<n> (or 'random') explores; CONTRACT_RUNS sets examples per operation.
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../support/auth.ts';
import { arbitraryOf, invalidOf, type JsonSchema } from '../support/schema-arbitrary.ts';
import { startServer, type TestServer } from '../support/server.ts';

const seedEnv = process.env.CONTRACT_SEED;
const SEED = seedEnv === 'random' ? Date.now() % 2 ** 31 : Number(seedEnv ?? 20261124);
const RUNS = Number(process.env.CONTRACT_RUNS ?? 6);

type Parameter = { name?: string; in?: string; required?: boolean; schema?: JsonSchema; $ref?: string };
type Content = Record<string, { schema?: JsonSchema & { $ref?: string } }>;
type Operation = { parameters?: Parameter[]; requestBody?: { content: Content }; responses: Record<string, { content?: Content }>; security?: unknown[] };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, JsonSchema> } };

let server: TestServer;
let token: string;
let doc: Doc;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
const failures: string[] = [];

beforeAll(async () => {
  server = await startServer();
  token = (await signInAsAdmin(server)).accessToken;
  doc = (await (await server.api('/openapi.json')).json()) as Doc;
}, 120_000);
afterAll(() => server?.stop());

const resolve = (schema: JsonSchema & { $ref?: string }) => (schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!]! : schema);
const validators = new Map<object, ReturnType<typeof ajv.compile>>();
const validatorOf = (schema: JsonSchema) => {
  if (!validators.has(schema)) validators.set(schema, ajv.compile(schema));
  return validators.get(schema)!;
};

type Sent = { method: string; path: string; url: string; body?: unknown; auth: boolean };

/** Checks one answer against the document; returns a failure description or null. */
async function check(op: Operation, sent: Sent, res: Response): Promise<string | null> {
  const where = `${sent.method.toUpperCase()} ${sent.url}${sent.auth ? ' (admin)' : ''}${sent.body !== undefined ? ` body=${JSON.stringify(sent.body).slice(0, 200)}` : ''}`;
  const text = await res.text();
  if (res.status >= 500) return `${where}: ${res.status} ${text.slice(0, 200)}`;
  const documented = op.responses[String(res.status)];
  if (!documented) return `${where}: undocumented status ${res.status} ${text.slice(0, 200)}`;
  if (sent.method === 'head' || res.status === 304 || !documented.content) return null;
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const media = documented.content[type] ?? documented.content['*/*'];
  if (!media) return `${where}: ${res.status} answered ${type}, documented ${Object.keys(documented.content).join(', ')}`;
  if (!type.includes('json') || !media.schema) return null;
  const validate = validatorOf(resolve(media.schema));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${where}: ${res.status} body is not JSON`;
  }
  if (!validate(body)) return `${where}: ${res.status} body does not match: ${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`;
  return null;
}

function pathArbitrary(path: string, params: Parameter[]) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const values = names.map((n) => {
    const schema = params.find((p) => p.in === 'path' && p.name === n)?.schema ?? { type: 'string' };
    // Small ids so some calls reach existing rows (the seed and what earlier calls created).
    return schema.pattern === '^[0-9]+$' || schema.type === 'integer' || schema.type === 'number' ? fc.integer({ min: 1, max: 4 }).map(String) : arbitraryOf(schema).map(String);
  });
  return fc.tuple(...values).map((vals) => names.reduce((p, n, i) => p.replace(`{${n}}`, encodeURIComponent(vals[i]!)), path));
}

function queryArbitrary(params: Parameter[]) {
  const query = params.filter((p) => p.in === 'query' && p.schema);
  return fc.record(Object.fromEntries(query.map((p) => [p.name!, arbitraryOf(p.schema!)])), { requiredKeys: query.filter((p) => p.required).map((p) => p.name!) });
}

const qs = (q: Record<string, unknown>) => {
  const s = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
  return s ? `?${s}` : '';
};

async function send(sent: Sent) {
  return server.api(sent.url, { method: sent.method.toUpperCase(), token: sent.auth ? token : undefined, ...(sent.body !== undefined ? { json: sent.body } : {}) });
}

// Writes that would end the admin's own session run at the end, and only anonymously before.
const SESSION_ENDING = new Set(['post /auth/logout', 'post /auth/change-password']);

describe(`API contract (seed ${SEED}, ${RUNS} examples per operation)`, () => {
  it('every operation, anonymous and signed in, answers as documented', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThanOrEqual(80);
    const ordered = [...operations.filter((o) => !SESSION_ENDING.has(`${o.method} ${o.path}`)), ...operations.filter((o) => SESSION_ENDING.has(`${o.method} ${o.path}`))];
    for (const { path, method, op } of ordered) {
      const params = op.parameters ?? [];
      const jsonBody = op.requestBody?.content['application/json']?.schema as JsonSchema | undefined;
      const request = fc.record({ path: pathArbitrary(path, params), query: queryArbitrary(params), body: jsonBody ? arbitraryOf(jsonBody) : fc.constant(undefined), auth: fc.boolean() });
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
    const writes = Object.entries(doc.paths).flatMap(([path, methods]) =>
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
          const failure = (await check(op, sent, res.clone())) ?? (res.status < 400 || res.status >= 500 ? `${method.toUpperCase()} ${p} accepted invalid ${JSON.stringify(body).slice(0, 200)} with ${res.status}` : null);
          if (!failure && res.status !== 404 && res.status !== 429) {
            const problem = (await res.json()) as { error?: unknown; status?: unknown };
            if (typeof problem.error !== 'string' || problem.status !== res.status) refused.push(`${method.toUpperCase()} ${p}: ${res.status} without a problem body`);
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
    const reads = Object.entries(doc.paths).filter(([path, methods]) => methods.get && !path.includes('{'));
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
});
