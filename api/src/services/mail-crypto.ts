// Encrypts SMTP passwords at rest with AES-256-GCM; the key comes from MAIL_ENCRYPTION_KEY or a
// key file created once in DATA_DIR, readable by the server's user only.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const KEY_FILE_NAME = 'mail-encryption.key';
const VERSION = 'v1';

export type MailCrypto = { encrypt(plain: string): string; decrypt(stored: string): string };

/** Reads the key file, or creates it (0600, exclusive create so two starts cannot race). */
export function loadMailKey(options: { hexKey?: string; dataDir: string }): Buffer {
  if (options.hexKey) return Buffer.from(options.hexKey, 'hex');
  const file = path.join(options.dataDir, KEY_FILE_NAME);
  try {
    fs.writeFileSync(file, `${crypto.randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const hex = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${file} does not hold a 64-hex-character key`);
  return Buffer.from(hex, 'hex');
}

export function createMailCrypto(key: Buffer): MailCrypto {
  if (key.length !== 32) throw new Error('the mail encryption key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    decrypt(stored) {
      const [version, data] = stored.split(':');
      if (version !== VERSION || !data) throw new Error('unknown encrypted password format');
      const raw = Buffer.from(data, 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** An instance's crypto (deps.mailCrypto): the key is read, or its file created, once, at `ready()` or the first use. */
export function lazyMailCrypto(env: { MAIL_ENCRYPTION_KEY?: string; dataDir: string }): MailCrypto & { ready(): void } {
  let made: MailCrypto | undefined;
  const crypto = () => (made ??= createMailCrypto(loadMailKey({ hexKey: env.MAIL_ENCRYPTION_KEY, dataDir: env.dataDir })));
  return {
    ready: () => void crypto(),
    encrypt: (plain) => crypto().encrypt(plain),
    decrypt: (stored) => crypto().decrypt(stored),
  };
}
