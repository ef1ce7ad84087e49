// Probes for security.md "Newsletter": link scanners that GET every link of a mail change nothing,
// the confirmation carries no visitor text, every newsletter has its own unguessable unsubscribe link
// and RFC 8058 headers, unsubscribing is idempotent, duplicates reveal nothing, consent is recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '@app/db';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { assignUsage, createSmtpAccount, startSmtpServer, type ReceivedMail, type TestSmtp } from '../support/smtp.ts';

const PUBLIC = 'https://www.example.test';

let server: TestServer;
let smtp: TestSmtp;
let token: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    full: true,
    env: { PUBLIC_URL: PUBLIC, MAIL_WORKER_INTERVAL_MS: '100', MAIL_RETRY_BASE_MS: '100', NEWSLETTER_RATE_PER_SECOND: '0' },
  });
  token = (await signInAsAdmin(server)).accessToken;
  const accountId = await createSmtpAccount(server, token, smtp, { fromEmail: 'news@example.test' });
  await assignUsage(server, token, 'newsletter', accountId, null);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const subscribe = (body: Record<string, unknown>) => server.api('/newsletter/subscribe', { method: 'POST', json: body });
const row = (email: string) =>
  withDb(server, async (db) => (await db.select().from(tablesOf(db).newsletterSubscribers)).filter((s) => s.email === email));
/** Every link of a mail (text and HTML parts), pointed at the test server instead of PUBLIC_URL. */
const linksOf = (mail: ReceivedMail) =>
  [
    ...new Set(
      [
        ...`${mail.parsed.text ?? ''} ${mail.parsed.html || ''} ${mail.header('list-unsubscribe') ?? ''}`.matchAll(
          /https?:\/\/[^\s"'<>]+/g,
        ),
      ].map((m) => m[0].replace(/&amp;/g, '&')),
    ),
  ]
    .filter((u) => u.startsWith(PUBLIC))
    .map((u) => u.replace(PUBLIC, server.url));

async function confirmed(email: string, page = '/annonces', language = 'fr') {
  expect((await subscribe({ email, language, page })).status).toBe(200);
  const [mail] = await smtp.waitFor((m) => m.to.includes(email));
  const confirmToken = /[?&]token=([A-Za-z0-9_-]+)/.exec(linksOf(mail!).find((l) => /confirm/.test(l)) ?? '')?.[1];
  expect((await server.api('/newsletter/confirm', { method: 'POST', json: { token: confirmToken } })).status).toBe(200);
  return mail!;
}

describe('double opt-in', () => {
  it('a link scanner that GETs (and HEADs) every link of the confirmation mail subscribes nobody and unsubscribes nobody', async () => {
    expect((await subscribe({ email: 'scanned@example.org', language: 'fr', page: '/' })).status).toBe(200);
    const [mail] = await smtp.waitFor((m) => m.to.includes('scanned@example.org'));
    const links = linksOf(mail!);
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(link, { method, redirect: 'follow' });
        expect(res.status, `${method} ${link}`).toBeLessThan(500);
      }
    }
    expect((await row('scanned@example.org'))[0]).toMatchObject({ isActive: false, confirmedAt: null });
  });

  it('the confirmation mail contains no text the visitor supplied besides their address', async () => {
    const marker = 'Injected-Visitor-Text-8841';
    const res = await subscribe({ email: 'texty@example.org', language: 'fr', page: `/annonces/${marker}`, name: marker, message: marker });
    // Fields the form does not have are ignored, not refused: the address still gets its mail.
    expect(res.status).toBe(200);
    const [mail] = await smtp.waitFor((m) => m.to.includes('texty@example.org'));
    expect(mail!.raw).not.toContain(marker);
  });

  it('refuses a consent page that is not a site path, with the reason, and records nothing', async () => {
    const res = await subscribe({ email: 'refused@example.org', language: 'fr', page: '/annonces <b>Injected-Visitor-Text</b>' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Page invalide', errors: [{ field: 'page', message: 'Page invalide' }] });
    expect(await row('refused@example.org')).toEqual([]);
  });

  it('records consent: when, from which page, in which language', async () => {
    await confirmed('consent@example.org', '/en/produit/3', 'en');
    const [r] = await row('consent@example.org');
    expect(r).toMatchObject({ isActive: true, consentPage: '/en/produit/3', consentLanguage: 'en' });
    expect(r!.consentAt).toBeInstanceOf(Date);
  });

  it('subscribing twice creates no duplicate and answers exactly as for a new address', async () => {
    const known = await subscribe({ email: 'consent@example.org', language: 'fr' });
    const fresh = await subscribe({ email: 'brand-new@example.org', language: 'fr' });
    expect(known.status).toBe(fresh.status);
    expect(await known.json()).toEqual(await fresh.json());
    expect(await row('consent@example.org')).toHaveLength(1);
  });
});

describe('newsletters and unsubscription', () => {
  let mails: ReceivedMail[];
  beforeAll(async () => {
    await confirmed('reader1@example.org');
    await confirmed('reader2@example.org');
    const res = await server.api('/newsletter/admin/send', {
      method: 'POST',
      token,
      json: { subject: 'Nouveautés du mois', content: 'Trois nouveaux groupes électrogènes.' },
    });
    expect(res.status).toBe(202);
    mails = await smtp.waitFor((m) => m.parsed.subject === 'Nouveautés du mois', { count: 3 });
  });

  it('every newsletter carries its own unsubscribe link and the RFC 8058 headers', () => {
    const tokens = new Set<string>();
    for (const mail of mails) {
      expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const header = mail.header('list-unsubscribe')!.replace(/\s+/g, '');
      const t = /token=([A-Za-z0-9_-]+)/.exec(header)?.[1];
      expect(t, mail.to.join()).toBeDefined();
      // At least 128 bits: 22+ base64url characters.
      expect(t!.length).toBeGreaterThanOrEqual(22);
      expect(`${mail.parsed.text}`).toContain(t!);
      tokens.add(t!);
    }
    expect(tokens.size).toBe(mails.length);
  });

  it('a GET of the one-click address unsubscribes nobody; the POST does, and again is harmless', async () => {
    const mail = mails.find((m) => m.to.includes('reader1@example.org'))!;
    const oneClick = /^<([^>]+)>/.exec(mail.header('list-unsubscribe')!.replace(/\s+/g, ''))![1]!.replace(PUBLIC, server.url);
    await fetch(oneClick);
    expect((await row('reader1@example.org'))[0]!.isActive).toBe(true);
    const post = () =>
      fetch(oneClick, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const first = await post();
    expect(first.status).toBe(200);
    const second = await post();
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(await first.json());
    expect((await row('reader1@example.org'))[0]!.isActive).toBe(false);
  });

  it('a guessed or altered token unsubscribes nobody', async () => {
    const header = mails
      .find((m) => m.to.includes('reader2@example.org'))!
      .header('list-unsubscribe')!
      .replace(/\s+/g, '');
    const real = /token=([A-Za-z0-9_-]+)/.exec(header)![1]!;
    const flipped = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A');
    for (const t of [flipped, 'A'.repeat(real.length), '0'.repeat(43)]) {
      const res = await server.api('/newsletter/unsubscribe', { method: 'POST', json: { token: t } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'Lien invalide ou expiré' });
    }
    expect((await row('reader2@example.org'))[0]!.isActive).toBe(true);
  });
});
