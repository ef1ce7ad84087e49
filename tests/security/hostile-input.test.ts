// Probes for security.md "Requests", tried as an attacker would: long values built to make a pattern
// backtrack, characters that reorder or hide an address, anonymous requests that would empty the page
// cache, private answers a proxy could keep, a redirect off the site, a mail cannon, sniffable answers,
// bodies read long after they were refused.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '@app/db';
import { DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES } from '@app/domain/documents';
import { HONEYPOT_FIELD, INQUIRY_FIELDS, REFERENCE_FIELD } from '@app/domain/inquiry-rules';
import { signInAsAdmin, withDb, CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN } from '../support/auth.ts';
import { engineInput } from '../fixtures/catalogue.ts';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let token: string;
let visitor = 0;

beforeAll(async () => {
  // Each request from an address of its own (TRUST_PROXY), so the per-address limits stay out of the way;
  // no mail leaves (no SMTP account), and the worker does not poll.
  server = await startServer({ full: true, env: { TRUST_PROXY: 'true', MAIL_WORKER_INTERVAL_MS: '3600000' } });
  token = (await signInAsAdmin(server)).accessToken;
});
afterAll(() => server?.stop());

type Call = { method: string; path: string; json?: unknown; auth?: boolean; headers?: Record<string, string> };
const call = ({ method, path, json, auth, headers }: Call) =>
  server.api(path, {
    method,
    json,
    token: auth ? token : undefined,
    headers: { 'x-forwarded-for': `198.51.100.${(visitor++ % 250) + 1}`, ...headers },
  });

/** Wall time of a request, the best of a few: the noise of a shared machine only ever adds. */
async function cost(c: Call): Promise<{ ms: number; status: number }> {
  let best = { ms: Infinity, status: 0 };
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const res = await call(c);
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (ms < best.ms) best = { ms, status: res.status };
  }
  return best;
}

// Strings that made the old patterns backtrack: an address whose domain is all dots then fails (the
// e-mail pattern's two `[^\s@]+` around `\.`), and runs of spaces (patterns with `\s*` next to `\s*`).
const ATTACKS = {
  dots: (length: number) => `a@${'.'.repeat(length - 3)}@`,
  spaces: (length: number) => `x${' '.repeat(length - 2)}\u0000`,
};
/** A 1×1 PNG: a file every upload route accepts (pictures, listing documents, the library). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** 64 KB, then the largest that fits under the route's body limit (a 413 is refused before any pattern). */
const LENGTHS = [64 * 1024, 63 * 1024, 15 * 1024, 7 * 1024];

type Operation = { method: string; path: string; auth: boolean; fields: string[] };

/** Every JSON body field of type string the document lists (operations with a JSON request body). */
async function stringFieldsOfEveryOperation(): Promise<Operation[]> {
  const doc = (await (await server.api('/openapi.json')).json()) as any;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      const properties = Object.entries<any>(body?.properties ?? {});
      const fields = properties
        .filter(([, s]) => s.type === 'string' || s.anyOf?.some((a: any) => a.type === 'string'))
        .map(([name]) => name);
      // Ending the run's own session would sign the probes out; they are probed by the sign-in suite.
      if (fields.length === 0 || /\/auth\/(?:logout|change-password)$/.test(path)) continue;
      operations.push({
        method: method.toUpperCase(),
        path: path.replace(/^\/api/, '').replace(/\{[^{}]+\}/g, '1'),
        auth: (op.security ?? doc.security ?? []).length > 0,
        fields,
      });
    }
  }
  return operations;
}

const openApi = async () => (await (await server.api('/openapi.json')).json()) as any;
const apiPath = (path: string) => path.replace(/^\/api/, '');
const isAuthenticated = (doc: any, op: any) => (op.security ?? doc.security ?? []).length > 0;

type MultipartOperation = { method: string; path: string; files: string[]; fields: string[] };

