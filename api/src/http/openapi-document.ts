// Builds the OpenAPI 3.1 document from the routes the app registers: every method and path in
// `app.routes`, described by the metadata its own handlers carry (openapi-meta.ts).
import { z } from 'zod';
import { REFRESH_COOKIE } from './auth-cookie.ts';
import { API_TOKEN_ACCESS } from '@app/domain/api-tokens';
import { readMeta, type Answer, type RouteDoc, type RouteMeta } from './openapi-meta.ts';
import { actionOf, familyOf, grants, NEVER, PUBLIC } from './token-access.ts';
import { WEBHOOK_BODIES, WEBHOOK_EVENT_DESCRIPTIONS } from '@app/domain/webhooks';

export type RegisteredRoute = { method: string; path: string; handler: unknown };
type Json = Record<string, unknown>;

const BASE = '/api';
const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    reused: 'inline',
  }) as Json;
  return rest;
};

/** What validate.ts refuses in any text of a request, as JSON Schema: no NUL character (PostgreSQL cannot store one). */
const NO_NUL = '^[^\\u0000]*$';
/** A required text's own rule (some character that is not white space) joined with the NUL rule in one pattern. */
const NOT_BLANK = '\\S';
const NOT_BLANK_NO_NUL = '^\\s*[^\\s\\u0000][^\\u0000]*$';

/**
 * Whether every text a pattern matches is free of NUL: anchored at both ends with no alternative at the top
 * (`^a|b$` is anchored once per branch), and nothing that can match one: no `.` outside a class, no negated
 * class, no `\S`, `\D`, `\W`, `\P`, `\B`, no `\u`, `\x`, `\0` or `\c` escape.
 */
function excludesNul(pattern: string): boolean {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return false;
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      if ('SDWPBux0c'.includes(pattern[i + 1] ?? '')) return false;
      i++;
    } else if (inClass) inClass = ch !== ']';
    else if (ch === '[') {
      if (pattern[i + 1] === '^') return false;
      inClass = true;
    } else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '.' || (ch === '|' && depth === 0)) return false;
  }
  return true;
}

/**
 * Every text value of a request part (not an object's keys, which are not checked) says it may not hold a NUL character: its own `pattern` when it has
 * none, joined with "not blank" into one, else beside it in `allOf` (one schema holds one pattern). Files and enums are left as they are.
 */
function refuseNul(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(refuseNul);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, k === 'examples' || k === 'default' || k === 'propertyNames' ? v : refuseNul(v)]),
  );
  const texts = out.type === 'string' || (Array.isArray(out.type) && out.type.includes('string'));
  if (!texts || out.enum || out.const !== undefined || out.format || out.contentMediaType) return out;
  if (out.pattern === undefined) return { ...out, pattern: NO_NUL };
  if (out.pattern === NO_NUL || out.pattern === NOT_BLANK_NO_NUL) return out;
  // One pattern rather than two in allOf: a generator draws such texts directly instead of filtering them.
  if (out.pattern === NOT_BLANK) return { ...out, pattern: NOT_BLANK_NO_NUL };
  // A pattern that already cannot match a NUL says it alone: a second pattern in allOf makes a generator
  // filter every text it draws (schemathesis' too_slow on PUT /products/{id}).
  if (typeof out.pattern === 'string' && excludesNul(out.pattern)) return out;
  return { ...out, allOf: [...((out.allOf as unknown[]) ?? []), { pattern: NO_NUL }] };
}
const requestSchema = (schema: z.ZodType): Json => refuseNul(jsonSchema(schema, 'input')) as Json;

/** '/api/products/:id{[0-9]+}' → '/products/{id}', with the parameter's pattern. */
export function toOpenApiPath(path: string): { path: string; params: { name: string; pattern?: string }[] } {
  const params: { name: string; pattern?: string }[] = [];
  const converted = path.slice(BASE.length).replace(/:(\w+)(\{([^}]+\}?)\})?/g, (_m, name: string, _g, pattern?: string) => {
    params.push({ name, ...(pattern ? { pattern: `^${pattern}$` } : {}) });
    return `{${name}}`;
  });
  return { path: converted, params };
}

/** An `ALL` entry (a `.use()` guard) applies to the routes its path covers. */
const covers = (pattern: string, path: string) =>
  pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) || path === pattern.slice(0, -2) : pattern === path;

/**
 * What an API token needs for a guarded operation (token-access.ts): the resource and action, and the
 * accesses that can hold it; 'none' where no token is ever accepted.
 */
function tokenAccess(method: string, path: string) {
  const family = familyOf(path);
  if (family === undefined || family === NEVER || family === PUBLIC) return 'none' as const;
  const action = actionOf(method);
  const accesses = API_TOKEN_ACCESS.filter((a) => a === 'custom' || grants(a, null, family, action));
  return { resource: family, action, accesses };
}

const problemRef = { $ref: '#/components/schemas/Problem' };
const errorAnswer = (description: string) => ({ description, content: { 'application/problem+json': { schema: problemRef } } });

