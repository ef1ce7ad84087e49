// Public newsletter subscription: double opt-in by mail and POST, consent recorded, no duplicates
// and no way to tell known addresses, unsubscribe headers (RFC 8058) and idempotent unsubscription.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tablesOf } from '@app/db';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { assignUsage, createSmtpAccount, startSmtpServer, type ReceivedMail, type TestSmtp } from '../support/smtp.ts';

let server: TestServer;
let smtp: TestSmtp;
let token: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ env: { PUBLIC_URL: 'https://www.example.test' } });
  token = (await signInAsAdmin(server)).accessToken;
  const accountId = await createSmtpAccount(server, token, smtp, { fromName: 'Newsletter', fromEmail: 'news@example.test' });
  await assignUsage(server, token, 'newsletter', accountId, null);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const subscribe = async (body: Record<string, unknown>) => {
  const res = await server.api('/newsletter/subscribe', { method: 'POST', json: body });
  return { status: res.status, body: (await res.json()) as any };
};
const post = async (path: string, json: unknown) => {
  const res = await server.api(path, { method: 'POST', json });
  return { status: res.status, body: (await res.json()) as any };
};
const subscriber = (email: string) =>
  withDb(server, async (db) => (await db.select().from(tablesOf(db).newsletterSubscribers)).filter((s) => s.email === email));
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const linkIn = (mail: ReceivedMail, path: string) =>
  new RegExp(`https://www\\.example\\.test${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.parsed.text!)?.[1];

describe('double opt-in', () => {
  test('subscribing mails a confirmation in French with a link to the confirm page; the POST confirms', async () => {
    const res = await subscribe({ email: 'Marie@Example.org', language: 'fr', page: '/annonces' });
    expect(res).toEqual({ status: 200, body: { success: true, message: expect.stringContaining('confirmation') } });
    const [mail] = await smtp.waitFor((m) => m.to.includes('marie@example.org'));
    expect(mail!.parsed.subject).toBe('Confirmez votre inscription à la newsletter Provence Moteurs');
    expect(mail!.parsed.from?.value[0]?.address).toBe('news@example.test');

    // Not subscribed until confirmed; consent recorded.
    let [row] = await subscriber('marie@example.org');
    expect(row).toMatchObject({ isActive: false, confirmedAt: null, consentPage: '/annonces', consentLanguage: 'fr', language: 'fr' });
    expect(row!.consentAt).toBeInstanceOf(Date);

    const confirmToken = linkIn(mail!, '/newsletter/confirmer');
    expect(confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The token is stored only as a hash.
    expect(row!.confirmTokenHash).not.toBe(confirmToken);
    expect(await post('/newsletter/confirm', { token: confirmToken })).toEqual({
      status: 200,
      body: { success: true, message: 'Votre inscription à la newsletter est confirmée.' },
    });
    [row] = await subscriber('marie@example.org');
    expect(row).toMatchObject({ isActive: true });
    expect(row!.confirmedAt).toBeInstanceOf(Date);
    // Confirming again (double click) is harmless.
    expect((await post('/newsletter/confirm', { token: confirmToken })).status).toBe(200);
  });

  test('an English subscriber gets the English mail and the /en/ page link', async () => {
    await subscribe({ email: 'john@example.com', language: 'en' });
    const [mail] = await smtp.waitFor((m) => m.to.includes('john@example.com'));
    expect(mail!.parsed.subject).toBe('Confirm your subscription to the Provence Moteurs newsletter');
    expect(linkIn(mail!, '/en/newsletter/confirmer')).toBeTruthy();
    expect(linkIn(mail!, '/en/newsletter/desinscription')).toBeTruthy();
  });

  test('an unknown token is not found (404) and a malformed one refused (400)', async () => {
    expect(await post('/newsletter/confirm', { token: 'A'.repeat(43) })).toMatchObject({
      status: 404,
      body: { error: 'Lien invalide ou expiré' },
    });
    expect((await post('/newsletter/confirm', { token: '../../etc' })).status).toBe(400);
    expect((await post('/newsletter/confirm', {})).status).toBe(400);
  });

  test('an invalid address gets the popup message', async () => {
    expect(await subscribe({ email: 'pas-une-adresse', language: 'fr' })).toMatchObject({
      status: 400,
      body: { error: 'Veuillez saisir une adresse email valide.' },
    });
  });

  test('subscribing again answers the same for known and unknown addresses and creates no duplicate', async () => {
    const known = await subscribe({ email: 'marie@example.org', language: 'fr' });
    const unknown = await subscribe({ email: 'nouveau@example.org', language: 'fr' });
    expect(known).toEqual(unknown);
    expect(await subscriber('marie@example.org')).toHaveLength(1);
    expect((await subscriber('marie@example.org'))[0]!.isActive).toBe(true);
    await smtp.waitFor((m) => m.to.includes('nouveau@example.org'));
    // A confirmed subscriber is not mailed again by someone typing their address.
    expect(mailsTo('marie@example.org')).toHaveLength(1);

    // A pending one asking again within 10 minutes gets the same answer and no second mail: its first
    // link still confirms. Still one row.
    const [first] = mailsTo('nouveau@example.org');
    expect(await subscribe({ email: 'nouveau@example.org', language: 'fr' })).toEqual(unknown);
    expect(await subscriber('nouveau@example.org')).toHaveLength(1);
    // Mails leave in order: once a later one arrived, a second link would have too.
    await subscribe({ email: 'plus-tard@example.org', language: 'fr' });
    await smtp.waitFor((m) => m.to.includes('plus-tard@example.org'));
    expect(mailsTo('nouveau@example.org')).toHaveLength(1);
    expect((await post('/newsletter/confirm', { token: linkIn(first!, '/newsletter/confirmer') })).status).toBe(200);
  });

  test('a filled honeypot is answered the same and records nothing', async () => {
    const res = await subscribe({ email: 'robot@example.org', language: 'fr', website: 'x' });
    expect(res.status).toBe(200);
    expect(await subscriber('robot@example.org')).toHaveLength(0);
  });
});

describe('unsubscribe', () => {
  test('the confirmation mail carries List-Unsubscribe and List-Unsubscribe-Post, and the one-click POST unsubscribes', async () => {
    await subscribe({ email: 'claire@example.org', language: 'fr' });
    const [mail] = await smtp.waitFor((m) => m.to.includes('claire@example.org'));
    await post('/newsletter/confirm', { token: linkIn(mail!, '/newsletter/confirmer') });
    expect((await subscriber('claire@example.org'))[0]!.isActive).toBe(true);

    expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = mail!.header('List-Unsubscribe')!.replace(/\s+/g, '');
    const oneClick = /^<(https:\/\/www\.example\.test\/api\/newsletter\/unsubscribe\/one-click\?token=[A-Za-z0-9_-]{43})>$/.exec(
      listUnsubscribe,
    )?.[1];
    expect(oneClick).toBeTruthy();
    // The page link in the body uses the same personal token.
    const pageToken = linkIn(mail!, '/newsletter/desinscription');
    expect(oneClick!.endsWith(`token=${pageToken}`)).toBe(true);

    // What a mail client does (RFC 8058 section 3.2), against this test server.
    const url = new URL(oneClick!);
    const send = () =>
      fetch(`${server.url}${url.pathname}${url.search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const res = await send();
    expect(res.status).toBe(200);
    expect((await subscriber('claire@example.org'))[0]).toMatchObject({ isActive: false });
    // Idempotent.
    expect((await send()).status).toBe(200);
    expect((await post('/newsletter/unsubscribe', { token: pageToken })).status).toBe(200);
    expect((await subscriber('claire@example.org'))[0]!.isActive).toBe(false);
    // The old confirmation link cannot bring the subscription back.
    expect((await post('/newsletter/confirm', { token: linkIn(mail!, '/newsletter/confirmer') })).status).toBe(404);
  });

  test('the unsubscribe page endpoint answers in the subscriber language; an unknown token is refused', async () => {
    const [mail] = await smtp.waitFor((m) => m.to.includes('john@example.com'));
    expect(await post('/newsletter/unsubscribe', { token: linkIn(mail!, '/en/newsletter/desinscription') })).toEqual({
      status: 200,
      body: { success: true, message: 'You have been unsubscribed from the newsletter.' },
    });
    expect((await post('/newsletter/unsubscribe', { token: 'B'.repeat(43) })).status).toBe(404);
  });
});
