// Generated bad input for the property tests (fast-check): hostile values, mutations of a valid body,
// raw bodies that are not JSON, query strings and headers; and the one check every answer must pass:
// no 500, a 4xx always says { error }, and a rejected request changes nothing in the database.
import fc from 'fast-check';
import { expect } from 'vitest';
import { row, sqlText } from '@app/db';
import { changedTables, LIMIT_COUNTERS, openReader, tableChecksums } from '../support/db-state.ts';
import type { TestServer } from '../support/server.ts';

export type Probe = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as is (already encoded). */
  body?: string;
};

/** Bounded runs keep the whole suite within minutes on two shared cores; no shrinking marathon. */
export const RUNS = { numRuns: Number(process.env.BAD_INPUT_RUNS ?? 60), endOnFailure: true } as const;

const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\r\nBcc: victim@example.net',
  "' OR 1=1 --",
  '"; DROP TABLE products; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '\uFEFF',
  '\uD800',
  '𝕏'.repeat(300),
  'a'.repeat(70_000),
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '__proto__',
  '{"$gt":""}',
  'null',
  'true',
  '0x10',
  '١٢٣',
);

/** Any JSON value, weighted towards what breaks validators: wrong types, huge or hostile strings, odd numbers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileStrings },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  { weight: 2, arbitrary: fc.constantFrom(-1, 0, 1.5, 2 ** 53 + 1, -(2 ** 31), 1e308, Number.MAX_SAFE_INTEGER, 99999999999) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], JSON.parse('{"__proto__":{"admin":true}}') as unknown) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const weirdKeys = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'version',
  'role',
  'isActive',
  'passwordHash',
  '',
  ' ',
  'a'.repeat(500),
);

/** A valid body with one to three fields replaced, removed, or joined by unexpected ones. */
export function mutated(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  const change = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...keys), value: hostileValue }),
    fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...keys), value: fc.constant(undefined) }),
    fc.record({ kind: fc.constant('add' as const), key: weirdKeys, value: hostileValue }),
  );
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    const out: Record<string, unknown> = { ...valid };
    for (const c of changes) {
      if (c.kind === 'drop') delete out[c.key];
      else Object.defineProperty(out, c.key, { value: c.value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  });
}

/** What goes in the request body: JSON (generated or mutated), raw text that is not JSON, or nothing. */
export function bodies(valid?: Record<string, unknown>): fc.Arbitrary<{ body?: string; contentType?: string }> {
  const json = (v: fc.Arbitrary<unknown>) => v.map((x) => ({ body: JSON.stringify(x) ?? 'null', contentType: 'application/json' }));
  const options: fc.Arbitrary<{ body?: string; contentType?: string }>[] = [
    json(hostileValue),
    json(fc.dictionary(fc.string({ maxLength: 20 }), hostileValue, { maxKeys: 6 })),
    fc.string({ unit: 'binary', maxLength: 400 }).map((s) => ({ body: s, contentType: 'application/json' })),
    fc
      .constantFrom('{', '{"a":', '[1,2', '{"a":1}}', '\u0000', '{"a":"\\ud800"}', '{"a":1e999}', '{"__proto__":{"x":1}}')
      .map((s) => ({ body: s, contentType: 'application/json' })),
    fc.record({
      body: fc.string({ maxLength: 200 }),
      contentType: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        '',
      ),
    }),
    fc.constant({}),
  ];
  if (valid) options.push(json(mutated(valid)), json(mutated(valid)), json(mutated(valid)));
  return fc.oneof(...options);
}

/** Query strings with known parameter names given hostile values, unknown names, repeats and bad encodings. */
export function queryStrings(names: string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 10 })),
    fc.oneof(hostileStrings, fc.string({ unit: 'binary', maxLength: 50 }), fc.integer().map(String)),
  );
  const encode = (s: string) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%E0%A4%A'; // a lone surrogate cannot be encoded: send a broken escape instead
    }
  };
  return fc.oneof(
    fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')),
    fc.constantFrom('%', '%zz', 'a=%', 'page=1&page=2&page=x', 'limit=1e3', 'search=%00', '&&&', '=', 'page[]=1', 'page[$gt]=0'),
  );
}

