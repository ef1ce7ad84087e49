// The contract test's "valid data is accepted" (issue #13): for every operation (path and query
// parameters and bodies included), requests generated from /api/openapi.json whose path parameters point
// at records created first through the API (a listing with an image and a document, a technical
// document, a message and its reply, SMTP accounts, a subscriber, a sending), with multipart bodies
// carrying a real small file of an accepted type. Signed in as the admin each answers 2xx as
// documented; anonymously, a secured one answers its documented 401. Seed and runs: support/contract.ts.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_ADMIN, signInAsAdmin } from '../support/auth.ts';
import { loadContract, operationsOf, qs, queryArbitrary, RUNS, SEED, type Operation, type Sent } from '../support/contract.ts';
import { arbitraryOf, type JsonSchema } from '../support/schema-arbitrary.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtp.ts';
import { createFixtures, PUBLIC_HOOK, type Fixtures } from '../support/contract-fixtures.ts';

let server: TestServer;
let smtp: TestSmtp;
let contract: Awaited<ReturnType<typeof loadContract>>;
let fx: Fixtures;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Every generated request comes from its own client address (TRUST_PROXY), as many visitors
  // would, so the public forms' per-address limits answer 2xx to valid requests.
  server = await startServer({ env: { PUBLIC_URL: 'https://www.example.test', TRUST_PROXY: 'true' } });
  const session = await signInAsAdmin(server);
  contract = await loadContract(server);
  fx = await createFixtures(server, smtp, session);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** A request as generated, then linked: path parameters, query, JSON body, multipart text fields. */
type Example = { path: Record<string, string>; query: Record<string, unknown>; body: unknown; fields?: Record<string, string> };
type Link = (example: Example) => Promise<Partial<Example>> | Partial<Example>;

const pathOf = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));

/**
 * What a valid request needs beyond its schema: the records it names and the values only the server
 * knows (a listing's version, a mailed token, the admin's password). Deletes and edits that would
 * spoil a shared record get a record of their own.
 */
