// Probes for security.md "Outgoing mail" and "Data": SMTP credentials never cross the network in clear,
// and the database file, the mail-encryption key and the data folder are the owner's alone.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '@app/api/context';
import { createTransport } from '@app/api/services/mailer';
import { signInAsAdmin } from '../support/auth.ts';
import { onPostgres, startServer, type TestServer } from '../support/server.ts';
import { testTempDir } from '../support/temp-dirs.ts';

/** An address of this machine that is not loopback, if it has one. */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

describe('secrets at rest', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = path.join(testTempDir('pm-modes'), 'data');
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

/** An SMTP server that offers no encryption and counts the logins it receives. */
async function plainSmtpServer(host: string) {
  const state = { logins: 0, port: 0, close: () => Promise.resolve() };
  const plain = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'], // a server that offers no encryption
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth: (_auth, _session, callback) => {
      state.logins++;
      callback(null, { user: 'u' });
    },
  });
  await new Promise<void>((resolve) => plain.listen(0, host, resolve));
  state.port = (plain.server.address() as { port: number }).port;
  state.close = () => new Promise<void>((resolve) => plain.close(() => resolve()));
  return state;
}

// On every machine: the transport the mailer builds for a host that is not loopback is led, socket and all,
// to a plain server on loopback (nodemailer's getSocket, what its proxy support uses). What it then sends is
// what it would send to that host: with local servers allowed or not, never the password.
describe('SMTP credentials never travel in clear (any machine: the connection is led to loopback)', () => {
  let plain: Awaited<ReturnType<typeof plainSmtpServer>>;
  beforeAll(async () => {
    plain = await plainSmtpServer('127.0.0.1');
  });
  afterAll(() => plain?.close());

  /** Builds the mailer's transport for host, connects it to the plain server whatever the host, and verifies (connect and AUTH). */
  async function verifyThroughPlainServer(host: string, allowLocal: boolean): Promise<'signed in' | string> {
    const deps = { env: { SMTP_ALLOW_LOCAL: allowLocal } } as unknown as Deps;
    const transport = await createTransport(deps, { host, port: 587, secure: false, user: 'u', password: 'secret-Passw0rd' });
    Object.assign(transport, {
      getSocket: (_options: unknown, callback: (err: Error | null, socket?: { connection: net.Socket }) => void) => {
        const connection = net.connect(plain.port, '127.0.0.1', () => callback(null, { connection }));
        connection.once('error', (err) => callback(err));
      },
    });
    try {
      await transport.verify();
      return 'signed in';
    } catch (err) {
      return String((err as { code?: string }).code ?? err);
    } finally {
      transport.close();
    }
  }

  it('the harness reaches the plain server: loopback with local servers allowed signs in there (the one exemption)', async () => {
    const before = plain.logins;
    expect(await verifyThroughPlainServer('127.0.0.1', true)).toBe('signed in');
    expect(plain.logins).toBe(before + 1);
  });

  it('a non-loopback host without TLS never receives the password, with local servers allowed (a private address) or not (a public one)', async () => {
    const before = plain.logins;
    for (const [host, allowLocal] of [
      ['192.0.2.25', true],
      ['10.1.2.3', true],
      ['93.184.216.34', false],
    ] as const) {
      // nodemailer stops before AUTH: the server offered no STARTTLS and the transport requires it.
      expect(await verifyThroughPlainServer(host, allowLocal), `${host}, SMTP_ALLOW_LOCAL ${allowLocal}`).toBe('ETLS');
    }
    expect(plain.logins).toBe(before);
  });
});

// Through the running server, to an address of this machine that is not loopback: registered only where one exists.
if (lanAddress)
  describe('SMTP credentials never travel in clear (needs a non-loopback interface)', () => {
    let plain: Awaited<ReturnType<typeof plainSmtpServer>>;
    beforeAll(async () => {
      plain = await plainSmtpServer(lanAddress);
    });
    afterAll(() => plain?.close());

    it('a server without TLS on a non-loopback address never receives the password, even with local servers allowed', async () => {
      const server = await startServer({ env: { SMTP_ALLOW_LOCAL: 'true' } });
      try {
        const { accessToken } = await signInAsAdmin(server);
        const res = await server.api('/smtp/test-config', {
          method: 'POST',
          token: accessToken,
          json: {
            host: lanAddress,
            port: plain.port,
            secure: false,
            user: 'u',
            password: 'secret-Passw0rd',
            fromEmail: 'noreply@example.test',
          },
        });
        expect(await res.json()).toEqual({ success: false, message: 'Connexion au serveur SMTP impossible' });
        expect(plain.logins).toBe(0);
      } finally {
        await server.stop();
      }
    });
  });
