// Bodies the API reads whole (JSON, forms) are refused past 1 MiB with 413, as the server reads them:
// a client that declares a larger length is refused before its body is read, a chunked one once it passes
// the limit, so that no request makes the server hold more than that in memory. Nothing is created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyThatGoesOn, generatorInput } from '../fixtures/catalogue.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

type Json = Record<string, any>;
const MiB = 1024 * 1024;
const TOO_LARGE = 'Requête trop volumineuse';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = (await signInAsAdmin(server)).accessToken;
});
afterAll(() => server.stop());

const listingCount = async () => ((await (await server.api('/products?limit=1', { token })).json()) as Json).total as number;
/** A listing whose description (ASCII filler) makes its JSON exactly `bytes` long. */
const listingOf = (bytes: number) => {
  const input = generatorInput();
  const json = JSON.stringify({
    ...input,
    descriptionFr: 'x'.repeat(bytes - Buffer.byteLength(JSON.stringify({ ...input, descriptionFr: '' }))),
  });
  expect(Buffer.byteLength(json)).toBe(bytes);
  return json;
};

describe('a JSON body read whole', () => {
  it('over 1 MiB with its length declared gets 413 and its text, and creates nothing', async () => {
    const before = await listingCount();
    const body = listingOf(MiB + 1);
    const res = await server.api('/products', { method: 'POST', token, headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Json).error).toBe(TOO_LARGE);
    expect(await listingCount()).toBe(before);
  });

  it('sent chunked, with no length declared, gets the same 413 as soon as it passes the limit', async () => {
    const before = await listingCount();
    const headers = `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\n`;
    const answer = await bodyThatGoesOn(server, '/api/products', headers, Buffer.from('{"titleFr":"'), Buffer.from('"}'), {
      afterAnswerMs: 0,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: TOO_LARGE });
    expect(answer.sent).toBeLessThan(32 * MiB);
    expect(await listingCount()).toBe(before);
  });

  it('sent chunked under the limit is read as ever, and a retry with its Idempotency-Key creates nothing more', async () => {
    const before = await listingCount();
    const json = new TextEncoder().encode(JSON.stringify(generatorInput()));
    const key = crypto.randomUUID();
    const send = () =>
      fetch(`${server.url}/api/products`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(json.subarray(0, 10));
            controller.enqueue(json.subarray(10));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(((await again.json()) as Json).id).toBe(((await first.json()) as Json).id);
    expect(await listingCount()).toBe(before + 1);
  });

  it('with an Idempotency-Key gets the same 413', async () => {
    const res = await server.api('/products', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: listingOf(MiB + 1),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Json).error).toBe(TOO_LARGE);
  });

  it('is documented: the API reference lists the 413 of a JSON write', async () => {
    const doc = (await (await server.api('/openapi.json')).json()) as Json;
    expect(doc.paths['/products'].post.responses['413']).toBeDefined();
    expect(doc.paths['/products/{id}'].put.responses['413']).toBeDefined();
  });

  it('of exactly 1 MiB is read and judged on its content instead', async () => {
    const res = await server.api('/products', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: listingOf(MiB),
    });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(((await res.json()) as Json).error).toBeTypeOf('string');
  });
});

describe("a page's form", () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startServer({ full: true });
  });
  afterAll(() => site.stop());

  const post = (body: string) =>
    fetch(`${site.url}/preferences`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
      body,
    });

  it('of a few bytes is read as ever (the theme switch without JavaScript)', async () => {
    const res = await post('theme=dark&next=%2Fannonces');
    expect(res.status).toBe(303);
    expect(res.headers.get('set-cookie')).toMatch(/theme=dark/);
  });

  it('over 64 KiB gets 413 and its text, and changes no preference', async () => {
    const res = await post(`theme=dark&filler=${'a'.repeat(64 * 1024)}`);
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(TOO_LARGE);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('sent chunked past 64 KiB gets its 413 while the client is still sending, and the connection is not reset under it', async () => {
    const headers = `Origin: ${site.url}\r\nContent-Type: application/x-www-form-urlencoded\r\n`;
    const answer = await bodyThatGoesOn(site, '/preferences', headers, Buffer.from('theme=dark&filler='), Buffer.alloc(0), {
      afterAnswerMs: 0,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(TOO_LARGE);
    expect(answer.error).toBeUndefined();
  });
});