/** Every multipart operation the document lists: its file parts, and its text fields (a text, or texts one part each). */
async function multipartFieldsOfEveryOperation(): Promise<MultipartOperation[]> {
  const doc = await openApi();
  const operations: MultipartOperation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const body = op.requestBody?.content?.['multipart/form-data']?.schema;
      if (!body) continue;
      const properties = Object.entries<any>(body.properties ?? {});
      // A file field: one file part, an array of them, or either (`anyOf`, as `documents` is documented).
      const isFile = (s: any): boolean => s.format === 'binary' || s.items?.format === 'binary' || s.anyOf?.some(isFile) === true;
      const isText = (s: any) =>
        s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string')) || s.anyOf?.some((a: any) => a.type === 'string');
      operations.push({
        method: method.toUpperCase(),
        path: apiPath(path),
        files: properties.filter(([, s]) => isFile(s)).map(([name]) => name),
        fields: properties.filter(([, s]) => !isFile(s) && isText(s)).map(([name]) => name),
      });
    }
  }
  return operations;
}

type QueryOperation = { method: string; path: string; auth: boolean; parameters: string[] };

/** Every query parameter the document lists, whatever its type: on the wire each is a string. */
async function queryParametersOfEveryOperation(): Promise<QueryOperation[]> {
  const doc = await openApi();
  const operations: QueryOperation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const parameters = (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name as string);
      if (!parameters.length || method === 'head') continue;
      operations.push({
        method: method.toUpperCase(),
        path: apiPath(path).replace(/\{[^{}]+\}/g, '1'),
        auth: isAuthenticated(doc, op),
        parameters,
      });
    }
  }
  return operations;
}

const SITE_SRC = path.resolve(import.meta.dirname, '../../site/src');
/** A file's text with that of the local modules it imports (a page and its helper). */
const withLocalImports = (file: string) => {
  const own = fs.readFileSync(file, 'utf8');
  const imported = [...own.matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)].map((m) =>
    fs.readFileSync(path.resolve(path.dirname(file), m[1]!), 'utf8'),
  );
  return [own, ...imported].join('\n');
};

/** The site's pages that read a posted form (site/src/pages, with the helpers they import): the paths forms post to. */
function sitePostTargets(): string[] {
  const pages = path.join(SITE_SRC, 'pages');
  return fs
    .readdirSync(pages, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(?:astro|ts)$/.test(file) && !file.includes('['))
    .filter((file) => /\.formData\(\)/.test(withLocalImports(path.join(pages, file))))
    .map((file) => `/${file.replace(/\.(?:astro|ts)$/, '').replace(/(?:^|\/)index$/, '')}`)
    .sort();
}

/** The forms a served page carries that post, each with where it posts (its path) and the names of its fields. */
function postedForms(html: string, pageUrl: string): { path: string; fields: string[] }[] {
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  return [...html.matchAll(/(<form\b[^>]*>)([\s\S]*?)<\/form>/gi)]
    .filter(([, tag]) => attribute(tag!, 'method')?.toLowerCase() === 'post')
    .map(([, tag, body]) => ({
      path: new URL(attribute(tag!, 'action') ?? '', pageUrl).pathname,
      fields: [...body!.matchAll(/<(?:input|textarea|select|button)\b[^>]*\sname="([^"]+)"/gi)].map((m) => m[1]!),
    }));
}

/**
 * The site's own forms as a visitor gets them: each page a form posts to, served (with a listing's reference
 * and a newsletter link's token, so the forms that show only then are there too), and every posting form of
 * those pages (the theme form is on each) with every field it names: what a browser would send.
 */
async function siteForms(): Promise<{ path: string; fields: string[] }[]> {
  const fields = new Map<string, Set<string>>();
  for (const target of sitePostTargets()) {
    const pageUrl = `${server.url}${target}?ref=1&token=${'a'.repeat(43)}`;
    const html = await (await fetch(pageUrl)).text();
    for (const form of postedForms(html, pageUrl)) {
      const known = fields.get(form.path) ?? new Set<string>();
      for (const field of form.fields) known.add(field);
      fields.set(form.path, known);
    }
  }
  return [...fields].map(([path, names]) => ({ path, fields: [...names].sort() })).sort((a, b) => a.path.localeCompare(b.path));
}

/** The site's forms that post to the API from the browser (site/src/islands): the path, and the fields the form has. */
function islandForms(): { path: string; fields: string[] }[] {
  const islands = path.join(SITE_SRC, 'islands');
  return fs
    .readdirSync(islands)
    .map((file) => fs.readFileSync(path.join(islands, file), 'utf8'))
    .flatMap((source) =>
      [...source.matchAll(/fetch\('\/api(\/[^']+)',\s*\{\s*method: 'POST'/g)].map((m) => ({
        path: m[1]!,
        fields: [...source.matchAll(/\bname="(\w+)"/g)].map((f) => f[1]!),
      })),
    );
}

