// Probes for security.md "Requests": security headers and a CSP that needs no 'unsafe-inline' on
// every HTML answer (site, admin) and on the API, cross-site POSTs refused where a cookie
// authenticates, and the public forms' bot defences (honeypot, per-address limits) on every variant.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_COUNTERS, tableChecksums } from '../support/db-state.ts';
import { tablesOf } from '@app/db';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

type Json = Record<string, any>;

/** The CSP as a map of directive → sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

/** Inline scripts (not JSON data blocks), inline event handlers and javascript: URLs in a page. */
function inlineCode(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc\s*=/.test(attrs!) && !/type\s*=\s*["']?application\/(ld\+)?json/i.test(attrs!))
    .map(([, , body]) => body!)
    .filter((body) => body.trim() !== '');
  const handlers = [...html.matchAll(/<[a-z][^>]*\s(on[a-z]+)\s*=/gi)].map((m) => m[1]!);
  const jsUrls = [...html.matchAll(/\b(?:href|src|action)\s*=["'\s]*javascript:/gi)].map((m) => m[0]);
  return { scripts, handlers, jsUrls };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function expectStrictHtmlHeaders(res: Response, label: string) {
  const csp = parseCsp(res.headers.get('content-security-policy'));
  expect(csp.size, `${label}: CSP`).toBeGreaterThan(0);
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scriptSrc, `${label}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${label}: script-src`).not.toContain("'unsafe-eval'");
  expect(scriptSrc, `${label}: script-src`).not.toContain('*');
  expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).toBeDefined();
  expect(csp.get('object-src') ?? csp.get('default-src'), `${label}: object-src`).toBeDefined();
  expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), label).toBeTruthy();
  return { csp, scriptSrc };
}

/**
 * One server of each kind for the file: the built site and admin (`full`), and the API
 * alone. What one describe does leaves what another checks as it was: the HTML and API answers only read,
 * the cross-site requests sign in, and the public forms' limits count the form posts only.
 */
let site: TestServer;
let apiOnly: TestServer;
beforeAll(async () => {
  site = await startServer({ full: true });
  apiOnly = await startServer();
});
afterAll(() => Promise.all([site?.stop(), apiOnly?.stop()]));

describe('HTML answers of the site and the admin', () => {
  const sitePages = [
    '/',
    '/en/',
    '/annonces',
    '/en/annonces',
    '/documentation',
    '/contact',
    '/mentions-legales',
    '/politique-confidentialite',
    '/page-qui-n-existe-pas',
  ];
  const adminPages = ['/admin/', '/admin/login', '/admin/change-password', '/admin/annonces'];

  it.each([...sitePages, ...adminPages])(
    '%s carries strict security headers and no inline code the CSP would need to allow',
    async (page) => {
      const res = await fetch(`${site.url}${page}`);
      expect(res.headers.get('content-type') ?? '').toMatch(/^text\/html/);
      const { scriptSrc } = expectStrictHtmlHeaders(res, page);
      const { scripts, handlers, jsUrls } = inlineCode(await res.text());
      expect(handlers, `${page}: inline event handlers`).toEqual([]);
      expect(jsUrls, `${page}: javascript: URLs`).toEqual([]);
      // An inline script is acceptable only when the CSP names its exact hash (Astro's own scripts).
      for (const body of scripts) expect(scriptSrc, `${page}: inline script not allowed by hash`).toContain(sha256(body));
    },
  );
});

describe('API answers', () => {
  it.each(['/health', '/products', '/nope', '/auth/profile'])(
    '%s: nosniff, a deny-all CSP and no framing, whatever the status',
    async (path) => {
      const res = await apiOnly.api(path);
      const csp = parseCsp(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBeTruthy();
      expect(res.headers.get('content-type')).toMatch(/^application\/(problem\+)?json/);
      expect(res.headers.get('x-powered-by')).toBeNull();
    },
  );
});

describe('cross-site requests', () => {
  it('refuses a cookie-authenticated refresh sent from another site, by Sec-Fetch-Site or by Origin', async () => {
    const login = await site.api('/auth/login', { method: 'POST', json: { email: 'admin@example.test', password: 'Initial-Passw0rd!' } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const variants: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', cookie },
      { 'sec-fetch-site': 'same-site', cookie },
      { origin: 'https://evil.example', cookie },
      { origin: 'null', cookie },
      { origin: `${site.url}.evil.example`, cookie },
    ];
    for (const headers of variants) {
      const res = await site.api('/auth/refresh', { method: 'POST', json: {}, headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(((await res.json()) as Json).error).toBe('Requête intersite refusée');
    }
    // The same request from the page itself goes through.
    const ok = await site.api('/auth/refresh', {
      method: 'POST',
      json: {},
      headers: { origin: site.url, 'sec-fetch-site': 'same-origin', cookie },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a cross-site form POST to the site', async () => {
    const res = await fetch(`${site.url}/preferences`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'theme=dark&next=/',
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
  });
});

describe('public forms against bots', () => {
  const inquiry = (extra: Record<string, unknown> = {}) => ({
    name: 'Jean Dupont',
    email: 'jean.dupont@example.test',
    phone: '0612345678',
    message: 'Bonjour, je souhaite un devis pour un groupe électrogène de 500 kVA.',
    language: 'fr',
    ...extra,
  });

  it('answers a filled honeypot like a success but stores nothing', async () => {
    const { HONEYPOT_FIELD } = await import('@app/domain/inquiries');
    // The flood limit counts the bot's post like any other (LIMIT_COUNTERS); nothing else is written.
    const checksums = () => withDb(apiOnly, (db) => tableChecksums(db, [LIMIT_COUNTERS]));
    const before = await checksums();
    const res = await apiOnly.api('/inquiries', { method: 'POST', json: inquiry({ [HONEYPOT_FIELD]: 'http://spam.example' }) });
    expect(res.status).toBe(201);
    expect(await checksums()).toEqual(before);
  });

  it('limits one address on the JSON route; spoofed X-Forwarded-For and route variants do not reset it', async () => {
    const statuses: number[] = [];
    // Whatever the exact limit, a script sending dozens of messages from one address is stopped.
    for (let i = 0; i < 30 && statuses.at(-1) !== 429; i++) {
      const res = await apiOnly.api('/inquiries', {
        method: 'POST',
        json: inquiry({ message: `Demande numéro ${i} pour un moteur marin.` }),
      });
      statuses.push(res.status);
      expect(((await res.json()) as Json) ?? {}).toBeTypeOf('object');
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    const spoofs: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-real-ip': '203.0.113.8' },
      { forwarded: 'for=203.0.113.9' },
    ];
    for (const headers of spoofs) {
      const res = await apiOnly.api('/inquiries', { method: 'POST', json: inquiry(), headers });
      expect(res.status, JSON.stringify(headers)).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    for (const path of ['/inquiries/', '/Inquiries', '/inquiries?x=1', '/inquiries#x']) {
      const res = await apiOnly.api(path, { method: 'POST', json: inquiry() });
      expect([404, 429], path).toContain(res.status);
    }
  });

  it('limits the newsletter form per address too, and answers a filled honeypot without recording it', async () => {
    const { HONEYPOT_FIELD } = await import('@app/domain/inquiries');
    const count = () => withDb(apiOnly, async (db) => (await db.select().from(tablesOf(db).newsletterSubscribers)).length);
    const before = await count();
    const trap = await apiOnly.api('/newsletter/subscribe', {
      method: 'POST',
      json: { email: 'bot@example.org', language: 'fr', [HONEYPOT_FIELD]: 'x' },
    });
    expect(trap.status).toBe(200);
    expect(await count()).toBe(before);
    const statuses: number[] = [];
    for (let i = 0; i < 30 && statuses.at(-1) !== 429; i++) {
      const res = await apiOnly.api('/newsletter/subscribe', {
        method: 'POST',
        json: { email: `lecteur${i}@example.org`, language: 'fr' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers a signed-in admin normally while the public form is limited', async () => {
    const { headers } = await signInAsAdmin(apiOnly);
    expect((await apiOnly.api('/inquiries', { headers })).status).toBe(200);
  });
});
