// The public contact form: stored first, notification to the right recipient per language, kept
// and retried while the mail server is down, no header injection, bots and floods turned away.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tablesOf } from '@app/db';
import { withDb } from '../support/auth.ts';
import { FAST_MAIL_ENV, startMailStack, stopMailStack, type MailStack } from '../support/mail-stack.ts';
import { startServer } from '../support/server.ts';
import { assignUsage, createSmtpAccount } from '../support/smtp.ts';

let { server, smtp, token } = {} as MailStack; // set by beforeAll
beforeAll(async () => {
  // Each message below comes from its own visitor (TRUST_PROXY): the per-address limit has its own tests.
  ({ server, smtp, token } = await startMailStack({ ...FAST_MAIL_ENV, TRUST_PROXY: 'true' }));
  const accountId = await createSmtpAccount(server, token, smtp);
  await assignUsage(server, token, 'contact_form_fr', accountId, 'ventes-fr@example.test');
  await assignUsage(server, token, 'contact_form_en', accountId, 'sales-en@example.test');
});

afterAll(() => stopMailStack({ server, smtp }));

let visitor = 0;
const send = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  server.api('/inquiries', { method: 'POST', json: body, headers: { 'x-forwarded-for': `203.0.113.${++visitor}`, ...headers } });

describe('POST /api/inquiries', () => {
  test('a French message is stored and notifies the French recipient, with the visitor as Reply-To', async () => {
    const res = await send({
      name: 'Jeanne Martin',
      email: 'jeanne@example.org',
      phone: '06 12 34 56 78',
      message: 'Bonjour,\nle moteur est-il dispo ?',
      language: 'fr',
      productReference: 'YAN-4JH',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, message: 'Message envoyé avec succès ! Nous vous répondrons rapidement.' });

    const [mail] = await smtp.waitFor((m) => m.parsed.subject === 'Nouveau message de Jeanne Martin');
    expect(mail!.to).toEqual(['ventes-fr@example.test']);
    expect(mail!.parsed.replyTo?.value[0]?.address).toBe('jeanne@example.org');
    expect(mail!.parsed.text).toContain('le moteur est-il dispo ?');
    expect(mail!.parsed.text).toContain('YAN-4JH');
    expect(mail!.parsed.html).toContain('06 12 34 56 78');
  });

  test('an English message notifies the English recipient', async () => {
    const res = await send({ name: 'John Smith', email: 'john@example.com', message: 'Is the generator still for sale?', language: 'en' });
    expect(res.status).toBe(201);
    expect((await res.json()).message).toBe('Message sent successfully! We will respond quickly.');
    const [mail] = await smtp.waitFor((m) => m.parsed.subject === 'New message from John Smith');
    expect(mail!.to).toEqual(['sales-en@example.test']);
  });

  test('name, a valid e-mail and message are required, with a 400 and nothing stored', async () => {
    const before = await withDb(server, async (db) => (await db.select().from(tablesOf(db).inquiries)).length);
    for (const [body, field, error] of [
      [{ email: 'a@example.org', message: 'x' }, 'name', 'Le nom est requis'],
      [{ name: '  ', email: 'a@example.org', message: 'x' }, 'name', 'Le nom est requis'],
      [{ name: 'A', email: 'not-an-email', message: 'x' }, 'email', 'Adresse e-mail invalide'],
      [{ name: 'A', email: 'a@example.org', message: '   ' }, 'message', 'Le message est requis'],
      [{ name: 'A', email: 'a@example.org', message: 'x', language: 'de' }, 'language', 'Langue invalide'],
    ] as const) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error, errors: [{ field, message: error }] });
    }
    expect(await withDb(server, async (db) => (await db.select().from(tablesOf(db).inquiries)).length)).toBe(before);
  });

  test('CR/LF in every field creates no header: no Bcc, no extra recipient, no injected header', async () => {
    const res = await send({
      name: 'Eve\r\nBcc: victim@example.net\r\nX-Injected: yes',
      email: 'eve@example.org\r\nBcc: victim2@example.net',
      phone: '0600\r\nX-Injected: phone',
      message: 'Hello\r\n\r\nBcc: victim3@example.net',
      language: 'fr',
      productReference: 'REF\nX-Injected: ref',
    });
    // An address with a line break is not an address: refused, nothing sent.
    expect(res.status).toBe(400);

    const ok = await send({
      name: 'Eve\r\nBcc: victim@example.net\r\nX-Injected: yes',
      email: 'eve@example.org',
      phone: '0600\r\nX-Injected: phone',
      message: 'Hello\r\n\r\nBcc: victim3@example.net',
      language: 'fr',
      productReference: 'REF\nX-Injected: ref',
    });
    expect(ok.status).toBe(201);
    const [mail] = await smtp.waitFor((m) => m.parsed.subject?.startsWith('Nouveau message de Eve') ?? false);
    expect(mail!.to).toEqual(['ventes-fr@example.test']);
    expect(mail!.header('bcc')).toBeUndefined();
    expect(mail!.header('x-injected')).toBeUndefined();
    expect(mail!.parsed.headers.has('bcc')).toBe(false);
    expect(mail!.parsed.headers.has('x-injected')).toBe(false);
    expect(mail!.parsed.subject).toBe('Nouveau message de Eve Bcc: victim@example.net X-Injected: yes');
    expect(smtp.messages.some((m) => m.to.some((t) => t.includes('victim')))).toBe(false);
  });

  test('with the mail server down the message is kept, and the notification arrives once it is back', async () => {
    await smtp.stop();
    const res = await send({ name: 'Pendant la panne', email: 'panne@example.org', message: 'Serveur arrêté', language: 'fr' });
    expect(res.status).toBe(201);
    expect(
      await withDb(server, async (db) => (await db.select().from(tablesOf(db).inquiries)).some((i) => i.name === 'Pendant la panne')),
    ).toBe(true);

    // Let a few attempts fail, then bring the server back.
    await expect
      .poll(
        () =>
          withDb(server, async (db) =>
            (await db.select().from(tablesOf(db).mailOutbox)).find((o) => o.attempts >= 2 && o.status === 'pending'),
          ),
        { timeout: 10_000 },
      )
      .toBeTruthy();
    await smtp.start();
    const [mail] = await smtp.waitFor((m) => m.parsed.subject === 'Nouveau message de Pendant la panne', { timeoutMs: 20_000 });
    expect(mail!.to).toEqual(['ventes-fr@example.test']);
    // The app records 'sent' once the server's 250 reaches it, just after the server has the message.
    const outboxRow = async () =>
      (await withDb(server, async (db) => db.select().from(tablesOf(db).mailOutbox))).find(
        (o) => (o.payload as { subject?: string }).subject === 'Nouveau message de Pendant la panne',
      );
    await expect.poll(async () => (await outboxRow())?.status, { timeout: 10_000 }).toBe('sent');
    const outbox = await outboxRow();
    expect(outbox!.attempts).toBeGreaterThan(2);
  });

  test('a filled honeypot gets the usual answer but nothing is stored or sent', async () => {
    const res = await send({ name: 'Bot', email: 'bot@example.org', message: 'spam', website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect((await res.json()).success).toBe(true);
    expect(await withDb(server, async (db) => (await db.select().from(tablesOf(db).inquiries)).some((i) => i.name === 'Bot'))).toBe(false);
  });
});

describe('rate limit per address', () => {
  test('after 10 messages in 15 minutes the same address gets 429 with Retry-After', async () => {
    const own = await startServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await own.api('/inquiries', { method: 'POST', json: { name: `N${i}`, email: 'n@example.org', message: 'm' } });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(await res.json()).toMatchObject({ error: 'Trop de requêtes. Veuillez réessayer plus tard.' });
        }
      }
      expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    } finally {
      await own.stop();
    }
  });

  test('invalid posts spend the allowance too: after 10 refused messages a valid one gets 429, and nothing is stored', async () => {
    const own = await startServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await own.api('/inquiries', {
          method: 'POST',
          json: { name: `N${i}`, email: 'a@' + '.'.repeat(60_000), message: 'm' },
        });
        statuses.push(res.status);
      }
      const valid = await own.api('/inquiries', { method: 'POST', json: { name: 'N', email: 'n@example.org', message: 'm' } });
      expect([...statuses, valid.status]).toEqual([...Array(10).fill(400), 429]);
      expect(await withDb(own, async (db) => (await db.select().from(tablesOf(db).inquiries)).length)).toBe(0);
    } finally {
      await own.stop();
    }
  });
});