/** Wall time of a request, the best of a few (as cost() above), for any way of sending it. */
async function timed(send: () => Promise<Response>): Promise<{ ms: number; status: number; location: string | null }> {
  let best = { ms: Infinity, status: 0, location: null as string | null };
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const res = await send();
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (ms < best.ms) best = { ms, status: res.status, location: res.headers.get('location') };
  }
  return best;
}

/** Answers refused before any pattern runs (body, URL or headers too large): the probe then tries a shorter value. */
const TOO_LARGE = new Set([413, 414, 431]);

/**
 * Sends each attack at the largest length the route lets through, and a normal value; answers the probes
 * that cost over 20× the normal value, each measured twice. `refused` judges each attack's answer.
 */
async function slowProbes(
  what: string,
  send: (value: string) => Promise<Response>,
  refused: (answer: { status: number; location: string | null }, normal: { status: number }, label: string) => void,
): Promise<string[]> {
  const slow: string[] = [];
  const normal = await timed(() => send('jeanne@example.org'));
  for (const [name, attackOf] of Object.entries(ATTACKS)) {
    for (const length of LENGTHS) {
      const label = `${what} (${name}, ${length} characters)`;
      const attack = await timed(() => send(attackOf(length)));
      if (TOO_LARGE.has(attack.status) && length !== LENGTHS.at(-1)) continue;
      refused(attack, normal, label);
      if (attack.ms > 20 * Math.max(normal.ms, 1)) {
        const again = await timed(() => send(attackOf(length)));
        const normalAgain = await timed(() => send('jeanne@example.org'));
        if (again.ms > 20 * Math.max(normalAgain.ms, normal.ms, 1))
          slow.push(`${label}: ${again.ms.toFixed(1)} ms, normal ${normalAgain.ms.toFixed(1)} ms`);
      }
      break;
    }
  }
  return slow;
}

const aClientError = (answer: { status: number }, _normal: unknown, label: string) => {
  expect(answer.status, label).toBeGreaterThanOrEqual(400);
  expect(answer.status, label).toBeLessThan(500);
};

