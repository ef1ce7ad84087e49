// Probes for security.md "Outgoing mail": SMTP passwords encrypted and never answered or logged,
// connection tests refused for internal targets in unusual notations with generic answers, header
// injection through every admin-typed field, and a contact message stored before any mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { row, rows } from '@app/db';
import { signInAsAdmin, sqlText, withDb } from '../support/auth.ts';
import { startMailStack, stopMailStack, type MailStack } from '../support/mail-stack.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { assignUsage, createSmtpAccount, startSmtpServer, type TestSmtp } from '../support/smtp.ts';

type Json = Record<string, any>;
const SECRET = 'Very-Distinctive-Smtp-Secret-7319';

describe('SMTP passwords', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let token: string;
  let accountId: number;
  beforeAll(async () => {
    smtp = await startSmtpServer({ password: SECRET });
    server = await startServer({ env: { LOG_LEVEL: 'debug' } });
    token = (await signInAsAdmin(server)).accessToken;
    accountId = await createSmtpAccount(server, token, smtp);
    await assignUsage(server, token, 'newsletter', accountId, null);
  });
  afterAll(async () => {
    await server.stop();
    await smtp.stop();
  });

  it('are stored encrypted, not in clear anywhere in the database', async () => {
    const stored = JSON.stringify(await withDb(server, (db) => rows(db, sqlText('select * from smtp_accounts'))));
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain(Buffer.from(SECRET).toString('base64'));
  });

  it('never come back from any endpoint, nor into the log, even after a test and an update', async () => {
    const test = await server.api(`/smtp/accounts/${accountId}/test`, { method: 'POST', token });
    expect(((await test.json()) as Json).success).toBe(true);
    await server.api(`/smtp/accounts/${accountId}`, { method: 'PUT', token, json: { name: 'Renamed', password: SECRET } });
    const answers: string[] = [];
    for (const path of ['/smtp/accounts', `/smtp/accounts/${accountId}`, '/smtp/settings', '/smtp/settings/usages', '/openapi.json']) {
      const res = await server.api(path, { token });
      answers.push(`${path} ${res.status} ${[...res.headers.values()].join(' ')} ${await res.text()}`);
    }
    const joined = answers.join('\n');
    expect(joined).not.toContain(SECRET);
    expect(joined).not.toMatch(/passwordEncrypted|password_encrypted/);
    expect(server.output()).not.toContain(SECRET);
  });
});

describe('connection tests against internal targets (SMTP_ALLOW_LOCAL=false)', () => {
  let { server, smtp, token } = {} as MailStack; // set by beforeAll
  beforeAll(async () => {
    ({ server, smtp, token } = await startMailStack({ SMTP_ALLOW_LOCAL: 'false' }));
  });
  afterAll(() => stopMailStack({ server, smtp }));

  const probe = async (host: string, port: number = smtp.port) => {
    const res = await server.api('/smtp/test-config', {
      method: 'POST',
      token,
      json: { host, port, secure: false, user: 'u@example.test', password: 'x', fromEmail: 'a@example.test' },
    });
    return { status: res.status, body: (await res.json()) as Json };
  };

  it.each([
    '127.0.0.1.',
    'LOCALHOST',
    'localhost.',
    '0',
    '017700000001',
    '[0:0:0:0:0:0:0:1]',
    '::',
    '0:0:0:0:0:ffff:7f00:0001',
    '127.000.000.001',
    '169.254.169.254.',
    '[fd00::1]',
    '::ffff:169.254.169.254',
  ])('refuses %s without reaching the loopback server, with a generic answer', async (host) => {
    const before = smtp.messages.length;
    const { status, body } = await probe(host);
    // Refused by validation (400) or by the guard (200 with success:false): never a connection.
    expect([200, 400]).toContain(status);
    if (status === 200) expect(body.success).toBe(false);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/ECONNREFUSED|ETIMEDOUT|127\.0\.0\.1|::1|169\.254|stack|at \w+ \(/);
    expect(smtp.messages.length).toBe(before);
  });

  it('answers the same for a refused internal target and a refused port, revealing nothing', async () => {
    const internal = await probe('10.0.0.1', 587);
    const port = await probe('10.0.0.1', 6379);
    for (const r of [internal, port]) expect(r.body.success === false || r.status === 400).toBe(true);
    expect(JSON.stringify(internal.body)).not.toContain('10.0.0.1');
  });
});

