// The contact form without JavaScript: the browser posts it form-encoded to /contact or /en/contact,
// and the server answers as the API's route does (stored, or refused with each field's error), then
// Post/Redirect/Get to the page with the success text, or the page again with the errors and what was
// typed. Hostile posts (a 64 KB field, another content type, another site, a bot, a flood) store nothing,
// and no post empties the page cache. Expected texts are written here from the spec and the site's
// wording, not read from the dictionaries they check.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '@app/db';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { engineInput } from '../fixtures/catalogue.ts';
import { startServer, type TestServer } from '../support/server.ts';

// Each visitor from an address of its own (TRUST_PROXY), so the per-address limit is met only where a
// test means to; no mail leaves (no SMTP account), and the mail worker does not poll.
const SERVER_ENV = { TRUST_PROXY: 'true', MAIL_WORKER_INTERVAL_MS: '3600000' };
let server: TestServer;
/** An administrator's access token, to read the stored messages back. */
let token: string;
beforeAll(async () => {
  server = await startServer({ full: true, env: SERVER_ENV });
  token = (await signInAsAdmin(server)).accessToken;
});
afterAll(() => server?.stop());

let visitors = 0;
const newAddress = () => `198.51.100.${++visitors}`;

type Post = { fields?: Record<string, string>; body?: string; headers?: Record<string, string>; from?: string };
/** A form post as a browser sends it from the page itself, unless `headers` say otherwise. */
function post(path: string, { fields = {}, body, headers, from = newAddress() }: Post) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.url,
      'x-forwarded-for': from,
      ...headers,
    },
    body: body ?? new URLSearchParams(fields).toString(),
  });
}

type StoredInquiry = {
  name: string;
  email: string;
  phone: string | null;
  message: string;
  language: string;
  productReference: string | null;
};
async function inquiries(): Promise<StoredInquiry[]> {
  const res = await server.api('/inquiries?limit=100', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { inquiries: StoredInquiry[] }).inquiries;
}

