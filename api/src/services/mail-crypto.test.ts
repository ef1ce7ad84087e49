import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { createMailCrypto, KEY_FILE_NAME, loadMailKey } from './mail-crypto.ts';

describe('mail crypto', () => {
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mail-key-'));

  test('round-trips, with a fresh IV each time', () => {
    const c = createMailCrypto(Buffer.alloc(32, 7));
    const a = c.encrypt('s3cret pass');
    expect(a).not.toBe(c.encrypt('s3cret pass'));
    expect(c.decrypt(a)).toBe('s3cret pass');
  });

  test('a tampered value or another key does not decrypt', () => {
    const c = createMailCrypto(Buffer.alloc(32, 7));
    const stored = c.encrypt('secret');
    const raw = Buffer.from(stored.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => c.decrypt(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => createMailCrypto(Buffer.alloc(32, 8)).decrypt(stored)).toThrow();
  });

  test('the key file is created once with mode 0600 and reused', () => {
    const d = dir();
    const k1 = loadMailKey({ dataDir: d });
    expect(fs.statSync(path.join(d, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
    expect(loadMailKey({ dataDir: d }).equals(k1)).toBe(true);
  });

  test('MAIL_ENCRYPTION_KEY wins and creates no file', () => {
    const d = dir();
    expect(loadMailKey({ dataDir: d, hexKey: 'ab'.repeat(32) }).toString('hex')).toBe('ab'.repeat(32));
    expect(fs.existsSync(path.join(d, KEY_FILE_NAME))).toBe(false);
  });
});
