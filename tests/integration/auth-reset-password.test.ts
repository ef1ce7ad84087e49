// `pnpm admin:reset-password <email>` against the database of a running server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_ADMIN, signInAsAdmin } from '../support/auth.ts';
import { databaseEnv, onPostgres, repoRoot, startServer, type TestServer } from '../support/server.ts';

describe('admin:reset-password', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  const reset = async (...args: string[]) => resetWith(await databaseEnv(server.dataDir), ...args);
  const resetWith = (database: Record<string, string | undefined>, ...args: string[]) =>
    spawnSync(process.execPath, [path.join(repoRoot, 'api/src/cli/reset-password.ts'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...database },
      encoding: 'utf8',
    });

  it('prints a one-time password that signs in and must be changed, and ends the old sessions', async () => {
    const before = await signInAsAdmin(server);
    const run = await reset('Admin@Example.test');
    expect(run.status).toBe(0);
    const password = /^\s{4}(\S+)$/m.exec(run.stdout)?.[1];
    expect(password).toBeTruthy();

    expect((await server.api('/auth/profile', { headers: before.headers })).status).toBe(401);
    const res = await server.api('/auth/login', { method: 'POST', json: { email: INITIAL_ADMIN.email, password } });
    expect(res.status).toBe(200);
    expect((await res.json()).user.mustChangePassword).toBe(true);
    expect(server.output()).not.toContain(password!);
  });

  it('fails with a message and a non-zero exit for an unknown account or no argument', async () => {
    const unknown = await reset('nobody@example.test');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account with the e-mail nobody@example.test');
    const none = await reset();
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('Usage: pnpm admin:reset-password <email>');
  });

  // A mistyped DATABASE_PATH must not create an empty SQLite file; PostgreSQL has no file to create.
  // SQLite only: registered on that engine alone, so no run reports a skipped test.
  if (!onPostgres())
    it('refuses a SQLite path with no database, without creating one (SQLite only: no file on PostgreSQL)', () => {
      const missing = path.join(server.dataDir, 'missing.db');
      const noDatabase = resetWith({ DATA_DIR: server.dataDir, DATABASE_PATH: missing }, INITIAL_ADMIN.email);
      expect(noDatabase.status).toBe(1);
      expect(noDatabase.stderr).toContain(`No database at ${missing}`);
      expect(fs.existsSync(missing)).toBe(false);
    });
});
