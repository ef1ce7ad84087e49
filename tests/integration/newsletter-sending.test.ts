// Sending a newsletter: answered at once, sent in the background through a pooled connection with
// per-recipient status and retries, readable progress, resumed after a restart.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tablesOf, type schema } from '@app/db';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { assignUsage, createSmtpAccount, startSmtpServer, type TestSmtp } from '../support/smtp.ts';

let server: TestServer;
let smtp: TestSmtp;
let token: string;

const call = async (pathname: string, init: RequestInit & { json?: unknown } = {}) => {
  const res = await server.api(pathname, { ...init, token });
  return { status: res.status, body: (await res.json()) as any };
};

/** Adds confirmed subscribers straight into the database (the double opt-in has its own tests). */
const addSubscribers = (emails: string[], values: Partial<typeof schema.newsletterSubscribers.$inferInsert> = {}) =>
  withDb(server, (db) =>
    db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const [i, email] of emails.entries()) {
        ids.push(
          (
            await tx
              .insert(tablesOf(db).newsletterSubscribers)
              .values({
                email,
                language: i % 2 ? 'en' : 'fr',
                unsubscribeToken: crypto.randomBytes(32).toString('base64url'),
                isActive: true,
                confirmedAt: new Date(),
                ...values,
              })
              .returning()
          )[0]!.id,
        );
      }
      return ids;
    }),
  );
const clearSubscribers = () => withDb(server, async (db) => db.delete(tablesOf(db).newsletterSubscribers));