/** The opening tag of the form control with this id. */
const controlTag = (html: string, id: string) => new RegExp(`<(?:input|textarea)[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? '';
/** The page's text with the few entities React and Astro write for text decoded. */
const decoded = (html: string) =>
  html.replace(
    /&(?:#x27|#39|quot|lt|gt|amp);/g,
    (e) => ({ '&#x27;': "'", '&#39;': "'", '&quot;': '"', '&lt;': '<', '&gt;': '>', '&amp;': '&' })[e]!,
  );
/** The text of the field error paragraph with this id. */
const fieldError = (html: string, id: string) => new RegExp(`<p class="field-error" id="${id}">([^<]*)</p>`).exec(html)?.[1];

const TEXT = {
  fr: {
    path: '/contact',
    success: 'Message envoyé avec succès ! Nous vous répondrons rapidement.',
    error: "Erreur lors de l'envoi. Veuillez réessayer.",
    nameRequired: 'Le nom est requis',
    emailInvalid: 'Adresse e-mail invalide',
    messageRequired: 'Le message est requis',
    tooLong: '5000 caractères au maximum',
    wait: /Trop d’envois depuis votre connexion\u202f: vous pourrez réessayer dans 1[45] minutes\./,
  },
  en: {
    path: '/en/contact',
    success: 'Message sent successfully! We will respond quickly.',
    error: 'Error sending message. Please try again.',
    nameRequired: 'Please enter your name',
    emailInvalid: 'Please enter a valid email address',
    messageRequired: 'Please enter a message',
    tooLong: '5000 characters at most',
    wait: /Too many messages from your connection: you can try again in 1[45] minutes\./,
  },
} as const;

describe.each(['fr', 'en'] as const)('the contact form posted without JavaScript, in %s', (lang) => {
  const x = TEXT[lang];

  it('stores the message like the API, then redirects (303) to the page showing the success text', async () => {
    const email = `visiteur-${lang}@example.org`;
    const res = await post(x.path, {
      fields: { name: 'Jeanne Martin', phone: '06 12 34 56 78', email, message: 'Bonjour,\nle moteur est-il dispo ?', website: '' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${x.path}?sent=1`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const stored = (await inquiries()).filter((i) => i.email === email);
    expect(stored).toEqual([
      expect.objectContaining({
        name: 'Jeanne Martin',
        phone: '06 12 34 56 78',
        message: 'Bonjour,\nle moteur est-il dispo ?',
        language: lang,
        productReference: null,
      }),
    ]);

    const page = await fetch(`${server.url}${res.headers.get('location')}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<p class="alert alert-success" role="status">${x.success}</p>`);
    // The form is empty again (the spec's success resets it).
    expect(controlTag(html, 'contact-name')).not.toContain('value=');
  });

  it('shows the page again (400) with every field’s error next to it and what the visitor typed', async () => {
    const message = '<b>Bonjour</b> & "merci"';
    const res = await post(x.path, { fields: { name: '   ', phone: '06 12 34 56 78', email: 'jean@', message: '', website: '' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(decoded(html)).toContain(x.error);
    expect(fieldError(html, 'contact-name-error')).toBe(x.nameRequired);
    expect(fieldError(html, 'contact-email-error')).toBe(x.emailInvalid);
    expect(fieldError(html, 'contact-message-error')).toBe(x.messageRequired);
    expect(fieldError(html, 'contact-phone-error')).toBeUndefined();
    const email = controlTag(html, 'contact-email');
    expect(email).toContain('value="jean@"');
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain('aria-describedby="contact-email-error"');
    expect(controlTag(html, 'contact-phone')).toContain('value="06 12 34 56 78"');

    // A message kept as typed, escaped: markup in it stays text.
    const second = await post(x.path, { fields: { name: 'Jean', email: 'jean@', message, website: '' } });
    expect(second.status).toBe(400);
    const again = await second.text();
    expect(again).toContain('&lt;b&gt;Bonjour&lt;/b&gt; &amp; &quot;merci&quot;</textarea>');
    expect(again).not.toContain('<b>Bonjour</b>');
    expect(controlTag(again, 'contact-name')).toContain('value="Jean"');
    expect(fieldError(again, 'contact-name-error')).toBeUndefined();

    const tooLong = await post(x.path, { fields: { name: 'Jean', email: 'jean@example.org', message: 'm'.repeat(5001) } });
    expect(tooLong.status).toBe(400);
    const long = await tooLong.text();
    expect(fieldError(long, 'contact-message-error')).toBe(x.tooLong);
    expect(long).toContain(`${'m'.repeat(5001)}</textarea>`);

    expect((await inquiries()).filter((i) => i.name === 'Jean' || i.email === 'jean@')).toEqual([]);
  });
});

describe('hostile posts to the contact page', () => {
  const count = async () => (await inquiries()).length;

  it('a 64 KB field is refused (413) before anything reads it whole, and nothing is stored', async () => {
    const before = await count();
    const res = await post('/contact', { fields: { name: 'x'.repeat(64 * 1024), email: 'big@example.org', message: 'Bonjour' } });
    expect(res.status).toBe(413);
    await res.arrayBuffer();
    const json = await post('/contact', {
      body: JSON.stringify({ name: 'y'.repeat(64 * 1024), email: 'big@example.org', message: 'Bonjour' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(413);
    await json.arrayBuffer();
    expect(await count()).toBe(before);
  });

  it('another content type than a form’s is refused (415) and stores nothing', async () => {
    const before = await count();
    const fields = { name: 'Type', email: 'type@example.org', message: 'Bonjour', language: 'fr' };
    for (const [type, body] of [
      ['application/json', JSON.stringify(fields)],
      ['text/plain', new URLSearchParams(fields).toString()],
      ['application/xml', '<inquiry><name>Type</name></inquiry>'],
    ] as const) {
      const res = await post('/contact', { body, headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
      expect(res.headers.get('cache-control'), type).toBe('no-store');
      await res.arrayBuffer();
    }
    expect(await count()).toBe(before);
  });

  it('a post from another site, or without an Origin, is refused (403) and stores nothing', async () => {
    const before = await count();
    const fields = { name: 'Ailleurs', email: 'ailleurs@example.org', message: 'Bonjour' };
    for (const origin of ['https://evil.example', 'null', `${server.url}.evil.example`]) {
      const res = await post('/contact', { fields, headers: { origin } });
      expect(res.status, origin).toBe(403);
      await res.arrayBuffer();
    }
    const res = await fetch(`${server.url}/en/contact`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': newAddress() },
      body: new URLSearchParams(fields).toString(),
    });
    expect(res.status).toBe(403);
    await res.arrayBuffer();
    expect(await count()).toBe(before);
  });

  it('a filled honeypot gets the usual redirect, and nothing is stored', async () => {
    const before = await count();
    const res = await post('/contact', {
      fields: { name: 'Bot', email: 'bot@example.org', message: 'Buy now', website: 'https://spam.example' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact?sent=1');
    expect(await count()).toBe(before);
  });

  it('shares the per-address limit with the JSON route: past it, the page says how long to wait and keeps the values', async () => {
    const from = newAddress();
    // Ten from one address in 15 minutes, counted whichever way they come (invalid ones too).
    for (let i = 0; i < 5; i++) {
      const json = await server.api('/inquiries', {
        method: 'POST',
        json: { name: 'Flot', email: 'flot@example.org', message: `JSON ${i}`, language: 'fr' },
        headers: { 'x-forwarded-for': from },
      });
      expect(json.status).toBe(201);
    }
    for (let i = 0; i < 5; i++) {
      const res = await post('/contact', {
        from,
        fields: i % 2 ? { name: '' } : { name: 'Flot', email: 'flot@example.org', message: `Form ${i}` },
      });
      expect(res.status).toBe(i % 2 ? 400 : 303);
      await res.arrayBuffer();
    }
    for (const lang of ['fr', 'en'] as const) {
      const res = await post(TEXT[lang].path, { from, fields: { name: 'Flot', email: 'flot@example.org', message: 'Encore' } });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const html = await res.text();
      expect(html).toMatch(TEXT[lang].wait);
      expect(controlTag(html, 'contact-name')).toContain('value="Flot"');
      expect(html).toContain('Encore</textarea>');
    }
    expect((await inquiries()).filter((i) => i.message === 'Encore')).toEqual([]);
    // Another visitor is not held back.
    const other = await post('/contact', { fields: { name: 'Autre', email: 'autre@example.org', message: 'Bonjour' } });
    expect(other.status).toBe(303);
  });
});

describe('the page cache', () => {
  it('is not emptied by a contact post, sent, refused or hostile', async () => {
    const created = await server.api('/products', { method: 'POST', json: engineInput({ titleFr: 'Moteur Avant' }), token });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const listings = async () => (await fetch(`${server.url}/annonces`)).text();
    expect(await listings()).toContain('Moteur Avant');
    // Changed behind the server's back (no announcement): the cached page keeps the old title until a real change.
    await withDb(server, (db) =>
      db
        .update(tablesOf(db).products)
        .set({ titleFr: 'Moteur Après' })
        .where(eq(tablesOf(db).products.id, id)),
    );

    const fields = { name: 'Cache', email: 'cache@example.org', message: 'Bonjour' };
    const posts: [string, Post, number][] = [
      ['/contact', { fields }, 303],
      ['/en/contact', { fields }, 303],
      ['/contact', { fields: { name: '' } }, 400],
      ['/contact', { fields, headers: { origin: 'https://evil.example' } }, 403],
      ['/contact', { body: JSON.stringify(fields), headers: { 'content-type': 'application/json' } }, 415],
      ['/contact', { fields: { ...fields, message: 'x'.repeat(64 * 1024) } }, 413],
    ];
    for (const [path, request, status] of posts) {
      const res = await post(path, request);
      await res.arrayBuffer();
      expect(res.status, `${path} ${status}`).toBe(status);
      expect(await listings(), `${path} ${status}`).toContain('Moteur Avant');
    }
  });
});

describe('the listing a quote request is about (?ref=)', () => {
  const LABEL = 'Référence de l’annonce';
  let id: number;
  let reference: string;
  beforeAll(async () => {
    const created = await server.api('/products', { method: 'POST', json: engineInput({ titleFr: 'Groupe Devis' }), token });
    expect(created.status).toBe(201);
    id = ((await created.json()) as { id: number }).id;
    reference = `#${id} – Groupe Devis`;
  });
  const fields = (email: string) => ({ name: 'Devis', email, message: 'Un devis, svp', website: '' });
  const storedReference = async (email: string) => (await inquiries()).filter((i) => i.email === email).map((i) => i.productReference);

  it('shows the listing, and a post stores the reference its form carries, as the island sends it', async () => {
    const page = await fetch(`${server.url}/contact?ref=${id}`);
    expect(page.status).toBe(200);
    const html = decoded(await page.text());
    expect(html).toContain(LABEL);
    expect(html).toContain(`<strong>${reference}</strong>`);
    expect(html).toContain(`<input type="hidden" name="reference" value="${reference}"/>`);

    const sent = await post(`/contact?ref=${id}`, { fields: { ...fields('devis@example.org'), reference } });
    expect(sent.status).toBe(303);
    expect(await storedReference('devis@example.org')).toEqual([reference]);

    // A refusal shows the page again with the listing the URL names.
    const refused = await post(`/contact?ref=${id}`, { fields: { ...fields('devis-refuse@example.org'), name: '' } });
    expect(refused.status).toBe(400);
    expect(decoded(await refused.text())).toContain(`<strong>${reference}</strong>`);
  });

  it('a hostile ?ref= (huge, not a number, NUL, repeated, zero, signed) names no listing and is never an error', async () => {
    const hostile = [
      '1'.repeat(4000),
      'x'.repeat(4000),
      `${id}%00`,
      `%00${id}`,
      `${id}&ref=${id}`,
      '0',
      `0${id}`,
      `-${id}`,
      `%20${id}`,
      '1e3',
      '%EF%BF%BF',
    ];
    for (const [i, ref] of hostile.entries()) {
      const page = await fetch(`${server.url}/contact?ref=${ref}`);
      expect(page.status, ref.slice(0, 20)).toBe(200);
      expect(decoded(await page.text()), ref.slice(0, 20)).not.toContain(LABEL);

      const email = `hostile-ref-${i}@example.org`;
      const sent = await post(`/contact?ref=${ref}`, { fields: fields(email) });
      expect(sent.status, ref.slice(0, 20)).toBe(303);
      expect(await storedReference(email), ref.slice(0, 20)).toEqual([null]);

      const refused = await post(`/contact?ref=${ref}`, { fields: { ...fields(email), message: '' } });
      expect(refused.status, ref.slice(0, 20)).toBe(400);
      expect(decoded(await refused.text()), ref.slice(0, 20)).not.toContain(LABEL);
    }
  });
});