function successAnswer(answer: Answer, status: number) {
  if (answer === 'binary')
    return { description: 'The file', content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } };
  if (typeof answer === 'string' && answer !== 'csv-or-json')
    return { description: 'Text', content: { [answer]: { schema: { type: 'string' } } } };
  if (answer === 'csv-or-json')
    return {
      description: 'The export',
      content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'array', items: { type: 'object' } } } },
    };
  return {
    description: status === 201 ? 'Created' : status === 202 ? 'Accepted' : 'Success',
    content: { 'application/json': { schema: jsonSchema(answer, 'output') } },
  };
}

/** An administrator's access token always; an API token too where its access can hold the operation. */
function bearerSecurity(method: string, path: string): Json {
  const access = tokenAccess(method, path);
  return { security: access === 'none' ? [{ bearer: [] }] : [{ bearer: [] }, { apiToken: [] }], 'x-token-access': access };
}

function operation(method: string, path: string, metas: RouteMeta[]): Json {
  const own: RouteDoc | undefined = metas.find((m) => m.doc)?.doc;
  const { params } = toOpenApiPath(path);
  const requests = metas.flatMap((m) => (m.request ? [m.request] : []));
  const security = metas.find((m) => m.security)?.security;
  const errors: Record<number, string> = { 500: 'Internal error (never a stack trace)' };
  for (const m of metas) Object.assign(errors, m.errors);
  Object.assign(errors, own?.errors);

  const paramSchema = requests.find((r) => r.target === 'param');
  const paramProps = (paramSchema ? requestSchema(paramSchema.schema).properties : undefined) as Record<string, Json> | undefined;
  const parameters: Json[] = params.map((p) => ({
    name: p.name,
    in: 'path',
    required: true,
    schema: paramProps?.[p.name] ?? (p.pattern ? { type: 'string', pattern: p.pattern } : { type: 'string' }),
  }));
  if (params.length) errors[404] ??= 'Not found';
  const query = requests.find((r) => r.target === 'query');
  if (query) {
    const q = requestSchema(query.schema) as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {}))
      parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
  }
  parameters.push({ $ref: '#/components/parameters/AcceptLanguage' });
  if (WRITES.has(method)) {
    parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
    // The key's answers beside the route's own: one status may have both causes (an upload's 422).
    const also = (own: string | undefined, key: string) => (own ? `${own}; or ${key[0]!.toLowerCase()}${key.slice(1)}` : key);
    Object.assign(errors, {
      400: also(errors[400], 'A malformed Idempotency-Key'),
      409: errors[409] ?? 'A request with the same Idempotency-Key is still in progress',
      422: also(errors[422], 'The Idempotency-Key was used for a different request'),
    });
  }

  let requestBody: Json | undefined;
  // A file part is sent as a file (`format: binary`, with a filename, what OpenAPI tools read), and an
  // empty one is refused as no file at all ('Veuillez sélectionner…'): a file has a byte at least.
  const FILE_PART = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', minLength: 1 };
  const body = requests.find((r) => r.target === 'json');
  if (body) {
    errors[413] ??= 'Body over 1 MiB';
    requestBody = {
      required: true,
      content: { 'application/json': { schema: requestSchema(body.schema), ...(own?.example ? { example: own.example } : {}) } },
    };
  } else if (own?.multipart) {
    const properties = Object.fromEntries(
      Object.entries(own.multipart).map(([k, v]) => [
        k,
        v === 'file'
          ? FILE_PART
          : v === 'files'
            ? // One file part or several under the same name: the server reads both, and on the wire one
              // part is the same whether a client meant a file or an array of one.
              { anyOf: [FILE_PART, { type: 'array', minItems: 1, items: FILE_PART }] }
            : v === 'string'
              ? { type: 'string', pattern: NO_NUL }
              : requestSchema(v),
      ]),
    );
    // Files are required; a described text field is when its schema refuses a missing value.
    const required = Object.entries(own.multipart)
      .filter(([, v]) => v === 'file' || v === 'files' || (typeof v !== 'string' && !v.safeParse(undefined).success))
      .map(([k]) => k);
    // Which files are accepted is their type, read from their bytes: `encoding` names those types.
    const files = Object.entries(own.multipart).filter(([, v]) => v === 'file' || v === 'files');
    const encoding = own.fileTypes?.length
      ? { encoding: Object.fromEntries(files.map(([k]) => [k, { contentType: own.fileTypes!.join(', ') }])) }
      : {};
    requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties, required }, ...encoding } },
    };
  }

  const responses: Json = {};
  for (const [status, answer] of Object.entries(own?.responses ?? {})) {
    responses[status] = method === 'HEAD' ? { description: 'Headers of the GET answer, no body' } : successAnswer(answer, Number(status));
  }
  // A HEAD answer never has a body, its errors neither (RFC 9110 §9.3.2): only the GET's headers.
  for (const [status, description] of Object.entries(errors))
    responses[status] ??= method === 'HEAD' ? { description } : errorAnswer(description);

  const tag = path.slice(BASE.length).split('/')[path.startsWith('/api/admin/') ? 2 : 1] ?? 'api';
  return {
    operationId: `${method.toLowerCase()}${toOpenApiPath(path)
      .path.replace(/[{}]/g, '')
      .replace(/[/-](\w)/g, (_m, ch: string) => ch.toUpperCase())}`,
    tags: [tag],
    summary: own?.summary ?? '',
    ...(own?.description ? { description: own.description } : {}),
    ...(own?.deprecated ? { deprecated: true } : {}),
    ...(security === 'bearer'
      ? bearerSecurity(method, path)
      : security === 'refresh-cookie'
        ? { security: [{ refreshCookie: [] }, {}] }
        : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** Method-and-path pairs the app answers (guards registered with `.use()` excluded). */
export const answeredRoutes = (routes: readonly RegisteredRoute[]) => [
  ...new Set(routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`)),
];

export function buildOpenApi(routes: readonly RegisteredRoute[]) {
  const paths: Record<string, Json> = {};
  for (const key of answeredRoutes(routes)) {
    const [method, path] = key.split(' ') as [string, string];
    const metas = routes
      .filter((r) => (r.method === method && r.path === path) || (r.method === 'ALL' && r.path !== `${BASE}/*` && covers(r.path, path)))
      .flatMap((r) => readMeta(r.handler) ?? []);
    (paths[toOpenApiPath(path).path] ??= {})[method.toLowerCase()] = operation(method, path, metas);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Provence Moteurs API',
      version: '2.0.0',
      description:
        'Catalogue, contact, mail, newsletter and back-office API. Every error answers RFC 9457 `application/problem+json` with `error` (the text screens show) and, for validation, `errors: [{ field, message }]`, in French or, when `Accept-Language` prefers it, in English.',
    },
    servers: [{ url: BASE }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The access token from POST /auth/login' },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'pm_ then 43 base64url characters',
          description:
            "An API token from POST /admin/api-tokens, sent as `Authorization: Bearer pm_…` (never in a URL or a cookie). Each operation's `x-token-access` names the resource and action it needs (`read`: GET and HEAD, `write`: the others) and the accesses that can hold it: `read-only` reads listings (with images and documents), technical documents, messages, newsletter and statistics; `full` also writes them; `custom` holds what its `permissions` grant, mail accounts included. `x-token-access: none`: no token is accepted (403). An expired, revoked or regenerated token answers 401 saying which; each token has its own rate limit (429).",
        },
        refreshCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: REFRESH_COOKIE,
          description: 'HttpOnly refresh token cookie (admin PWA); API clients may send refreshToken in the body instead',
        },
      },
      parameters: {
        AcceptLanguage: {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          description:
            "The language of the answer's messages (`error`, `errors[].message`): French (the default) or English when the client prefers `en`. Answers carrying messages vary by this header.",
          schema: { type: 'string', examples: ['en', 'fr-FR,fr;q=0.9,en;q=0.8'] },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Makes a retried write safe: the same key and request answer the first result again. A fresh UUID for each new request (e.g. `crypto.randomUUID()`); the server also takes a UUID followed by `:` and a step name of visible ASCII (one key per step of a multi-step change), and refuses anything else with 400. A key reused for a different request answers 422, a key whose request is still running 409.',
          schema: { type: 'string', format: 'uuid' },
        },
      },
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'detail', 'error'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            error: {
              type: 'string',
              description: 'The message shown to users, in the Accept-Language (French by default, as the spec writes it)',
            },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                required: ['field', 'message'],
                properties: { field: { type: 'string' }, message: { type: 'string' } },
              },
            },
          },
          examples: [
            {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              detail: 'Le nom est requis',
              error: 'Le nom est requis',
              errors: [{ field: 'name', message: 'Le nom est requis' }],
            },
          ],
        },
      },
    },
    paths,
    webhooks: webhookDocs(),
  };
}

/**
 * The events a webhook endpoint receives (OpenAPI 3.1 `webhooks`, docs/decisions/131): each one a POST
 * to the endpoint's URL with its body and the Standard Webhooks v1 headers; a 2xx within 10 s is a delivery.
 */
function webhookDocs(): Record<string, Json> {
  const header = (description: string) => ({ in: 'header', required: true, description, schema: { type: 'string' } });
  const parameters = [
    { name: 'webhook-id', ...header('The message id (`msg_…`): the same on every attempt of a delivery; receivers drop repeats by it') },
    { name: 'webhook-timestamp', ...header('Unix seconds of this attempt') },
    {
      name: 'webhook-signature',
      ...header(
        '`v1,` then the base64 HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_` (Standard Webhooks v1)',
      ),
    },
  ];
  return Object.fromEntries(
    Object.entries(WEBHOOK_BODIES).map(([event, body]) => [
      event,
      {
        post: {
          summary: event,
          description: WEBHOOK_EVENT_DESCRIPTIONS[event as keyof typeof WEBHOOK_EVENT_DESCRIPTIONS],
          tags: ['webhooks'],
          parameters,
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body, 'output') } } },
          responses: {
            '2XX': {
              description:
                'Delivered. Anything else, or no answer within 10 s, is retried (8 attempts over about 18 hours); 410 disables the endpoint.',
            },
          },
        },
      },
    ]),
  );
}
