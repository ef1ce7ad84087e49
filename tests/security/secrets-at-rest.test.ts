// Probes for security.md "Outgoing mail" and "Data": SMTP credentials never cross the network in clear,
// and the database file, the mail-encryption key and the data folder are the owner's alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from '../support/auth.ts';
import { onPostgres, startServer, type TestServer } from '../support/server.ts';

/** An address of this machine that is not loopback, if it has one. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

describe('secrets at rest', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pm-modes-')), 'data');
    server = await startServer({ dataDir });
  });
  afterAll(() => server?.stop());

  it('the data folder it creates is 0700, its uploads folders too, and the mail-encryption key file 0600', async () => {
    const { accessToken } = await signInAsAdmin(server);
    // Saving an SMTP password is what needs the key.
    const created = await server.api('/smtp/accounts', {
      method: 'POST',
      token: accessToken,
      json: {
        name: 'Compte',
        host: 'smtp.example.org',
        port: 587,
        secure: false,
        user: 'u',
        password: 'secret',
        fromName: 'Ventes',
        fromEmail: 'ventes@example.org',
      },
    });
    expect(created.status).toBe(201);
    expect(mode(dataDir)).toBe('700');
    for (const dir of ['images', 'documents', 'tmp']) expect(mode(path.join(dataDir, dir)), dir).toBe('700');
    expect(mode(path.join(dataDir, 'mail-encryption.key'))).toBe('600');
  });

  // SQLite only: PostgreSQL keeps its own files, so the case does not exist there.
  // SQLite only: registered on that engine alone, so no run reports a skipped test.
  if (!onPostgres())
    it('the SQLite database file and its WAL and shared-memory files are 0600 (SQLite only: PostgreSQL keeps its own files)', () => {
      for (const file of [server.databasePath, `${server.databasePath}-wal`, `${server.databasePath}-shm`])
        expect(mode(file), file).toBe('600');
    });
});

// Needs a non-loopback interface: registered only where one exists.
if (lanAddress)
  describe('SMTP credentials never travel in clear (needs a non-loopback interface)', () => {
    let plain: SMTPServer;
    let port = 0;
    let logins = 0;
    beforeAll(async () => {
      plain = new SMTPServer({
        secure: false,
        disabledCommands: ['STARTTLS'], // a server that offers no encryption
        allowInsecureAuth: true,
        authMethods: ['PLAIN', 'LOGIN'],
        logger: false,
        onAuth: (_auth, _session, callback) => {
          logins++;
          callback(null, { user: 'u' });
        },
      });
      await new Promise<void>((resolve) => plain.listen(0, lanAddress, resolve));
      port = (plain.server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => (plain ? plain.close(() => resolve()) : resolve())));

    it('a server without TLS on a non-loopback address never receives the password, even with local servers allowed', async () => {
      const server = await startServer({ env: { SMTP_ALLOW_LOCAL: 'true' } });
      try {
        const { accessToken } = await signInAsAdmin(server);
        const res = await server.api('/smtp/test-config', {
          method: 'POST',
          token: accessToken,
          json: { host: lanAddress, port, secure: false, user: 'u', password: 'secret-Passw0rd', fromEmail: 'noreply@example.test' },
        });
        expect(await res.json()).toEqual({ success: false, message: 'Connexion au serveur SMTP impossible' });
        expect(logins).toBe(0);
      } finally {
        await server.stop();
      }
    });
  });