describe('no value makes validation expensive', () => {
  it('a 64 KB adversarial value in every JSON text and e-mail field, public and admin, gets a 4xx for at most 20× the cost of a normal value', async () => {
    const operations = await stringFieldsOfEveryOperation();
    // The public forms and the admin's mail fields are among them: the document cannot lose them unseen.
    const named = operations.map((o) => `${o.method} ${o.path} ${o.fields.join(',')}`).join('\n');
    for (const expected of [
      /POST \/inquiries .*email/,
      /POST \/newsletter\/subscribe .*email/,
      /POST \/smtp\/accounts .*fromEmail/,
      /PUT \/smtp\/settings\/\S+ .*recipientEmail/,
      /POST \/auth\/login .*email/,
      /POST \/products .*titleFr/,
    ])
      expect(named).toMatch(expected);

    const slow: string[] = [];
    for (const op of operations) {
      for (const field of op.fields) {
        const normal = await cost({ ...op, json: { [field]: 'jeanne@example.org' } });
        for (const [name, attackOf] of Object.entries(ATTACKS)) {
          for (const length of LENGTHS) {
            const what = `${op.method} ${op.path} ${field} (${name}, ${length} characters)`;
            const attack = await cost({ ...op, json: { [field]: attackOf(length) } });
            expect(attack.status, what).toBeGreaterThanOrEqual(400);
            expect(attack.status, what).toBeLessThan(500);
            // Over the bound: measured again, both, so that a moment of load on a shared machine is not a finding.
            if (attack.ms > 20 * Math.max(normal.ms, 1)) {
              const again = await cost({ ...op, json: { [field]: attackOf(length) } });
              const normalAgain = await cost({ ...op, json: { [field]: 'jeanne@example.org' } });
              if (again.ms > 20 * Math.max(normalAgain.ms, normal.ms, 1))
                slow.push(`${what}: ${again.ms.toFixed(1)} ms, normal ${normalAgain.ms.toFixed(1)} ms`);
            }
            if (attack.status !== 413) break;
          }
        }
      }
    }
    expect(slow).toEqual([]);
  });

  it('a 64 KB adversarial value in every multipart text field (picture alt, document titles and descriptions, library upload fields) gets a 4xx for at most 20× the cost of a normal value', async () => {
    const operations = await multipartFieldsOfEveryOperation();
    const named = operations.map((o) => `${o.method} ${o.path} ${o.fields.join(',')}`).join('\n');
    for (const expected of [
      /POST \/products\/\{id\}\/images .*alt/,
      /POST \/products\/\{id\}\/documents .*titles,titlesEn,descriptions/,
      /POST \/admin\/technical-documents\/upload .*title,titleFr,titleEn,descriptionFr,descriptionEn,productId/,
    ])
      expect(named).toMatch(expected);

    // A listing of its own, so that the upload reaches its fields (a missing listing is refused first).
    const created = await call({ method: 'POST', path: '/products', json: engineInput({ titleFr: 'Moteur Formulaires' }), auth: true });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const slow: string[] = [];
    for (const op of operations) {
      for (const field of op.fields) {
        // With a file every route accepts, so that the text is what is judged; a JSON text carries the value as its item.
        const send = (value: string) => {
          const form = new FormData();
          for (const file of op.files) form.append(file, new Blob([PNG], { type: 'image/png' }), 'probe.png');
          form.append(field, value);
          return server.api(op.path.replace(/\{[^{}]+\}/g, String(id)), {
            method: op.method,
            token,
            headers: { 'x-forwarded-for': `198.51.100.${(visitor++ % 250) + 1}` },
            body: form,
          });
        };
        slow.push(...(await slowProbes(`${op.method} ${op.path} ${field}`, send, aClientError)));
      }
    }
    expect(slow).toEqual([]);
  });

  it('a 64 KB adversarial value in every query parameter (search and the others), public and admin, gets a 4xx for at most 20× the cost of a normal value', async () => {
    const operations = await queryParametersOfEveryOperation();
    const named = operations.map((o) => `${o.method} ${o.path} ${o.parameters.join(',')}`).join('\n');
    for (const expected of [
      /GET \/products .*search/,
      /GET \/technical-documents\/public .*search/,
      /GET \/admin\/technical-documents .*search/,
      /GET \/newsletter\/admin\/subscribers .*search/,
    ])
      expect(named).toMatch(expected);
    const slow: string[] = [];
    for (const op of operations) {
      for (const parameter of op.parameters) {
        // URLSearchParams writes a space as '+': the value keeps its length in the request line.
        const send = (value: string) =>
          call({ method: op.method, path: `${op.path}?${new URLSearchParams({ [parameter]: value })}`, auth: op.auth });
        slow.push(...(await slowProbes(`${op.method} ${op.path}?${parameter}`, send, aClientError)));
      }
    }
    expect(slow).toEqual([]);
  });

  it('a 64 KB adversarial value in every field of the site’s own forms is refused, or changes nothing, for at most 20× the cost of a normal value', async () => {
    // The forms posted to the site's pages, read from the pages served: the theme form, the contact form
    // without JavaScript, the newsletter's buttons. Every page that reads a posted form serves one.
    const forms = await siteForms();
    expect(forms.map((f) => f.path)).toEqual(expect.arrayContaining(sitePostTargets()));
    const contactFields = [...INQUIRY_FIELDS, HONEYPOT_FIELD, REFERENCE_FIELD].sort();
    expect(forms).toEqual(
      expect.arrayContaining([
        { path: '/preferences', fields: ['next', 'theme'] },
        { path: '/contact', fields: contactFields },
        { path: '/en/contact', fields: contactFields },
        { path: '/newsletter/confirmer', fields: ['token'] },
        { path: '/newsletter/desinscription', fields: ['token'] },
        { path: '/en/newsletter/confirmer', fields: ['token'] },
        { path: '/en/newsletter/desinscription', fields: ['token'] },
      ]),
    );
    // The contact form and the newsletter sign-up post their fields to the API from the browser: the JSON probe above covers each.
    const json = await stringFieldsOfEveryOperation();
    const islands = islandForms();
    expect(islands.map((f) => f.path).sort()).toEqual(['/inquiries', '/newsletter/subscribe']);
    for (const form of islands)
      expect(json.find((op) => op.method === 'POST' && op.path === form.path)?.fields, form.path).toEqual(
        expect.arrayContaining(form.fields),
      );

    const slow: string[] = [];
    for (const form of forms) {
      for (const field of form.fields) {
        const send = (value: string) =>
          fetch(`${server.url}${form.path}`, {
            method: 'POST',
            redirect: 'manual',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              origin: server.url,
              'x-forwarded-for': `198.51.100.${(visitor++ % 250) + 1}`,
            },
            body: new URLSearchParams({ [field]: value }),
          });
        // A form that takes any value (the theme, where to go back) sends a normal one on with a redirect: the attack
        // gets the same, on this site. Any other (the newsletter's token) refuses it as a client error.
        const refusedOrHarmless = (answer: { status: number; location: string | null }, normal: { status: number }, label: string) => {
          if (normal.status < 300 || normal.status >= 400) return aClientError(answer, normal, label);
          expect(answer.status, label).toBe(normal.status);
          expect(new URL(answer.location!, server.url).origin, label).toBe(server.url);
        };
        slow.push(...(await slowProbes(`POST ${form.path} ${field}`, send, refusedOrHarmless)));
      }
    }
    expect(slow).toEqual([]);
  });

  it('an Accept-Encoding header of 15 KB of spaces costs what a short one costs', async () => {
    // A compressible answer, so the header is read; a new header each time, as the server remembers the few it saw.
    const get = async (acceptEncoding: (i: number) => string) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const res = await fetch(`${server.url}/api/products?limit=48&page=${i + 1}`, { headers: { 'accept-encoding': acceptEncoding(i) } });
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const normal = await get((i) => `br, gzip, x-${i}`);
    const attack = await get((i) => `br${' '.repeat(15 * 1024)}x-${i}`);
    expect(attack).toBeLessThan(20 * Math.max(normal, 1));
  });
});