const links: Record<string, Link> = {
  'post /auth/login': () => ({ body: { email: INITIAL_ADMIN.email, password: fx.password } }),
  'post /auth/refresh': () => ({ body: { refreshToken: fx.refreshToken() } }),
  'post /auth/change-password': () => ({ body: fx.passwordChange() }),
  'get /products/{id}': () => ({ path: { id: String(fx.listing.id) } }),
  'put /products/{id}': async (e) => {
    const listing = await fx.newListing();
    return { path: { id: String(listing.id) }, body: { ...(e.body as object), version: listing.version } };
  },
  'patch /products/{id}': async (e) => {
    const listing = await fx.newListing();
    return { path: { id: String(listing.id) }, body: { ...(e.body as object), version: listing.version } };
  },
  'delete /products/{id}': async () => ({ path: { id: String((await fx.newListing()).id) } }),
  'get /products/{id}/images': () => ({ path: { id: String(fx.listing.id) } }),
  'post /products/{id}/images': () => ({ path: { id: String(fx.listing.id) } }),
  'put /products/{id}/images/order': () => ({ path: { id: String(fx.listing.id) }, body: { imageIds: fx.listing.imageIds } }),
  'patch /products/{id}/images/{imageId}': () => ({ path: { id: String(fx.listing.id), imageId: String(fx.listing.imageIds[0]) } }),
  'delete /products/{id}/images/{imageId}': async () => {
    const listing = await fx.newListing({ image: true });
    return { path: { id: String(listing.id), imageId: String(listing.imageIds[0]) } };
  },
  'get /media/images/{key}/{file}': () => ({ path: fx.listing.imageFile }),
  'head /media/images/{key}/{file}': () => ({ path: fx.listing.imageFile }),
  'get /products/{id}/documents': () => ({ path: { id: String(fx.listing.id) } }),
  'post /products/{id}/documents': () => ({ path: { id: String(fx.listing.id) } }),
  'delete /products/{id}/documents/{docId}': async () => {
    const listing = await fx.newListing({ document: true });
    return { path: { id: String(listing.id), docId: String(listing.documentIds[0]) } };
  },
  ...Object.fromEntries(
    ['get', 'head'].flatMap((m) =>
      ['download', 'preview'].map((kind) => [
        `${m} /products/{id}/documents/{docId}/${kind}`,
        () => ({ path: { id: String(fx.listing.id), docId: String(fx.listing.documentIds[0]) } }),
      ]),
    ),
  ),
  ...Object.fromEntries(
    ['get', 'head'].flatMap((m) =>
      ['download', 'preview'].map((kind) => [
        `${m} /technical-documents/${kind}/{id}`,
        () => ({ path: { id: String(fx.technicalDocumentId) } }),
      ]),
    ),
  ),
  'post /admin/technical-documents': (e) => ({
    body: { ...(e.body as object), sourceDocumentId: fx.listing.documentIds[0], productId: fx.listing.id },
  }),
  'get /admin/technical-documents/{id}': () => ({ path: { id: String(fx.technicalDocumentId) } }),
  'put /admin/technical-documents/{id}': (e) => ({
    path: { id: String(fx.technicalDocumentId) },
    body: { ...(e.body as object), productId: fx.listing.id },
  }),
  'delete /admin/technical-documents/{id}': async () => ({ path: { id: String(await fx.newTechnicalDocument()) } }),
  'post /admin/technical-documents/upload': () => ({ fields: { productId: String(fx.listing.id) } }),
  'get /inquiries/{id}': () => ({ path: { id: String(fx.inquiryId) } }),
  'delete /inquiries/{id}': async () => ({ path: { id: String(await fx.newInquiry()) } }),
  'get /smtp/accounts/{id}': () => ({ path: { id: String(fx.mailAccountId) } }),
  'put /smtp/accounts/{id}': async () => ({ path: { id: String(await fx.newAccount()) } }),
  'delete /smtp/accounts/{id}': async () => ({ path: { id: String(await fx.newAccount()) } }),
  'post /smtp/accounts/{id}/test': () => ({ path: { id: String(fx.mailAccountId) } }),
  'post /smtp/test-config': () => ({ body: fx.reachableServer() }),
  'put /smtp/settings/{usageType}': (e) => ({ body: { ...(e.body as object), smtpAccountId: fx.mailAccountId } }),
  // A usage with nothing assigned has nothing to delete: it is assigned first (and again after, in fx.after).
  'delete /smtp/settings/{usageType}': async (e) => {
    await fx.assignUsage(e.path.usageType!);
    return {};
  },
  'post /email-responses/send': (e) => ({ body: { ...(e.body as object), inquiryId: fx.inquiryId, smtpAccountId: fx.mailAccountId } }),
  'post /email-responses/quick-reply': (e) => ({
    body: { ...(e.body as object), inquiryId: fx.inquiryId, smtpAccountId: fx.mailAccountId },
  }),
  'get /email-responses/inquiry/{inquiryId}': () => ({ path: { inquiryId: String(fx.inquiryId) } }),
  'get /email-responses/{id}': () => ({ path: { id: String(fx.replyId) } }),
  'delete /email-responses/{id}': async () => ({ path: { id: String(await fx.newReply()) } }),
  'post /newsletter/confirm': async () => ({ body: { token: (await fx.newSubscription()).confirmToken } }),
  'post /newsletter/unsubscribe': async () => ({ body: { token: (await fx.newSubscriber()).unsubscribeToken } }),
  'post /newsletter/unsubscribe/one-click': async () => ({ query: { token: (await fx.newSubscriber()).unsubscribeToken } }),
  'post /admin/api-tokens/{id}/regenerate': async () => ({ path: { id: String(await fx.newApiToken()) } }),
  'delete /admin/api-tokens/{id}': async () => ({ path: { id: String(await fx.newApiToken()) } }),
  // Webhooks stay disabled at a public address literal: nothing leaves the test (support/contract-fixtures.ts).
  'post /admin/webhooks': (e) => ({ body: { ...(e.body as object), url: PUBLIC_HOOK, enabled: false } }),
  'patch /admin/webhooks/{id}': (e) => ({
    path: { id: String(fx.webhook.id) },
    body: { ...(e.body as object), ...((e.body as { url?: string }).url !== undefined && { url: PUBLIC_HOOK }), enabled: false },
  }),
  'delete /admin/webhooks/{id}': async () => ({ path: { id: String((await fx.newWebhook()).id) } }),
  'post /admin/webhooks/{id}/test': () => ({ path: { id: String(fx.webhook.id) } }),
  'get /admin/webhooks/{id}/deliveries': () => ({ path: { id: String(fx.webhook.id) } }),
  'post /admin/webhooks/{id}/deliveries/{deliveryId}/retry': () => ({
    path: { id: String(fx.webhook.id), deliveryId: String(fx.webhook.deliveryId) },
  }),
  // A status toggle would leave the shared subscriber inactive, and the sendings without anyone to send to.
  'patch /newsletter/admin/subscribers/{id}/status': async () => ({ path: { id: String((await fx.newSubscriber()).id) } }),
  'delete /newsletter/admin/subscribers/{id}': async () => ({ path: { id: String((await fx.newSubscriber()).id) } }),
  'post /newsletter/admin/send': (e) => ({ body: { ...(e.body as object), subscriberIds: [fx.subscriberId] } }),
  'get /newsletter/admin/sendings/{id}': () => ({ path: { id: String(fx.sendingId) } }),
  'get /newsletter/admin/sendings/{id}/deliveries': () => ({ path: { id: String(fx.sendingId) } }),
};

/** Multipart bodies: a real small file of an accepted type in each file field, the text fields generated. */
function multipartOf(op: Operation): fc.Arbitrary<Record<string, unknown>> | undefined {
  const schema = op.requestBody?.content['multipart/form-data']?.schema as JsonSchema | undefined;
  if (!schema) return undefined;
  const props = Object.entries(schema.properties ?? {});
  const isFile = (s: JsonSchema): boolean =>
    'contentMediaType' in s || (s.items !== undefined && isFile(s.items)) || (s.anyOf?.some(isFile) ?? false);
  const text = props.filter(([, s]) => !isFile(s));
  const required = new Set(schema.required ?? []);
  return fc
    .record(Object.fromEntries(text.map(([name, s]) => [name, arbitraryOf(s)])), {
      requiredKeys: text.map(([name]) => name).filter((n) => required.has(n)),
    })
    .map((fields) => ({
      ...fields,
      ...Object.fromEntries(props.filter(([, s]) => isFile(s)).map(([name]) => [name, fx.fileFor(name)])),
    }));
}

