// The site's forms without JavaScript (the contact form, the theme toggle) behind a reverse proxy that
// does not pass the original Host: the server sees its own address in Host (the proxy's upstream), the
// browser's Origin names the public origin (PUBLIC_URL, or the English host), and X-Forwarded-* come or
// not. A visitor's post at a public origin goes through; another site's post is still refused, whatever
// X-Forwarded-Host says (docs/decisions/119-forms-behind-a-proxy.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

const PUBLIC_ORIGIN = 'https://catalogue.example';
const ENGLISH_ORIGIN = 'https://english.example';
const SERVER_ENV = {
  PUBLIC_URL: `${PUBLIC_ORIGIN}/`,
  COMPANY_ENGLISH_HOST: 'english.example',
  TRUST_PROXY: 'true',
  MAIL_WORKER_INTERVAL_MS: '3600000',
};
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startServer({ full: true, env: SERVER_ENV });
  token = (await signInAsAdmin(server)).accessToken;
});
afterAll(() => server?.stop());

let visitors = 0;
/**
 * A form post as the proxy forwards it: to the server's own address (so Host is 127.0.0.1:port, the
 * upstream the proxy was given), with the browser's Origin and the proxy's X-Forwarded-For and -Proto.
 */
function throughProxy(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': `203.0.113.${++visitors}`,
      'x-forwarded-proto': 'https',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function storedMessages(email: string): Promise<{ name: string; email: string }[]> {
  const res = await server.api('/inquiries?limit=100', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { inquiries: { name: string; email: string }[] }).inquiries.filter((i) => i.email === email);
}

describe('the contact form through a proxy that does not pass the Host', () => {
  it.each([
    ['without X-Forwarded-Host', 'proxy-plain@example.org', {}],
    ['with X-Forwarded-Host', 'proxy-forwarded-host@example.org', { 'x-forwarded-host': 'catalogue.example' }],
  ])('a visitor’s post from the public origin is stored and redirected (303), %s', async (_label, email, forwarded) => {
    const fields = { name: 'Derrière le proxy', email, message: 'Bonjour', website: '' };
    const res = await throughProxy('/contact', fields, { origin: PUBLIC_ORIGIN, ...forwarded });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact?sent=1');
    expect(await storedMessages(email)).toEqual([expect.objectContaining({ name: 'Derrière le proxy' })]);
  });

  it('another site’s post is refused (403) and stores nothing, whatever X-Forwarded-Host says', async () => {
    const email = 'ailleurs-proxy@example.org';
    const fields = { name: 'Ailleurs', email, message: 'Bonjour' };
    const cases: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'x-forwarded-host': 'catalogue.example' },
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
      { origin: 'https://catalogue.example.evil.example' },
      { origin: 'null' },
      { 'x-forwarded-host': 'catalogue.example' },
    ];
    for (const headers of cases) {
      const res = await throughProxy('/contact', fields, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get('cache-control'), JSON.stringify(headers)).toBe('no-store');
      await res.arrayBuffer();
    }
    expect(await storedMessages(email)).toEqual([]);
  });
});

describe('the theme form through the same proxy', () => {
  it.each([
    ['the public origin', PUBLIC_ORIGIN, {}],
    ['the public origin, with X-Forwarded-Host', PUBLIC_ORIGIN, { 'x-forwarded-host': 'catalogue.example' }],
    ['the English host', ENGLISH_ORIGIN, {}],
  ])('a visitor’s choice from %s is kept (303 with the cookie)', async (_label, origin, forwarded) => {
    const res = await throughProxy('/preferences', { theme: 'dark', next: '/annonces' }, { origin, ...forwarded });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/annonces');
    expect(res.headers.get('set-cookie')).toMatch(/^theme=dark;/);
  });

  it('another site’s post is refused (403) and sets nothing', async () => {
    const cases: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
      {},
    ];
    for (const headers of cases) {
      const res = await throughProxy('/preferences', { theme: 'dark', next: '/' }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get('set-cookie'), JSON.stringify(headers)).toBeNull();
      await res.arrayBuffer();
    }
  });
});
