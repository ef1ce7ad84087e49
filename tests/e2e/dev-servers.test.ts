// `npm run dev` starts the API, the site and the admin with hot reload, and each of them answers.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { databaseEnv, repoRoot } from '../support/server.ts';
import { testTempDir } from '../support/temp-dirs.ts';

/** n distinct free ports: all listeners stay open until every port is chosen, so none repeats. */
async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Server>((resolve) => {
          const s = net.createServer().listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/** The environment of a developer's shell: without the test runner's own variables (VITEST, NODE_ENV=test…),
 * which make Astro's dev server stop routing pages. */
const shellEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|TEST$|NODE_ENV$)/.test(k)));

describe('development servers', () => {
  const dataDir = testTempDir('pm-dev');
  let output = '';
  let child: ReturnType<typeof spawn> | undefined;
  afterAll(async () => {
    const group = child?.pid;
    if (!group) return;
    process.kill(-group, 'SIGTERM');
    // Done once no process of the group is left (kill with signal 0 then fails with ESRCH).
    const groupAlive = () => {
      try {
        process.kill(-group, 0);
        return true;
      } catch {
        return false;
      }
    };
    await vi.waitFor(
      () => {
        if (groupAlive()) throw new Error(`process group ${group} still running`);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('serves the API, the French and English site and the admin shell', async () => {
    const [api, site, admin] = await freePorts(3);
    child = spawn(process.execPath, [path.join(repoRoot, 'scripts/dev.ts')], {
      cwd: repoRoot,
      detached: true, // its own process group, so the three servers stop together
      env: {
        ...shellEnv(),
        PORT: String(api),
        SITE_DEV_PORT: String(site),
        ADMIN_DEV_PORT: String(admin),
        ...(await databaseEnv(dataDir)),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d));
    child.stderr!.on('data', (d: Buffer) => (output += d));
    const status = async (url: string) => (await fetch(url).catch(() => undefined))?.status;
    const urls = [
      `http://127.0.0.1:${api}/api/health`,
      `http://localhost:${site}/mentions-legales`,
      `http://localhost:${site}/en/mentions-legales`,
      `http://localhost:${admin}/admin/`,
    ];
    await expect.poll(async () => Promise.all(urls.map(status)), { timeout: 90_000, interval: 1000 }).toEqual([200, 200, 200, 200]);
    expect(output).not.toMatch(/\[ERROR\]|already running/);
    // The admin's dev server proxies /api to the API.
    expect(await status(`http://localhost:${admin}/api/health`)).toBe(200);
  });
});
