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
});
