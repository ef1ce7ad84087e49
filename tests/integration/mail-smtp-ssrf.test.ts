// With local mail servers not allowed (production), the SMTP tests and every send refuse loopback,
// private, link-local, CGNAT and metadata addresses in any notation, names resolving to them, and
// non-mail ports, before any connection is made.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tablesOf } from '@app/db';
import { withDb } from '../support/auth.ts';
import { startMailStack, stopMailStack, type MailStack } from '../support/mail-stack.ts';

let { server, smtp, token } = {} as MailStack; // set by beforeAll
beforeAll(async () => {
  ({ server, smtp, token } = await startMailStack({ SMTP_ALLOW_LOCAL: 'false', MAIL_WORKER_INTERVAL_MS: '100' }));
});

afterAll(() => stopMailStack({ server, smtp }));

const testConfig = async (host: string, port = 587) => {
  const res = await server.api('/smtp/test-config', {
    method: 'POST',
    token,
    json: { host, port, secure: false, user: smtp.user, password: smtp.password, fromEmail: 'noreply@example.test' },
  });
  expect(res.status).toBe(200);
  return res.json();
};

describe('SMTP connection tests with SMTP_ALLOW_LOCAL=false', () => {
  // One text for every refusal, so the test cannot be used to map a network (no port-scan oracle).
  const refused = { success: false, message: 'Connexion au serveur SMTP impossible' };

  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback range'],
    ['::1', 'IPv6 loopback'],
    ['[::1]', 'bracketed IPv6 loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private 10/8'],
    ['172.16.5.4', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'cloud metadata'],
    ['100.64.0.1', 'CGNAT'],
    ['100.100.100.200', 'CGNAT metadata'],
    ['2130706433', 'decimal 127.0.0.1'],
    ['0x7f000001', 'hex 127.0.0.1'],
    ['0x7f.0.0.1', 'hex octet'],
    ['0177.0.0.1', 'octal 127.0.0.1'],
    ['127.1', 'short form'],
    ['2852039166', 'decimal 169.254.169.254'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['[::ffff:a9fe:a9fe]', 'IPv4-mapped metadata'],
    ['0:0:0:0:0:ffff:10.0.0.1', 'IPv4-mapped private, long form'],
    ['64:ff9b::7f00:1', 'NAT64 loopback'],
    ['fd00:ec2::254', 'AWS IPv6 metadata (unique local)'],
    ['fe80::1', 'IPv6 link-local'],
    ['localhost', 'a name resolving to loopback'],
  ])('%s (%s) is refused', async (host) => {
    expect(await testConfig(host)).toEqual(refused);
  });

  test('the running loopback server is never reached', async () => {
    expect(await testConfig('localhost', smtp.port)).toMatchObject({ success: false });
    expect(smtp.messages).toHaveLength(0);
  });

  test('ports other than 25, 465, 587 and 2525 are refused without connecting, with the same text', async () => {
    for (const port of [22, 80, 6379, 2526]) expect(await testConfig('8.8.8.8', port)).toEqual(refused);
  });

  test('port-scan oracle: a refused address, a refused port on the same host, an unknown name and a host that does not answer all read the same', async () => {
    const answers = [
      await testConfig('10.0.0.5', 587),
      await testConfig('10.0.0.5', 22),
      await testConfig('no-such-host.invalid', 587),
      await testConfig('192.0.2.1', 2525),
    ];
    expect(answers).toEqual([refused, refused, refused, refused]);
  });

  test('a stored account pointing at loopback is refused too, and a reply through it sends nothing', async () => {
    const created = await server.api('/smtp/accounts', { method: 'POST', token, json: smtp.account({ port: 587 }) });
    const { id } = (await created.json()) as { id: number };
    const res = await server.api(`/smtp/accounts/${id}/test`, { method: 'POST', token });
    expect(await res.json()).toEqual(refused);

    await server.api('/inquiries', {
      method: 'POST',
      json: { name: 'Test', email: 'test@example.org', message: 'Bonjour', language: 'fr' },
    });
    const inquiries = (await (await server.api('/inquiries', { token })).json()) as { inquiries: { id: number }[] };
    const reply = await server.api('/email-responses/send', {
      method: 'POST',
      token,
      json: { inquiryId: inquiries.inquiries[0]!.id, smtpAccountId: id, subject: 'Re', message: 'Réponse' },
    });
    // Replies leave through the outbox (decision 013): each try of the refused target fails there, said in
    // the one generic text, and nothing reaches the loopback server.
    expect(reply.status).toBe(201);
    await expect
      .poll(async () => withDb(server, async (db) => (await db.select().from(tablesOf(db).mailOutbox)).map((m) => m.lastError)), {
        timeout: 30_000,
      })
      .toContain('Connexion au serveur SMTP impossible');
    expect(smtp.messages).toHaveLength(0);
  });
});