describe('addresses are plain', () => {
  // Right-to-left override, NEL, ESC, zero-width space, line and paragraph separators: Cc, Cf, Zl, Zp.
  const hidden = ['\u202e', '\u0085', '\u001b', '\u200b', '\u2028', '\u2029', '\ufeff'];
  const address = (c: string) => `jean${c}ne@example.org`;

  it('the contact form refuses an e-mail with a control, format or separator character, with a field error, and stores nothing', async () => {
    for (const c of hidden) {
      const res = await call({ method: 'POST', path: '/inquiries', json: { name: 'Jeanne', email: address(c), message: 'Bonjour' } });
      expect(res.status, JSON.stringify(c)).toBe(400);
      expect((await res.json()).errors).toContainEqual({ field: 'email', message: 'Adresse e-mail invalide' });
    }
    expect(
      await withDb(server, async (db) => (await db.select().from(tablesOf(db).inquiries)).filter((r) => r.email.startsWith('jean'))),
    ).toEqual([]);
  });

  it('the newsletter, the SMTP sender and the usage recipient refuse them too', async () => {
    for (const c of hidden) {
      const subscribe = await call({ method: 'POST', path: '/newsletter/subscribe', json: { email: address(c), language: 'fr' } });
      expect(subscribe.status, JSON.stringify(c)).toBe(400);
      expect((await subscribe.json()).errors).toContainEqual({ field: 'email', message: 'Veuillez saisir une adresse email valide.' });

      const account = {
        name: 'Compte',
        host: 'smtp.example.org',
        port: 587,
        secure: false,
        user: 'u',
        password: 'p',
        fromName: 'Ventes',
        fromEmail: address(c),
      };
      const created = await call({ method: 'POST', path: '/smtp/accounts', json: account, auth: true });
      expect(created.status, JSON.stringify(c)).toBe(400);
      expect((await created.json()).errors).toContainEqual({ field: 'fromEmail', message: "Format d'email invalide" });

      const usage = await call({
        method: 'PUT',
        path: '/smtp/settings/contact_form_fr',
        json: { smtpAccountId: null, recipientEmail: address(c) },
        auth: true,
      });
      expect(usage.status, JSON.stringify(c)).toBe(400);
      expect((await usage.json()).errors).toContainEqual({ field: 'recipientEmail', message: "Format d'email invalide" });
    }
  });
});

