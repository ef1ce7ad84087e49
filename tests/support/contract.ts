// The contract tests' shared reading of /api/openapi.json: its operations, requests generated from
// their parameters (fast-check), and the check of one answer against the document (ajv, draft 2020).
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { arbitraryOf, type JsonSchema } from './schema-arbitrary.ts';
import type { TestServer } from './server.ts';

const seedEnv = process.env.CONTRACT_SEED;
/** Fixed in CI; CONTRACT_SEED=<n> (or 'random') explores; CONTRACT_RUNS sets examples per operation. */
export const SEED = seedEnv === 'random' ? Date.now() % 2 ** 31 : Number(seedEnv ?? 20261124);
export const RUNS = Number(process.env.CONTRACT_RUNS ?? 6);

export type Parameter = { name?: string; in?: string; required?: boolean; schema?: JsonSchema; $ref?: string };
export type Content = Record<string, { schema?: JsonSchema & { $ref?: string } }>;
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Content };
  responses: Record<string, { content?: Content }>;
  security?: unknown[];
};
export type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, JsonSchema> } };
export type Sent = { method: string; path: string; url: string; body?: unknown; auth: boolean };

export const operationsOf = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

export async function loadContract(server: TestServer) {
  const doc = (await (await server.api('/openapi.json')).json()) as Doc;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  const resolve = (schema: JsonSchema & { $ref?: string }) =>
    schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!]! : schema;
  const validators = new Map<object, ReturnType<typeof ajv.compile>>();
  const validatorOf = (schema: JsonSchema) => {
    if (!validators.has(schema)) validators.set(schema, ajv.compile(schema));
    return validators.get(schema)!;
  };

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

  return { doc, check, resolve };
}

export function pathArbitrary(path: string, params: Parameter[]) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const values = names.map((n) => {
    const schema = params.find((p) => p.in === 'path' && p.name === n)?.schema ?? { type: 'string' };
    // Small ids so some calls reach existing rows (the seed and what earlier calls created).
    return schema.pattern === '^[0-9]+$' || schema.type === 'integer' || schema.type === 'number'
      ? fc.integer({ min: 1, max: 4 }).map(String)
      : arbitraryOf(schema).map(String);
  });
  return fc.tuple(...values).map((vals) => names.reduce((p, n, i) => p.replace(`{${n}}`, encodeURIComponent(vals[i]!)), path));
}

export function queryArbitrary(params: Parameter[]) {
  const query = params.filter((p) => p.in === 'query' && p.schema);
  return fc.record(Object.fromEntries(query.map((p) => [p.name!, arbitraryOf(p.schema!)])), {
    requiredKeys: query.filter((p) => p.required).map((p) => p.name!),
  });
}

export const qs = (q: Record<string, unknown>) => {
  const s = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
  return s ? `?${s}` : '';
};