function formOf(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value && typeof value === 'object' && 'bytes' in value) {
      const file = value as ReturnType<Fixtures['fileFor']>;
      form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    } else if (Array.isArray(value)) {
      // An array is one part per item, the OpenAPI 3.1 way for a form (the texts of a batch, one per file).
      for (const item of value) form.append(name, String(item));
    } else form.append(name, String(value));
  }
  return form;
}

/** The same request without credentials: no bearer token, and no refresh token in the body. */
const withoutCredentials = (method: string, path: string, body: unknown) => (`${method} ${path}` === 'post /auth/refresh' ? {} : body);

// Order: reads and edits first, then deletes; the session-ending writes last of all.
const LAST = ['post /auth/change-password', 'post /auth/logout'];
const rank = (method: string, path: string) => (LAST.includes(`${method} ${path}`) ? 2 : method === 'delete' ? 1 : 0);

describe(`API contract: valid data is accepted (seed ${SEED}, ${RUNS} examples per operation)`, () => {
  it(
    'every operation answers a valid request with a documented 2xx (admin) and 401 (anonymous, secured)',
    async () => {
      const operations = operationsOf(contract.doc).sort((a, b) => rank(a.method, a.path) - rank(b.method, b.path));
      expect(operations.length).toBeGreaterThanOrEqual(80);
      const failures: string[] = [];
      const unlinked = operations.filter(
        ({ method, path }) => path.includes('{') && !links[`${method} ${path}`] && !path.includes('{usageType}'),
      );
      expect(unlinked.map(({ method, path }) => `${method} ${path}`)).toEqual([]); // every path parameter points at a record

      for (const { path, method, op } of operations) {
        let accepted = 0;
        let pacedOnly = true;
        const params = op.parameters ?? [];
        const json = op.requestBody?.content['application/json']?.schema as JsonSchema | undefined;
        const pathParams = fc.record(
          Object.fromEntries(params.filter((p) => p.in === 'path' && p.schema).map((p) => [p.name!, arbitraryOf(p.schema!).map(String)])),
        );
        const request = fc.record({
          path: pathParams,
          query: queryArbitrary(params),
          body: json ? arbitraryOf(json) : fc.constant(undefined),
          fields: multipartOf(op) ?? fc.constant(undefined),
        });
        await fc.assert(
          fc.asyncProperty(request, async (generated) => {
            const base: Example = { path: generated.path as Record<string, string>, query: generated.query, body: generated.body };
            const linked = { ...base, ...(await links[`${method} ${path}`]?.(base)) };
            const url = `${pathOf(path, linked.path)}${qs(linked.query)}`;
            const form = generated.fields ? formOf({ ...generated.fields, ...linked.fields }) : undefined;
            if (op.security?.length) {
              const sent: Sent = { method, path, url, body: withoutCredentials(method, path, linked.body), auth: false };
              const res = await fx.send(sent, form);
              const failure =
                (await contract.check(op, sent, res.clone())) ??
                (res.status === 401 ? null : `${method.toUpperCase()} ${url} (anonymous): ${res.status}, expected 401`);
              if (failure) failures.push(failure);
            }
            const sent: Sent = { method, path, url, body: linked.body, auth: true };
            const res = await fx.send(sent, form);
            // A documented 429 is the server pacing a burst (the SMTP tests: 20 a minute), not valid data refused.
            const paced = res.status === 429;
            pacedOnly &&= paced;
            const failure =
              (await contract.check(op, sent, res.clone())) ??
              (res.ok || paced
                ? null
                : `${method.toUpperCase()} ${url} (admin) body=${JSON.stringify(linked.body)?.slice(0, 200)}: ${res.status} ${(await res.text()).slice(0, 200)}`);
            if (failure) failures.push(failure);
            if (res.ok) {
              accepted++;
              await fx.after(method, path, res);
            }
          }),
          { seed: SEED, numRuns: RUNS },
        );
        // Every example paced happens only with CONTRACT_RUNS above the SMTP tests' 20 a minute.
        if (!accepted && !pacedOnly) failures.push(`${method.toUpperCase()} ${path}: no valid request accepted`);
      }
      expect(failures).toEqual([]);
      // One test sends RUNS examples to each of the ~90 operations in turn (up to about 1,000 requests, uploads
      // decoded by sharp): 60 s was its whole limit when the files ran one at a time, and it ran out (60.1 s) on
      // this 2-core machine once the files run side by side (maxWorkers in vitest.config.ts). Its limit grows
      // with its work; nothing in it measures time.
    },
    Math.max(60_000, RUNS * 30_000),
  );
});