describe('only a real change empties the page cache', () => {
  it('anonymous, refused and sign-in requests, a successful sign-in and a token refresh leave cached pages cached; an administrator’s listing write renders them anew', async () => {
    const created = await call({ method: 'POST', path: '/products', json: engineInput({ titleFr: 'Moteur Avant' }), auth: true });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const page = async () => (await fetch(`${server.url}/annonces`)).text();
    expect(await page()).toContain('Moteur Avant');
    // A session whose refresh token the list below renews (signed in before the change behind the server's back).
    const session = await signInAsAdmin(server);

    // Changed behind the server's back (no announcement): the cached page keeps the old title until a real change.
    await withDb(server, (db) =>
      db
        .update(tablesOf(db).products)
        .set({ titleFr: 'Moteur Après' })
        .where(eq(tablesOf(db).products.id, id)),
    );
    const requests: (Call & { expect?: number })[] = [
      { method: 'POST', path: '/inquiries', json: { name: 'Jeanne', email: 'jeanne@example.org', message: 'Bonjour' } },
      { method: 'POST', path: '/inquiries', json: {} },
      { method: 'POST', path: '/newsletter/subscribe', json: { email: 'lecteur@example.org', language: 'fr' } },
      { method: 'POST', path: '/auth/login', json: { email: INITIAL_ADMIN.email, password: 'wrong-password' } },
      { method: 'PUT', path: `/products/${id}`, json: engineInput({ titleFr: 'Anonyme' }) },
      { method: 'DELETE', path: `/products/${id}` },
      { method: 'POST', path: '/no-such-route', json: {} },
      { method: 'PATCH', path: `/products/${id}`, json: { featured: 'not a boolean' }, auth: true },
      // Successful: each writes a session row, none changes what a page shows.
      { method: 'POST', path: '/auth/login', json: { email: INITIAL_ADMIN.email, password: CHANGED_ADMIN_PASSWORD }, expect: 200 },
      { method: 'POST', path: '/auth/refresh', json: { refreshToken: session.refreshToken }, expect: 200 },
    ];
    for (const { expect: status, ...request } of requests) {
      const res = await call(request);
      await res.arrayBuffer();
      if (status) expect(res.status, `${request.method} ${request.path}`).toBe(status);
      expect(await page(), `${request.method} ${request.path}`).toContain('Moteur Avant');
    }
    const other = await call({ method: 'POST', path: '/products', json: engineInput({ titleFr: 'Moteur Autre' }), auth: true });
    expect(other.status).toBe(201);
    const after = await page();
    expect(after).toContain('Moteur Après');
    expect(after).toContain('Moteur Autre');
  });
});

