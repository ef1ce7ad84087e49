// Replies to contact messages: stored with their mail in the outbox, which sends it through the chosen
// account with the company header and signature (HTML and text) and marks the reply sent; a refusal is
// retried, never answered as a failure the admin would resend. Listed per page and per message.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { row } from '@app/db';
import { signInAsAdmin, sqlText, withDb } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { createSmtpAccount, startSmtpServer, type TestSmtp } from '../support/smtp.ts';

let server: TestServer;
let smtp: TestSmtp;
let token: string;
let accountId: number;
let inquiryId: number;

/** The reply as the admin reads it again, once the outbox marked it sent. */
const sentReply = async (id: number) => {
  let reply: any;
  await expect.poll(async () => (reply = (await call(`/email-responses/${id}`)).body).sentAt).toEqual(expect.any(String));
  return reply;
};

const call = async (pathname: string, init: RequestInit & { json?: unknown } = {}) => {
  const res = await server.api(pathname, { ...init, token });
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  // A refused reply is tried again 200 ms later (60 s by default).
  server = await startServer({ env: { MAIL_RETRY_BASE_MS: '200', MAIL_WORKER_INTERVAL_MS: '100' } });
  token = (await signInAsAdmin(server)).accessToken;
  accountId = await createSmtpAccount(server, token, smtp, { fromName: 'Service commercial', fromEmail: 'commercial@example.test' });
  await server.api('/inquiries', {
    method: 'POST',
    json: { name: 'Paul Durand', email: 'paul@example.org', message: 'Quel est le prix du 6LY ?', language: 'fr' },
  });
  inquiryId = (await call('/inquiries')).body.inquiries[0].id;
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

describe('POST /api/email-responses/send', () => {
  test('the reply reaches the author with the company header, signature and both parts, and is stored', async () => {
    const { status, body } = await call('/email-responses/send', {
      method: 'POST',
      json: {
        inquiryId,
        smtpAccountId: accountId,
        subject: 'Re: Votre demande via Provence Moteurs',
        message: 'Bonjour Paul,\n\nLe 6LY est à 18 500 € HT.\n\nCordialement',
      },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      inquiryId,
      smtpAccountId: accountId,
      subject: 'Re: Votre demande via Provence Moteurs',
      toEmail: 'paul@example.org',
      fromEmail: 'commercial@example.test',
    });
    expect(body.sentAt).toBeNull(); // queued: the outbox sends it

    const [mail] = await smtp.waitFor((m) => m.parsed.subject === 'Re: Votre demande via Provence Moteurs');
    expect(mail!.to).toEqual(['paul@example.org']);
    expect(mail!.parsed.from?.value[0]).toEqual({ name: 'Service commercial', address: 'commercial@example.test' });
    // Header and signature in both parts.
    for (const part of [mail!.parsed.text!, mail!.parsed.html as string]) {
      expect(part).toContain('Provence Moteurs');
      expect(part).toContain('Salon-de-Provence');
      expect(part).toContain('+33 4 90 00 00 00');
      expect(part).toContain('contact@provence-moteurs.fr');
      expect(part).toContain('Quel est le prix du 6LY ?');
    }
    expect(mail!.parsed.text).toContain('Le 6LY est à 18 500 € HT.');
    expect(mail!.parsed.html).toContain('Le 6LY est à 18 500 € HT.');

    expect(await sentReply(body.id)).toMatchObject({ id: body.id, messageId: expect.any(String) });
    const byInquiry = await call(`/email-responses/inquiry/${inquiryId}`);
    expect(byInquiry.body).toMatchObject({ total: 1, totalPages: 1, page: 1, limit: 10 });
  });

  test('HTML in the message is shown as text, not markup', async () => {
    await call('/email-responses/send', {
      method: 'POST',
      json: { inquiryId, smtpAccountId: accountId, subject: 'HTML', message: '<script>alert(1)</script>' },
    });
    const [mail] = await smtp.waitFor((m) => m.parsed.subject === 'HTML');
    expect(mail!.parsed.html).not.toContain('<script>');
    expect(mail!.parsed.html).toContain('&lt;script&gt;');
  });

  test('a reply the mail server refuses is kept, retried, and reaches the author once the server takes it', async () => {
    smtp.refuseAuth(true);
    const { status, body } = await call('/email-responses/send', {
      method: 'POST',
      json: { inquiryId, smtpAccountId: accountId, subject: 'Refusé puis envoyé', message: 'x' },
    });
    expect(status).toBe(201);
    const attempts = () =>
      withDb(
        server,
        async (db) => (await row<{ n: number }>(db, sqlText("select max(attempts) as n from mail_outbox where kind = 'reply'")))!.n,
      );
    await expect.poll(attempts).toBeGreaterThan(0);
    expect((await call(`/email-responses/${body.id}`)).body.sentAt).toBeNull();
    smtp.refuseAuth(false);
    await smtp.waitFor((m) => m.parsed.subject === 'Refusé puis envoyé');
    await sentReply(body.id);
    expect(smtp.messages.filter((m) => m.parsed.subject === 'Refusé puis envoyé')).toHaveLength(1);
  });

  test('account, subject and message are required and non-blank; unknown message or account is 404', async () => {
    expect(
      (await call('/email-responses/send', { method: 'POST', json: { inquiryId, smtpAccountId: accountId, subject: '  ', message: 'x' } }))
        .body,
    ).toMatchObject({ error: 'Le sujet est requis' });
    expect(
      (await call('/email-responses/send', { method: 'POST', json: { inquiryId, smtpAccountId: accountId, subject: 'x', message: ' ' } }))
        .body,
    ).toMatchObject({ error: 'Le message est requis' });
    expect((await call('/email-responses/send', { method: 'POST', json: { inquiryId, subject: 'x', message: 'y' } })).status).toBe(400);
    expect(
      (
        await call('/email-responses/send', {
          method: 'POST',
          json: { inquiryId, smtpAccountId: accountId, subject: 'a\r\nBcc: x@example.net', message: 'y' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('/email-responses/send', {
          method: 'POST',
          json: { inquiryId: 99999, smtpAccountId: accountId, subject: 'x', message: 'y' },
        })
      ).body,
    ).toMatchObject({ error: 'Message introuvable' });
    expect(
      (await call('/email-responses/send', { method: 'POST', json: { inquiryId, smtpAccountId: 99999, subject: 'x', message: 'y' } })).body,
    ).toMatchObject({ error: 'Compte SMTP introuvable' });
  });

  test('quick-reply picks the first active account and the default subject', async () => {
    const { status, body } = await call('/email-responses/quick-reply', { method: 'POST', json: { inquiryId, message: 'Réponse rapide' } });
    expect(status).toBe(201);
    expect(body).toMatchObject({ smtpAccountId: accountId, subject: 'Re: Votre demande via Provence Moteurs' });
    await smtp.waitFor((m) => m.parsed.text?.includes('Réponse rapide') ?? false);
  });

  test('list pages default to 1 and 10; delete answers 404 the second time; deleting the message removes its replies', async () => {
    const list = await call('/email-responses');
    expect(list.body).toMatchObject({ page: 1, limit: 10, total: 4, totalPages: 1 });
    expect(list.body.responses).toHaveLength(4);
    expect((await call('/email-responses?page=2&limit=3')).body.responses).toHaveLength(1);
    expect((await call('/email-responses?limit=0')).status).toBe(400);

    const id = list.body.responses[0].id;
    expect((await call(`/email-responses/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await call(`/email-responses/${id}`, { method: 'DELETE' })).toMatchObject({
      status: 404,
      body: { error: 'Réponse introuvable' },
    });

    expect((await call(`/inquiries/${inquiryId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call('/email-responses')).body.total).toBe(0);
    expect((await call('/inquiries')).body).toMatchObject({ inquiries: [], total: 0, totalPages: 0 });
  });
});
