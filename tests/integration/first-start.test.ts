// First start: an administrator is created and its one-time password shown once, never again.
import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server.ts';

describe('first start', () => {
  it('creates the first administrator with a generated password printed once, and not on the next start', async () => {
    const first = await startServer({ env: { ADMIN_PASSWORD: '', ADMIN_EMAIL: 'owner@example.test' } });
    await first.stop();
    const printed = /password: (\S+)/.exec(first.output());
    expect(first.output()).toContain('owner@example.test');
    expect(printed?.[1]).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/);

    const second = await startServer({ dataDir: first.dataDir, env: { ADMIN_PASSWORD: '', ADMIN_EMAIL: 'owner@example.test' } });
    await second.stop();
    expect(second.output()).not.toContain('First administrator');
    expect(second.output()).not.toContain(printed![1]);
  });

  it('refuses to start with a readable list when the configuration is invalid', async () => {
    await expect(startServer({ env: { PORT: 'eighty', PUBLIC_URL: 'not a url' } })).rejects.toThrow(
      /Invalid configuration[\s\S]*PORT[\s\S]*PUBLIC_URL/,
    );
  });
});