describe('private answers are never stored', () => {
  it('sign-in, refresh, profile, messages, subscribers, exports, mail accounts, replies and every admin read answer Cache-Control: no-store', async () => {
    const login = await call({ method: 'POST', path: '/auth/login', json: { email: 'nobody@example.org', password: 'x' } });
    expect(login.headers.get('cache-control'), 'failed sign-in').toBe('no-store');
    const session = await signInAsAdmin(server);
    const refresh = await call({ method: 'POST', path: '/auth/refresh', json: { refreshToken: session.refreshToken } });
    expect(refresh.status).toBe(200);
    expect(refresh.headers.get('cache-control'), 'refresh').toBe('no-store');
    for (const path of [
      '/auth/profile',
      '/inquiries',
      '/newsletter/admin/subscribers',
      '/newsletter/admin/export?format=csv',
      '/newsletter/admin/export?format=json',
      '/newsletter/admin/stats',
      '/smtp/accounts',
      '/smtp/settings',
      '/email-responses',
      '/admin/technical-documents',
      '/products?limit=5',
    ]) {
      const res = await server.api(path, { token: session.accessToken });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('the newsletter form is no mail cannon', () => {
  const queued = (email: string) =>
    withDb(server, async (db) => (await db.select().from(tablesOf(db).mailOutbox)).filter((m) => JSON.stringify(m).includes(email)).length);

  it('five sign-ups for one address within a minute queue one confirmation mail, and every answer is the same', async () => {
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await call({ method: 'POST', path: '/newsletter/subscribe', json: { email: 'cible@example.org', language: 'fr' } });
      answers.add(`${res.status} ${await res.text()}`);
    }
    expect(answers.size).toBe(1);
    expect(await queued('cible@example.org')).toBe(1);
  });

  it('an address that had three confirmation mails today gets no fourth, even ten minutes after the last', async () => {
    const email = 'quotidien@example.org';
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await withDb(server, (db) =>
      db.insert(tablesOf(db).rateLimitHits).values(
        [5, 3, 1].map((h) => ({
          bucket: `newsletter-confirmation-day:${email}`,
          at: hoursAgo(h),
          expiresAt: new Date(hoursAgo(h).getTime() + 24 * 3_600_000),
          pending: true,
        })),
      ),
    );
    const res = await call({ method: 'POST', path: '/newsletter/subscribe', json: { email, language: 'fr' } });
    expect(res.status).toBe(200);
    expect(await queued(email)).toBe(0);
  });
});

describe('no open redirect', () => {
  it('the preferences form sends back only to a path of this site, however next= is spelled', async () => {
    for (const next of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\\evil.example',
      '//evil.example',
      'https://evil.example/',
      '/\t\\evil.example',
      '/annonces?page=2',
    ]) {
      const res = await fetch(`${server.url}/preferences`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
        body: new URLSearchParams({ theme: 'dark', next }),
      });
      expect(res.status, JSON.stringify(next)).toBe(303);
      const target = new URL(res.headers.get('location')!, server.url);
      expect(target.origin, JSON.stringify(next)).toBe(server.url);
    }
  });
});

/** A request written on the socket as is; answers the status line and headers. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('end', () => resolve(text.split('\r\n\r\n')[0]!));
    socket.on('error', reject);
  });
}

describe('X-Content-Type-Options: nosniff on every answer', () => {
  it('on 404s of the API, the site and the admin, and on the site’s 413', async () => {
    for (const path of ['/api/no-such-route', '/no-such-page', '/produit/999999', '/admin/missing.js', '/media/images/none/none.webp']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    const tooLarge = await fetch(`${server.url}/preferences`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x'.repeat(70 * 1024),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('on pages and catalogue reads the page cache answers: rendered, from memory, 304 and HEAD; on redirects, static files and the admin', async () => {
    const nosniff = (res: Response, what: string) => expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    // robots.txt is the site's own text, whose headers are the origin's alone.
    for (const path of ['/mentions-legales', '/robots.txt', '/api/products?limit=2']) {
      const rendered = await fetch(`${server.url}${path}`);
      const fromMemory = await fetch(`${server.url}${path}`);
      expect([rendered.status, fromMemory.status], path).toEqual([200, 200]);
      nosniff(rendered, `${path}, rendered`);
      nosniff(fromMemory, `${path}, from memory`);
      const etag = fromMemory.headers.get('etag') ?? '';
      const notModified = await fetch(`${server.url}${path}`, { headers: { 'if-none-match': etag } });
      expect(notModified.status, path).toBe(304);
      nosniff(notModified, `${path}, 304`);
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
      nosniff(head, `${path}, HEAD`);
    }
    const redirect = await fetch(`${server.url}/annonces`, { headers: { cookie: 'lang=en' }, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    nosniff(redirect, 'the stored language’s redirect');
    for (const path of ['/favicon.svg', '/admin/', '/api/health']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      nosniff(res, path);
    }
  });

  it('on the HTTP parser’s 400 and 431', async () => {
    const bad = await raw('GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400/);
    expect(bad.toLowerCase()).toContain('x-content-type-options: nosniff');
    const huge = await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    expect(huge.toLowerCase()).toContain('x-content-type-options: nosniff');
  });
});

/**
 * Streams a chunked body of up to `total` bytes, as fast as the server reads it, and answers the status
 * and how many bytes had been handed to the socket when the answer came.
 */
function streamBody(path: string, headers: Record<string, string>, total: number, head = ''): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let answered = false;
    const write = () => {
      // The start of the body as given (the parts before a big file), then filler.
      if (head && sent === 0) {
        sent += Buffer.byteLength(head);
        if (!req.write(head)) return void req.once('drain', write);
      }
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (!answered) req.end();
    };
    req.on('response', (res) => {
      answered = true;
      resolve({ status: res.statusCode!, sent });
      res.resume();
      req.destroy();
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    write();
  });
}

describe('a refused request stops reading', () => {
  const MB = 1024 * 1024;
  const multipart = { 'content-type': 'multipart/form-data; boundary=x' };
  /** The parts of a body with the boundary above: a text field, and the start of a file whose bytes follow. */
  const textPart = (name: string, value: string) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const filePart = (name: string) =>
    `--x\r\nContent-Disposition: form-data; name="${name}"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;

  // What the client hands its socket before the answer arrives: the server's reading, its socket buffers, and
  // the short drain after a refusal (@hono/node-server reads on, for 500 ms, so the connection closes cleanly).
  it('a replayed key with a 160 MB multipart body on the contact form gets 422 long before the end of the body', async () => {
    const key = crypto.randomUUID();
    const headers = { 'idempotency-key': key, 'x-forwarded-for': '203.0.113.77' };
    const first = await server.api('/inquiries', {
      method: 'POST',
      headers,
      json: { name: 'Jeanne', email: 'jeanne@example.org', message: 'Bonjour' },
    });
    expect(first.status).toBe(201);
    const replay = await streamBody('/api/inquiries', { ...headers, ...multipart }, 160 * MB);
    expect(replay.status).toBe(422);
    expect(replay.sent).toBeLessThan(48 * MB);
  });

  it('an administrator’s upload key replayed with another 160 MB body gets 422 long before the end of the body', async () => {
    const key = crypto.randomUUID();
    const headers = { 'idempotency-key': key, authorization: `Bearer ${token}` };
    const form = new FormData();
    form.append('title', 'Notice moteur');
    form.append('document', new Blob([PNG]), 'notice.png');
    const first = await server.api('/admin/technical-documents/upload', { method: 'POST', headers, body: form });
    expect(first.status).toBe(201);
    const replay = await streamBody('/api/admin/technical-documents/upload', { ...headers, ...multipart }, 160 * MB, filePart('document'));
    expect(replay.status).toBe(422);
    expect(replay.sent).toBeLessThan(48 * MB);
  });

  it('requests refused by validation stop reading a 160 MB body: at once, or at the route’s own limit', async () => {
    const { id } = (await (
      await call({ method: 'POST', path: '/products', json: engineInput({ titleFr: 'Moteur Lecture' }), auth: true })
    ).json()) as { id: number };
    const admin = { authorization: `Bearer ${token}` };
    const cases: { what: string; path: string; headers: Record<string, string>; head?: string; status: number; limit?: number }[] = [
      { what: 'a contact form of 160 MB of JSON', path: '/api/inquiries', headers: { 'content-type': 'application/json' }, status: 413 },
      {
        what: 'a listing of 160 MB of JSON, signed in',
        path: '/api/products',
        headers: { ...admin, 'content-type': 'application/json' },
        status: 413,
      },
      {
        what: 'an upload with a malformed Idempotency-Key',
        path: '/api/admin/technical-documents/upload',
        headers: { ...admin, ...multipart, 'idempotency-key': 'not-a-uuid' },
        head: filePart('document'),
        status: 400,
      },
      {
        what: 'an upload that is not multipart (a small body then: 1 MiB at most)',
        path: '/api/admin/technical-documents/upload',
        headers: { ...admin, 'content-type': 'application/octet-stream' },
        status: 413,
      },
      {
        what: 'an upload to a listing that does not exist',
        path: '/api/products/999999/documents',
        headers: { ...admin, ...multipart },
        head: filePart('documents'),
        status: 404,
      },
      // The refused field comes first, the file after it: the file is read up to the route's cap, no further.
      {
        what: 'an image whose alt text is too long, then 160 MB of image',
        path: `/api/products/${id}/images`,
        headers: { ...admin, ...multipart },
        head: textPart('alt', 'x'.repeat(301)) + filePart('image'),
        status: 413,
        limit: IMAGE_MAX_BYTES,
      },
      {
        what: 'a library document for listing "abc", then 160 MB of file',
        path: '/api/admin/technical-documents/upload',
        headers: { ...admin, ...multipart },
        head: textPart('title', 'Notice') + textPart('productId', 'abc') + filePart('document'),
        status: 413,
        limit: DOCUMENT_MAX_BYTES,
      },
    ];
    for (const c of cases) {
      const answer = await streamBody(c.path, c.headers, 160 * MB, c.head);
      expect(answer.status, c.what).toBe(c.status);
      expect(answer.sent, c.what).toBeLessThan((c.limit ?? 0) + 48 * MB);
    }
  });

  it('an anonymous 160 MB upload with a key gets 401 long before the end of the body', async () => {
    const answer = await streamBody(
      '/api/admin/technical-documents/upload',
      { 'idempotency-key': crypto.randomUUID(), ...multipart },
      160 * MB,
    );
    expect(answer.status).toBe(401);
    expect(answer.sent).toBeLessThan(48 * MB);
  });
});
