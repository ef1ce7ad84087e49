import { describe, expect, test } from 'vitest';
import { canonicalHost, checkSmtpTarget, isForbiddenAddress, SmtpGuardError } from './smtp-guard.ts';

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return err instanceof SmtpGuardError ? err.reason : 'other';
  }
  return 'allowed';
};

describe('canonicalHost', () => {
  test.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0177.0.0.01', '127.0.0.1'],
    ['[::1]', '::1'],
    ['SMTP.Example.COM', 'smtp.example.com'],
  ])('%s is %s', (input, canonical) => expect(canonicalHost(input)).toBe(canonical));

  test.each(['a b', 'user@host', 'host:25', 'http://x', '1.2.3.4.5', ''])('%j is not a host', (input) =>
    expect(canonicalHost(input)).toBeUndefined(),
  );
});

describe('isForbiddenAddress', () => {
  test.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'ff02::1',
  ])('%s is refused', (ip) => expect(isForbiddenAddress(ip)).toBe(true));
  test.each(['8.8.8.8', '93.184.215.14', '2a00:1450:4007:80a::200e', '::ffff:8.8.8.8', '172.32.0.1'])('%s is allowed', (ip) =>
    expect(isForbiddenAddress(ip)).toBe(false),
  );
});

describe('checkSmtpTarget', () => {
  const publicDns = async () => ['93.184.215.14'];

  test('connects to the checked address and keeps the name for TLS', async () => {
    expect(await checkSmtpTarget('smtp.example.com', 587, { allowLocal: false, lookup: publicDns })).toEqual({
      host: '93.184.215.14',
      servername: 'smtp.example.com',
    });
  });

  test('a name with any private answer is refused (DNS rebinding by multiple records)', async () => {
    expect(
      await refusal(checkSmtpTarget('mixed.example.com', 587, { allowLocal: false, lookup: async () => ['93.184.215.14', '127.0.0.1'] })),
    ).toBe('address');
  });

  test('an unresolvable name is refused', async () => {
    expect(
      await refusal(
        checkSmtpTarget('nowhere.invalid', 587, {
          allowLocal: false,
          lookup: async () => {
            throw new Error('ENOTFOUND');
          },
        }),
      ),
    ).toBe('host');
  });

  test('only mail ports, checked before any lookup', async () => {
    let looked = false;
    const lookup = async () => ((looked = true), ['93.184.215.14']);
    for (const port of [25, 465, 587, 2525])
      expect(await refusal(checkSmtpTarget('smtp.example.com', port, { allowLocal: false, lookup }))).toBe('allowed');
    expect(looked).toBe(true);
    looked = false;
    expect(await refusal(checkSmtpTarget('smtp.example.com', 22, { allowLocal: false, lookup }))).toBe('port');
    expect(looked).toBe(false);
  });

  test('with local servers allowed, anything goes as typed, and loopback is told apart (the one target allowed without TLS)', async () => {
    expect(await checkSmtpTarget('localhost', 2526, { allowLocal: true })).toEqual({ host: 'localhost', loopback: true });
    expect(await checkSmtpTarget('127.0.0.2', 25, { allowLocal: true })).toEqual({ host: '127.0.0.2', loopback: true });
    expect(await checkSmtpTarget('10.0.0.5', 25, { allowLocal: true })).toEqual({ host: '10.0.0.5', loopback: false });
    expect(await checkSmtpTarget('mail.lan', 25, { allowLocal: true, lookup: async () => ['127.0.0.1', '192.168.1.9'] })).toEqual({
      host: 'mail.lan',
      loopback: false,
    });
  });
});
