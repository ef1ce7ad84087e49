// SMTP accounts and usages through the admin API: spec validation messages, password encrypted at
// rest and never returned, partial updates, real connection tests against a loopback server.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tablesOf } from '@app/db';
import { signInAsAdmin, withDb } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { startSmtpServer, type TestSmtp } from '../support/smtp.ts';

let server: TestServer;
let smtp: TestSmtp;
let token: string;
/** Every response body read in this file, to prove no password ever leaves the server. */
const bodies: string[] = [];

const call = async (pathname: string, init: RequestInit & { json?: unknown } = {}) => {
  const res = await server.api(pathname, { ...init, token });
  const text = await res.text();
  bodies.push(text);
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer();
  token = (await signInAsAdmin(server)).accessToken;
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

describe('SMTP accounts', () => {
  test('admin routes need a signed-in administrator', async () => {
    const res = await server.api('/smtp/accounts');
    expect(res.status).toBe(401);
    expect((await server.api('/smtp/test-config', { method: 'POST', json: smtp.account() })).status).toBe(401);
  });

  test('creation validates with the spec messages', async () => {
    const valid = smtp.account();
    for (const [patch, error] of [
      [{ name: '' }, 'Le nom est requis'],
      [{ host: ' ' }, "L'hôte SMTP est requis"],
      [{ port: 0 }, 'Le port doit être entre 1 et 65535'],
      [{ port: 70000 }, 'Le port doit être entre 1 et 65535'],
      [{ user: '' }, "L'utilisateur est requis"],
      [{ password: '' }, 'Le mot de passe est requis pour un nouveau compte'],
      [{ password: undefined }, 'Le mot de passe est requis pour un nouveau compte'],
      [{ fromName: '' }, "Le nom d'expéditeur est requis"],
      [{ fromEmail: '' }, "L'email d'expéditeur est requis"],
      [{ fromEmail: 'pas un email' }, "Format d'email invalide"],
    ] as const) {
      const { status, body } = await call('/smtp/accounts', { method: 'POST', json: { ...valid, ...patch } });
      expect(status).toBe(400);
      expect(body.error).toBe(error);
    }
  });

  test('the password is encrypted at rest and never returned; an empty password keeps it; PUT toggles isActive', async () => {
    const created = await call('/smtp/accounts', { method: 'POST', json: smtp.account({ name: 'Principal' }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Principal',
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: smtp.user,
      isActive: true,
    });
    expect(created.body).not.toHaveProperty('password');
    expect(created.body).not.toHaveProperty('passwordEncrypted');
    const id = created.body.id as number;

    const stored = await withDb(server, async (db) => (await db.select().from(tablesOf(db).smtpAccounts)).find((a) => a.id === id)!);
    expect(stored.passwordEncrypted).not.toContain(smtp.password);
    expect(stored.passwordEncrypted).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
    // No key in the environment: a key file was created on first start, readable by its owner only.
    const keyFile = path.join(server.dataDir, 'mail-encryption.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

    const updated = await call(`/smtp/accounts/${id}`, { method: 'PUT', json: { name: 'Renommé', password: '' } });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Renommé');
    // Still the same password: the connection test authenticates.
    expect((await call(`/smtp/accounts/${id}/test`, { method: 'POST' })).body).toEqual({
      success: true,
      message: 'Le serveur SMTP est correctement configuré',
    });

    const off = await call(`/smtp/accounts/${id}`, { method: 'PUT', json: { isActive: false } });
    expect(off.body).toMatchObject({ id, name: 'Renommé', isActive: false });
    expect((await call(`/smtp/accounts/${id}`, { method: 'PUT', json: { isActive: true } })).body.isActive).toBe(true);

    const list = await call('/smtp/accounts');
    expect(list.body.accounts.map((a: { id: number }) => a.id)).toContain(id);
    expect((await call(`/smtp/accounts/${id}`)).body.id).toBe(id);
  });

  test('a changed password is used from then on', async () => {
    const { body } = await call('/smtp/accounts', { method: 'POST', json: smtp.account({ name: 'Changement' }) });
    await call(`/smtp/accounts/${body.id}`, { method: 'PUT', json: { password: 'wrong-password' } });
    expect((await call(`/smtp/accounts/${body.id}/test`, { method: 'POST' })).body).toEqual({
      success: false,
      message: 'Authentification refusée par le serveur SMTP',
    });
    await call(`/smtp/accounts/${body.id}`, { method: 'PUT', json: { password: smtp.password } });
    expect((await call(`/smtp/accounts/${body.id}/test`, { method: 'POST' })).body.success).toBe(true);
  });

  test('test-config really connects: success, refused login, server down', async () => {
    const config = {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: smtp.user,
      password: smtp.password,
      fromEmail: 'noreply@example.test',
    };
    expect((await call('/smtp/test-config', { method: 'POST', json: config })).body).toEqual({
      success: true,
      message: 'Le serveur SMTP est correctement configuré',
    });

    smtp.refuseAuth(true);
    expect((await call('/smtp/test-config', { method: 'POST', json: config })).body).toEqual({
      success: false,
      message: 'Authentification refusée par le serveur SMTP',
    });
    smtp.refuseAuth(false);

    const stopped = await startSmtpServer();
    const port = stopped.port;
    await stopped.stop();
    const started = Date.now();
    expect((await call('/smtp/test-config', { method: 'POST', json: { ...config, port } })).body).toEqual({
      success: false,
      message: 'Connexion au serveur SMTP impossible',
    });
    expect(Date.now() - started).toBeLessThan(6000);
  });

  test('deleting an account: 200, then 404', async () => {
    const { body } = await call('/smtp/accounts', { method: 'POST', json: smtp.account({ name: 'À supprimer' }) });
    expect((await call(`/smtp/accounts/${body.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await call(`/smtp/accounts/${body.id}`, { method: 'DELETE' })).toMatchObject({
      status: 404,
      body: { error: 'Compte SMTP introuvable' },
    });
    expect((await call('/smtp/accounts/abc', { method: 'DELETE' })).status).toBe(400);
  });
});

describe('usage settings', () => {
  test('lists the three usages, saves, reports the state, deletes', async () => {
    const usages = await call('/smtp/settings/usages');
    expect(usages.body.usages.map((u: { usageType: string }) => u.usageType)).toEqual(['contact_form_fr', 'contact_form_en', 'newsletter']);

    const { body: account } = await call('/smtp/accounts', { method: 'POST', json: smtp.account({ name: 'Usages' }) });
    const partial = await call('/smtp/settings/contact_form_fr', {
      method: 'PUT',
      json: { smtpAccountId: account.id, recipientEmail: '' },
    });
    expect(partial.body).toMatchObject({
      usageType: 'contact_form_fr',
      smtpAccountId: account.id,
      recipientEmail: null,
      state: 'missing_recipient',
    });
    const full = await call('/smtp/settings/contact_form_fr', {
      method: 'PUT',
      json: { smtpAccountId: account.id, recipientEmail: 'contact@example.test' },
    });
    expect(full.body).toMatchObject({ recipientEmail: 'contact@example.test', state: 'configured' });
    expect((await call('/smtp/settings/contact_form_fr', { method: 'PUT', json: { recipientEmail: 'pas-un-email' } })).body).toMatchObject({
      error: "Format d'email invalide",
    });
    expect((await call('/smtp/settings/unknown_usage', { method: 'PUT', json: { smtpAccountId: account.id } })).body).toMatchObject({
      error: "Type d'usage invalide",
    });
    expect((await call('/smtp/settings/newsletter', { method: 'PUT', json: { smtpAccountId: 999999 } })).status).toBe(404);

    const settings = await call('/smtp/settings');
    expect(settings.body.settings).toEqual([
      expect.objectContaining({ usageType: 'contact_form_fr', smtpAccountId: account.id, recipientEmail: 'contact@example.test' }),
    ]);
    expect((await call('/smtp/settings/contact_form_fr', { method: 'DELETE' })).status).toBe(200);
    expect((await call('/smtp/settings')).body.settings).toEqual([]);
  });
});

afterAll(() => {
  // Passwords never in any response of this file.
  const all = bodies.join('\n');
  expect(all).not.toContain(smtp.password);
  expect(all).not.toContain('passwordEncrypted');
  // No "password" key with a value; a validation problem may name the field (`"field":"password"`).
  expect(all).not.toMatch(/"password"\s*:/);
});