describe('header injection through admin-typed fields', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let token: string;
  let accountId: number;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer();
    token = (await signInAsAdmin(server)).accessToken;
    accountId = await createSmtpAccount(server, token, smtp);
    await assignUsage(server, token, 'contact_form_fr', accountId, 'ventes@example.test');
  });
  afterAll(async () => {
    await server.stop();
    await smtp.stop();
  });

  it('refuses CR/LF in an account sender name or address', async () => {
    for (const fields of [
      { fromName: 'Shop\r\nBcc: victim@example.net' },
      { fromEmail: 'shop@example.test\r\nBcc: victim@example.net' },
      { fromName: 'Shop\u2028Bcc: v@example.net' },
    ]) {
      const res = await server.api('/smtp/accounts', { method: 'POST', token, json: smtp.account(fields) });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(((await res.json()) as Json).error).toBeTypeOf('string');
    }
  });

  it('a reply subject with CR/LF adds no header and no recipient', async () => {
    const sent = await server.api('/inquiries', {
      method: 'POST',
      json: { name: 'Client', email: 'client@example.org', message: 'Question sur un moteur.', language: 'fr' },
    });
    expect(sent.status).toBe(201);
    const list = (await (await server.api('/inquiries', { token })).json()) as Json;
    const inquiryId = list.inquiries[0].id;
    const res = await server.api('/email-responses/send', {
      method: 'POST',
      token,
      json: {
        inquiryId,
        smtpAccountId: accountId,
        subject: 'Re: devis\r\nBcc: victim@example.net\r\nX-Injected: 1',
        message: 'Bonjour\r\nBcc: victim2@example.net',
      },
    });
    if (res.status === 200 || res.status === 201) {
      const [mail] = await smtp.waitFor((m) => m.to.includes('client@example.org') && (m.parsed.subject ?? '').startsWith('Re: devis'));
      expect(mail!.parsed.headers.has('bcc')).toBe(false);
      expect(mail!.parsed.headers.has('x-injected')).toBe(false);
      expect(mail!.to).toEqual(['client@example.org']);
    } else {
      expect(res.status).toBe(400);
    }
    expect(smtp.messages.some((m) => m.to.some((t) => t.includes('victim')))).toBe(false);
  });

  it('a newsletter subject with CR/LF is refused', async () => {
    const res = await server.api('/newsletter/admin/send', {
      method: 'POST',
      token,
      json: { subject: 'News\r\nBcc: victim@example.net', content: 'Hello' },
    });
    expect(res.status).toBe(400);
  });
});

describe('nothing a visitor sends is lost', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ env: { MAIL_RETRY_BASE_MS: '200', MAIL_WORKER_INTERVAL_MS: '100' } });
    const token = (await signInAsAdmin(server)).accessToken;
    const accountId = await createSmtpAccount(server, token, smtp);
    await assignUsage(server, token, 'contact_form_fr', accountId, 'ventes@example.test');
  });
  afterAll(async () => {
    await server.stop();
    await smtp.stop();
  });

  it('stores a contact message before any mail is tried: with the mail server gone, the visitor still gets 201 and the row exists', async () => {
    await smtp.stop();
    const res = await server.api('/inquiries', {
      method: 'POST',
      json: { name: 'Hors ligne', email: 'offline@example.org', message: 'Serveur mail arrêté.', language: 'fr' },
    });
    expect(res.status).toBe(201);
    const count = (query: string) => withDb(server, async (db) => (await row<{ n: number }>(db, sqlText(query)))!.n);
    expect(await count("select count(*) as n from inquiries where email = 'offline@example.org'")).toBe(1);
    expect(await count("select count(*) as n from mail_outbox where status = 'pending'")).toBeGreaterThanOrEqual(1);
    await smtp.start();
    const [mail] = await smtp.waitFor((m) => m.to.includes('ventes@example.test'), { timeoutMs: 20_000 });
    expect(mail!.parsed.replyTo?.value[0]?.address).toBe('offline@example.org');
  });
});
