// The webhook target guard: the SMTP guard's addresses, loosened only for loopback and private networks
// by WEBHOOKS_ALLOW_LOCAL; link-local and metadata addresses refused whatever the setting, names checked
// on every address they resolve to, and the connection's own lookup refusing what the check refused.
import { describe, expect, it } from 'vitest';
import { checkSavedWebhookUrl, checkWebhookUrl, guardedLookup, refusedAddress } from './webhook-target.ts';
import { retryDelay, signWebhook } from './webhooks.ts';
import { createHmac } from 'node:crypto';

describe('webhook targets', () => {
  it('refuses loopback, private and metadata addresses; allows public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.1',
      '172.16.0.1',
      '::1',
      'fc00::1',
      '169.254.169.254',
      '100.100.100.200',
      'fe80::1',
    ])
      expect([a, refusedAddress(a, false)]).toEqual([a, true]);
    expect(refusedAddress('93.184.215.14', false)).toBe(false);
    expect(refusedAddress('2606:4700::1111', false)).toBe(false);
  });

  it('with WEBHOOKS_ALLOW_LOCAL, allows loopback and private networks but never link-local or metadata', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '::1', '192.168.0.10']) expect([a, refusedAddress(a, true)]).toEqual([a, false]);
    for (const a of ['169.254.169.254', '169.254.1.1', '100.100.100.200', 'fe80::1', 'fd00:ec2::254', '::ffff:169.254.169.254'])
      expect([a, refusedAddress(a, true)]).toEqual([a, true]);
  });

  it('checks every address a name resolves to, and refuses a name that does not resolve', async () => {
    const resolve = (answers: string[]) => async () => answers;
    await expect(checkWebhookUrl('https://hooks.example.com/x', false, resolve(['93.184.215.14']))).resolves.toBeUndefined();
    await expect(checkWebhookUrl('https://hooks.example.com/x', false, resolve(['93.184.215.14', '10.0.0.1']))).rejects.toMatchObject({
      reason: 'address',
    });
    await expect(
      checkWebhookUrl('https://hooks.example.com/x', false, async () => {
        throw new Error('ENOTFOUND');
      }),
    ).rejects.toMatchObject({ reason: 'host' });
    // Other spellings of loopback.
    for (const url of ['http://2130706433/', 'http://0x7f.1/', 'http://[::ffff:127.0.0.1]/'])
      await expect(checkWebhookUrl(url, false)).rejects.toMatchObject({ reason: 'address' });
  });

  it('when saved, refuses an address written in the URL and `localhost`, and resolves no name (delivery does)', () => {
    for (const url of ['http://127.0.0.1:8080/x', 'http://10.0.0.5/x', 'http://[::1]/x', 'http://localhost/x', 'http://api.localhost./x'])
      expect(() => checkSavedWebhookUrl(url, false), url).toThrow(expect.objectContaining({ reason: 'address' }));
    for (const url of ['http://169.254.169.254/latest', 'http://[fe80::1]/x', 'http://[::ffff:169.254.169.254]/x'])
      expect(() => checkSavedWebhookUrl(url, true), url).toThrow(expect.objectContaining({ reason: 'address' }));
    expect(() => checkSavedWebhookUrl('http://127.0.0.1:8080/x', true)).not.toThrow();
    expect(() => checkSavedWebhookUrl('http://localhost/x', true)).not.toThrow();
    // A name that resolves nowhere (RFC 2606's .invalid) is saved; the delivery's own check refuses it.
    expect(() => checkSavedWebhookUrl('https://erp.example.invalid/hooks', false)).not.toThrow();
    expect(() => checkSavedWebhookUrl('https://93.184.215.14/hooks', false)).not.toThrow();
  });

  it('the connection lookup refuses a name that resolves to loopback unless allowed', async () => {
    const lookup = (allow: boolean) =>
      new Promise<unknown>((resolve) =>
        guardedLookup(allow)('localhost', { all: true }, (err, addresses) => resolve(err ? (err as Error).message : addresses)),
      );
    expect(await lookup(false)).toContain('refused');
    expect(await lookup(true)).toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.any(String) })]));
  });
});

describe('signing and retries', () => {
  it('signs `id.timestamp.body` with the decoded secret, as Standard Webhooks v1', () => {
    const key = Buffer.alloc(32, 7);
    const secret = `whsec_${key.toString('base64')}`;
    const expected = createHmac('sha256', key).update('msg_1.1700000000.{"a":1}').digest('base64');
    expect(signWebhook(secret, 'msg_1', 1_700_000_000, '{"a":1}')).toBe(`v1,${expected}`);
  });

  it('spreads 8 attempts over about a day, with jitter', () => {
    const middle = [1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(60_000, n, () => 0.5));
    expect(middle).toEqual([1, 3, 9, 27, 81, 243, 729].map((m) => m * 60_000));
    expect(middle.reduce((a, b) => a + b) / 3_600_000).toBeGreaterThan(16);
    expect(retryDelay(60_000, 1, () => 0)).toBe(48_000);
    expect(retryDelay(60_000, 1, () => 1)).toBe(72_000);
  });
});