const waitDone = async (id: number, timeout = 60_000) => {
  await expect.poll(async () => (await call(`/newsletter/admin/sendings/${id}`)).body.status, { timeout, interval: 200 }).toBe('done');
  return (await call(`/newsletter/admin/sendings/${id}`)).body;
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({ env: { NEWSLETTER_RATE_PER_SECOND: '0', MAIL_RETRY_BASE_MS: '100', MAIL_WORKER_INTERVAL_MS: '200' } });
  token = (await signInAsAdmin(server)).accessToken;
  const accountId = await createSmtpAccount(server, token, smtp, { fromName: 'Les nouvelles', fromEmail: 'news@example.test' });
  await assignUsage(server, token, 'newsletter', accountId, null);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

describe('POST /api/newsletter/admin/send', () => {
  test('subject and content are required, with the spec message; no active subscriber is a 400', async () => {
    expect((await call('/newsletter/admin/send', { method: 'POST', json: { subject: ' ', content: 'x' } })).body).toMatchObject({
      error: 'Veuillez remplir le sujet et le contenu du message',
    });
    expect((await call('/newsletter/admin/send', { method: 'POST', json: { subject: 'x', content: '' } })).body).toMatchObject({
      error: 'Veuillez remplir le sujet et le contenu du message',
    });
    expect(await call('/newsletter/admin/send', { method: 'POST', json: { subject: 'x', content: 'y' } })).toMatchObject({
      status: 400,
      body: { error: 'Aucun abonné actif' },
    });
  });

  test('each subscriber gets the version in their language; with one version only, everyone gets that one', async () => {
    await addSubscribers(['lecteur@example.org'], { language: 'fr' });
    await addSubscribers(['reader@example.org'], { language: 'en' });
    const both = await call('/newsletter/admin/send', {
      method: 'POST',
      json: {
        subject: 'Nouveautés d’avril',
        content: 'Bonjour, voici nos moteurs.',
        subjectEn: 'April news',
        contentEn: 'Hello, here are our engines.',
      },
    });
    expect(both.status).toBe(202);
    await waitDone(both.body.id);
    const [fr] = await smtp.waitFor((m) => m.to.includes('lecteur@example.org') && m.parsed.subject === 'Nouveautés d’avril');
    expect(fr!.parsed.text).toContain('Bonjour, voici nos moteurs.');
    expect(fr!.parsed.text).not.toContain('Hello');
    const [en] = await smtp.waitFor((m) => m.to.includes('reader@example.org') && m.parsed.subject === 'April news');
    expect(en!.parsed.text).toContain('Hello, here are our engines.');
    expect(en!.parsed.text).not.toContain('Bonjour');
    expect(smtp.messages.filter((m) => m.parsed.subject === 'April news').flatMap((m) => m.to)).toEqual(['reader@example.org']);

    const englishOnly = await call('/newsletter/admin/send', {
      method: 'POST',
      json: { subjectEn: 'English only', contentEn: 'Only in English.' },
    });
    expect(englishOnly.status).toBe(202);
    await waitDone(englishOnly.body.id);
    const received = await smtp.waitFor((m) => m.parsed.subject === 'English only', { count: 2 });
    expect(received.flatMap((m) => m.to).sort()).toEqual(['lecteur@example.org', 'reader@example.org']);
    expect(received.every((m) => m.parsed.text!.includes('Only in English.'))).toBe(true);
    await clearSubscribers();
  });

  test('half a version (a subject without its content) is refused with the spec message; so is no version at all', async () => {
    expect(
      await call('/newsletter/admin/send', { method: 'POST', json: { subject: 'x', content: 'y', subjectEn: 'Only a subject' } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'Veuillez remplir le sujet et le contenu du message' },
    });
    expect(await call('/newsletter/admin/send', { method: 'POST', json: { subjectEn: ' ', contentEn: ' ' } })).toMatchObject({
      status: 400,
      body: { error: 'Veuillez remplir le sujet et le contenu du message' },
    });
  });

  test('a newsletter to 1,000 subscribers is fully delivered, each with its own unsubscribe link and headers', async () => {
    const emails = Array.from({ length: 1000 }, (_, i) => `abonne${i}@example.org`);
    await addSubscribers(emails);
    await addSubscribers(['inactif@example.org'], { isActive: false });

    const started = Date.now();
    const res = await call('/newsletter/admin/send', {
      method: 'POST',
      json: { subject: 'Nouveautés de mars', content: 'Bonjour,\n\nVoici nos nouveaux moteurs.' },
    });
    expect(res.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.body).toMatchObject({ id: expect.any(Number), totalCount: 1000, status: expect.stringMatching(/queued|sending/) });

    const done = await waitDone(res.body.id);
    expect(done).toMatchObject({ totalCount: 1000, sentCount: 1000, failedCount: 0, pendingCount: 0, progress: 100 });

    const received = await smtp.waitFor((m) => m.parsed.subject === 'Nouveautés de mars', { count: 1000 });
    expect(new Set(received.flatMap((m) => m.to))).toEqual(new Set(emails));
    expect(received.some((m) => m.to.includes('inactif@example.org'))).toBe(false);
    const tokens = new Set<string>();
    for (const mail of received) {
      expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const token = /one-click\?token=([A-Za-z0-9_-]{43})>/.exec(mail.header('List-Unsubscribe')!.replace(/\s+/g, ''))?.[1];
      expect(mail.parsed.text).toContain(`desinscription?token=${token}`);
      tokens.add(token!);
    }
    expect(tokens.size).toBe(1000);
    const en = received.find((m) => m.to[0] === 'abonne1@example.org')!;
    expect(en.parsed.text).toContain('/en/newsletter/desinscription');

    const sent = await call(`/newsletter/admin/sendings/${res.body.id}/deliveries?status=sent&limit=1000`);
    expect(sent.body.total).toBe(1000);
    expect(sent.body.deliveries.every((d: any) => d.attempts === 1 && d.sentAt)).toBe(true);
    await clearSubscribers();
  });

  test('per-recipient status: a refused address fails, a deferred one is retried and sent, an unselected one gets nothing', async () => {
    const ids = await addSubscribers(['ok@example.org', 'refuse@example.org', 'later@example.org', 'not-selected@example.org']);
    smtp.rejectRecipients.add('refuse@example.org');
    smtp.deferRecipients.set('later@example.org', 1);
    const res = await call('/newsletter/admin/send', {
      method: 'POST',
      json: { subject: 'Sélection', content: 'x', subscriberIds: ids.slice(0, 3) },
    });
    expect(res.body.totalCount).toBe(3);
    const done = await waitDone(res.body.id);
    expect(done).toMatchObject({ sentCount: 2, failedCount: 1 });

    const deliveries = (await call(`/newsletter/admin/sendings/${res.body.id}/deliveries`)).body.deliveries;
    const byEmail = Object.fromEntries(deliveries.map((d: any) => [d.email, d]));
    expect(byEmail['ok@example.org']).toMatchObject({ status: 'sent', attempts: 1 });
    expect(byEmail['later@example.org']).toMatchObject({ status: 'sent', attempts: 2 });
    expect(byEmail['refuse@example.org']).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.any(String) });
    expect(byEmail['not-selected@example.org']).toBeUndefined();
    expect(
      smtp.messages
        .filter((m) => m.parsed.subject === 'Sélection')
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(['later@example.org', 'ok@example.org']);
    await clearSubscribers();
  });

  test('a sending interrupted by a restart resumes and completes', async () => {
    const emails = Array.from({ length: 60 }, (_, i) => `reprise${i}@example.org`);
    await addSubscribers(emails);
    await server.stop();
    // Slow enough to stop it midway.
    server = await startServer({ dataDir: server.dataDir, env: { NEWSLETTER_RATE_PER_SECOND: '20', MAIL_WORKER_INTERVAL_MS: '200' } });
    token = (await signInAsAdmin(server)).accessToken;
    const res = await call('/newsletter/admin/send', { method: 'POST', json: { subject: 'Reprise', content: 'x' } });
    await expect
      .poll(async () => (await call(`/newsletter/admin/sendings/${res.body.id}`)).body.sentCount, { timeout: 20_000 })
      .toBeGreaterThan(5);
    await server.stop();
    const midway = await withDb(server, async (db) =>
      (await db.select().from(tablesOf(db).newsletterSendings)).find((s) => s.id === res.body.id)!,
    );
    expect(midway.status).toBe('sending');
    expect(midway.sentCount).toBeLessThan(60);

    server = await startServer({ dataDir: server.dataDir, env: { NEWSLETTER_RATE_PER_SECOND: '0', MAIL_WORKER_INTERVAL_MS: '200' } });
    token = (await signInAsAdmin(server)).accessToken;
    const done = await waitDone(res.body.id);
    expect(done).toMatchObject({ totalCount: 60, sentCount: 60, pendingCount: 0 });
    const received = await smtp.waitFor((m) => m.parsed.subject === 'Reprise', { count: 60 });
    expect(new Set(received.flatMap((m) => m.to))).toEqual(new Set(emails));
  });
});
