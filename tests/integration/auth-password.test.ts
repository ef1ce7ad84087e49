// The password change: the spec's rules checked by the server in order with its French texts, the
// lock while a change is pending, and what users who are not administrators may do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_ADMIN, createUser, signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

describe('password change', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer();
    const res = await server.api('/auth/login', { method: 'POST', json: INITIAL_ADMIN });
    token = (await res.json()).accessToken; // mustChangePassword is still set
  });
  afterAll(() => server?.stop());

  const change = (json: unknown, bearer = token) => server.api('/auth/change-password', { method: 'POST', token: bearer, json });
  const errorOf = async (json: unknown) => {
    const res = await change(json);
    expect(res.status).toBe(400);
    return (await res.json()).error;
  };

  it.each([
    ['the current password is missing', { newPassword: 'x' }, 'Le mot de passe actuel est requis'],
    [
      'the current password is empty, whatever else is wrong',
      { currentPassword: '', newPassword: 'a', confirmPassword: 'b' },
      'Le mot de passe actuel est requis',
    ],
    [
      'the confirmation differs',
      { currentPassword: INITIAL_ADMIN.password, newPassword: 'a', confirmPassword: 'b' },
      'Les mots de passe ne correspondent pas',
    ],
    [
      'the new password is missing',
      { currentPassword: INITIAL_ADMIN.password },
      'Le mot de passe doit contenir: Au moins 8 caractères, Au moins une majuscule, Au moins une minuscule, Au moins un chiffre, Au moins un caractère spécial',
    ],
    [
      'it is too short',
      { currentPassword: INITIAL_ADMIN.password, newPassword: 'Ab1!' },
      'Le mot de passe doit contenir: Au moins 8 caractères',
    ],
    [
      'it has no uppercase letter',
      { currentPassword: INITIAL_ADMIN.password, newPassword: 'abcdefg1!' },
      'Le mot de passe doit contenir: Au moins une majuscule',
    ],
    [
      'it has no lowercase letter',
      { currentPassword: INITIAL_ADMIN.password, newPassword: 'ABCDEFG1!' },
      'Le mot de passe doit contenir: Au moins une minuscule',
    ],
    [
      'it has no digit',
      { currentPassword: INITIAL_ADMIN.password, newPassword: 'Abcdefgh!' },
      'Le mot de passe doit contenir: Au moins un chiffre',
    ],
    [
      'it has no special character',
      { currentPassword: INITIAL_ADMIN.password, newPassword: 'Abcdefgh1' },
      'Le mot de passe doit contenir: Au moins un caractère spécial',
    ],
    [
      'several rules fail',
      { currentPassword: INITIAL_ADMIN.password, newPassword: 'abc' },
      'Le mot de passe doit contenir: Au moins 8 caractères, Au moins une majuscule, Au moins un chiffre, Au moins un caractère spécial',
    ],
    [
      'it equals the old one',
      { currentPassword: INITIAL_ADMIN.password, newPassword: INITIAL_ADMIN.password },
      "Le nouveau mot de passe doit être différent de l'ancien",
    ],
    [
      'the current password is wrong',
      { currentPassword: 'Not-The-Passw0rd', newPassword: 'Brand-New-Passw0rd!' },
      'Mot de passe actuel incorrect',
    ],
  ])('answers 400 with the spec message when %s', async (_, json, message) => {
    expect(await errorOf(json)).toBe(message);
  });

  it('names the field for wrong types and answers invalid JSON with 400', async () => {
    const fieldOf = async (json: unknown) => ((await (await change(json)).json()).errors as { field: string }[]).map((e) => e.field);
    expect(await fieldOf({ currentPassword: 42, newPassword: 'Brand-New-Passw0rd!' })).toEqual(['currentPassword']);
    expect(await fieldOf({ currentPassword: INITIAL_ADMIN.password, newPassword: ['x'] })).toEqual(['newPassword']);
    const res = await server.api('/auth/change-password', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: '{"currentPassword":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
  });

  it('locks every other authenticated call with 403 while the change is pending', async () => {
    for (const [method, path] of [
      ['GET', '/auth/profile'],
      ['GET', '/auth/session'],
      ['POST', '/auth/extend'],
    ] as const) {
      const res = await server.api(path, { method, token });
      expect([path, res.status]).toEqual([path, 403]);
      expect(await res.json()).toMatchObject({ error: 'Vous devez changer votre mot de passe avant de continuer' });
    }
  });

  it('accepts a valid change, clears mustChangePassword and unlocks the session it hands back', async () => {
    const res = await change({
      currentPassword: INITIAL_ADMIN.password,
      newPassword: 'Brand-New-Passw0rd!',
      confirmPassword: 'Brand-New-Passw0rd!',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ email: INITIAL_ADMIN.email, mustChangePassword: false });
    const profile = await server.api('/auth/profile', { token: body.accessToken });
    expect(profile.status).toBe(200);
    expect((await profile.json()).mustChangePassword).toBe(false);
    const again = await server.api('/auth/login', {
      method: 'POST',
      json: { email: INITIAL_ADMIN.email, password: 'Brand-New-Passw0rd!' },
    });
    expect((await again.json()).user.mustChangePassword).toBe(false);
  });
});

describe('users who are not administrators', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    await createUser(server, { email: 'editor@example.test', password: 'Editor-Passw0rd!', role: 'editor' });
  });
  afterAll(() => server?.stop());

  it('sign in and see their own role, so the admin app can send them home', async () => {
    const res = await server.api('/auth/login', { method: 'POST', json: { email: 'editor@example.test', password: 'Editor-Passw0rd!' } });
    expect(res.status).toBe(200);
    const { accessToken, user } = await res.json();
    expect(user.role).toBe('editor');
    expect(await (await server.api('/auth/profile', { token: accessToken })).json()).toMatchObject({ role: 'editor' });
  });

  it.each([['/stats'], ['/inquiries'], ['/smtp/accounts']])(
    'are refused GET %s with 403 {error}, where an administrator gets 200',
    async (path) => {
      const res = await server.api('/auth/login', { method: 'POST', json: { email: 'editor@example.test', password: 'Editor-Passw0rd!' } });
      const editor = await server.api(path, { token: (await res.json()).accessToken });
      expect(editor.status).toBe(403);
      expect(await editor.json()).toMatchObject({ error: 'Accès réservé aux administrateurs' });
      const admin = await signInAsAdmin(server);
      expect((await server.api(path, { headers: admin.headers })).status).toBe(200);
    },
  );

  it('and an administrator who has not changed the password yet is refused the back office with 403', async () => {
    await createUser(server, { email: 'new-admin@example.test', password: 'First-Passw0rd!', role: 'admin', mustChangePassword: true });
    const res = await server.api('/auth/login', { method: 'POST', json: { email: 'new-admin@example.test', password: 'First-Passw0rd!' } });
    const locked = await server.api('/stats', { token: (await res.json()).accessToken });
    expect(locked.status).toBe(403);
    expect(await locked.json()).toMatchObject({ error: 'Vous devez changer votre mot de passe avant de continuer' });
  });
});
