// Tokens and passwords never reach the server's log output, and no answer puts a token in a URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_ADMIN_PASSWORD, INITIAL_ADMIN, signInAsAdmin } from '../support/auth.ts';
import { startServer, type TestServer } from '../support/server.ts';

describe('secrets stay out of logs and URLs', () => {
  let server: TestServer;
  const secrets = new Set<string>([INITIAL_ADMIN.password, CHANGED_ADMIN_PASSWORD]);
  const headerValues: string[] = [];
  const keep = async (res: Response) => {
    for (const [name, value] of res.headers) if (name !== 'set-cookie') headerValues.push(value);
    const body = await res.json();
    for (const key of ['accessToken', 'refreshToken'] as const) if (typeof body[key] === 'string') secrets.add(body[key]);
    return body;
  };

  beforeAll(async () => {
    // No grace window: the immediate reuse below must revoke, and be logged.
    server = await startServer({ env: { LOG_LEVEL: 'debug', REFRESH_GRACE_MS: '0' } });
    // Every flow that handles a token or a password, including the failures.
    const admin = await signInAsAdmin(server);
    secrets.add(admin.accessToken).add(admin.refreshToken);
    const signedIn = await keep(
      await server.api('/auth/login', { method: 'POST', json: { email: INITIAL_ADMIN.email, password: CHANGED_ADMIN_PASSWORD } }),
    );
    const refreshed = await keep(await server.api('/auth/refresh', { method: 'POST', json: { refreshToken: signedIn.refreshToken } }));
    await keep(await server.api('/auth/refresh', { method: 'POST', json: { refreshToken: signedIn.refreshToken } })); // reuse
    const cookieLogin = await server.api('/auth/login', {
      method: 'POST',
      json: { email: INITIAL_ADMIN.email, password: CHANGED_ADMIN_PASSWORD },
      headers: { 'x-token-transport': 'cookie' },
    });
    secrets.add(/pm_refresh=([^;]+)/.exec(cookieLogin.headers.get('set-cookie')!)![1]!);
    const viaCookie = await keep(cookieLogin);
    await keep(await server.api('/auth/profile', { token: viaCookie.accessToken }));
    await keep(await server.api('/auth/extend', { method: 'POST', token: viaCookie.accessToken }));
    await keep(await server.api('/auth/login', { method: 'POST', json: { email: INITIAL_ADMIN.email, password: 'Wrong-Guess-123!' } }));
    secrets.add('Wrong-Guess-123!');
    await keep(
      await server.api('/auth/change-password', {
        method: 'POST',
        token: viaCookie.accessToken,
        json: { currentPassword: 'Bad-Current-1!', newPassword: 'Whatever-Passw0rd!' },
      }),
    );
    secrets.add('Bad-Current-1!').add('Whatever-Passw0rd!');
    await keep(await server.api('/auth/logout', { method: 'POST', token: refreshed.accessToken }));
    await keep(await server.api('/auth/profile', { token: refreshed.accessToken }));
  });
  afterAll(() => server?.stop());

  it('logged the sign-in events', () => {
    expect(server.output()).toContain('"msg":"signed in"');
    expect(server.output()).toContain('refresh token reused');
  });

  it('never writes a token or a password to the log output', () => {
    const output = server.output();
    expect(secrets.size).toBeGreaterThan(8);
    for (const secret of secrets) expect(output.includes(secret), `a secret of ${secret.length} characters is in the log`).toBe(false);
    // Nor URL-encoded, as a query string would carry them.
    for (const secret of secrets) expect(output.includes(encodeURIComponent(secret))).toBe(false);
  });

  it('never answers with a token in a header or a redirect URL', () => {
    for (const value of headerValues) for (const secret of secrets) expect(value.includes(secret)).toBe(false);
  });
});