/** HTTP clients refuse control characters in header values; what remains is what a server can receive. */
export const headerSafe = (s: string) => s.replace(/[^\t\x20-\x7e]/g, '').trim();

/** Header values clients may send, hostile or malformed. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'accept',
        'accept-language',
        'accept-encoding',
        'cookie',
        'range',
        'if-none-match',
        'if-range',
        'origin',
        'sec-fetch-site',
        'x-forwarded-for',
        'x-forwarded-proto',
        'x-forwarded-host',
        'x-token-transport',
        'content-language',
        'authorization',
      ),
      fc.oneof(
        fc.constantFrom(
          '',
          '*',
          'bytes=0-',
          'bytes=-1',
          'bytes=99999999-',
          'bytes=1-0',
          'bytes=0-1,2-3',
          'Bearer',
          'Bearer ' + 'A'.repeat(600),
          'Basic YTpi',
          'null',
          '999.999.999.999',
          '::ffff:zz',
          'https://evil.example',
          'cross-site',
          'cookie',
          'pm_refresh=x; pm_lang=../../x',
        ),
        fc.string({ unit: 'binary-ascii', maxLength: 80 }).map(headerSafe),
      ),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => Object.fromEntries(pairs));

/** Path segments where an id or a key is expected. */
export const pathSegments: fc.Arbitrary<string> = fc.oneof(
  fc.integer().map(String),
  // 2147483648: one beyond a PostgreSQL integer id; 99999999999: beyond it, yet a safe JavaScript integer.
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483648',
    '99999999999',
    '9'.repeat(30),
    '0x1',
    '%2e%2e',
    '..%2f..%2fapp.db',
    '%00',
    '%',
    'null',
    'undefined',
    ' ',
    '%20',
    'a'.repeat(300),
  ),
  fc.string({ maxLength: 40 }).map((s) => encodeURIComponent(s) || 'x'),
);

export type Checker = {
  /** Sends one request and checks the answer; returns its status. */
  check(probe: Probe, expectStatus?: number[]): Promise<number>;
  close(): Promise<void>;
  /** How many generated requests were accepted (2xx), per path. */
  accepted: Map<string, number>;
};

/**
 * Wraps a server: every request is bracketed by table checksums. The outbox is compared by row count
 * only (its worker updates attempts on its own schedule after an accepted message).
 */
export async function checker(server: TestServer, ignoreTables: string[] = []): Promise<Checker> {
  const db = await openReader(server);
  const ignore = ['mail_outbox', LIMIT_COUNTERS, ...ignoreTables];
  const outboxCount = async () => (await row<{ n: number }>(db, sqlText('select count(*) as n from mail_outbox')))!.n;
  const accepted = new Map<string, number>();
  return {
    accepted,
    close: () => db.$close(),
    async check({ method, path, headers = {}, body }, expectStatus) {
      const before = await tableChecksums(db, ignore);
      const outboxBefore = await outboxCount();
      let res: Response;
      try {
        res = await fetch(`${server.url}${path}`, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body });
      } catch (err) {
        throw new Error(
          `${method} ${path.slice(0, 300)}: request failed (${String(err)}) headers=${JSON.stringify(headers).slice(0, 300)}`,
          { cause: err },
        );
      }
      const text = await res.text();
      const label = `${method} ${path.slice(0, 300)} ${JSON.stringify(headers).slice(0, 300)} ${String(body).slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
      expect(res.status, label).not.toBe(500);
      // A failed upstream (the mail server) may answer 502/503; anything else at 5xx is a bug.
      if (res.status >= 500) expect([502, 503, 504], label).toContain(res.status);
      if (expectStatus) expect(expectStatus, label).toContain(res.status);
      if (res.status >= 400 && method !== 'HEAD') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        expect(parsed, label).toMatchObject({ error: expect.any(String) });
        // A refused request leaves every table as it was.
        expect(changedTables(before, await tableChecksums(db, ignore)), label).toEqual([]);
        expect(await outboxCount(), label).toBe(outboxBefore);
      } else if (res.status < 300) {
        const key = `${method} ${path.split('?')[0]}`;
        accepted.set(key, (accepted.get(key) ?? 0) + 1);
      }
      return res.status;
    },
  };
}
