import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { tablesOf } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDb } from '../support/auth.ts';
import { databaseEnv, databaseOf, repoRoot, startServer, type DatabaseEnv, type TestServer } from '../support/server.ts';
import { testTempDir } from '../support/temp-dirs.ts';

describe('benchmark seed (tests/bench/seed-listings.ts N) and the demo seed (db:seed)', () => {
  let dataDir: string;
  let server: TestServer;
  let database: DatabaseEnv;
  const run = (script: string, ...args: string[]) =>
    execFileSync(process.execPath, [path.join(repoRoot, script), ...args], {
      env: { ...process.env, ...database },
      encoding: 'utf8',
    });
  const seed = (...args: string[]) => run('demo/src/seed.ts', ...args);
  const seedListings = (count: string) => run('tests/bench/seed-listings.ts', count);

  beforeAll(async () => {
    dataDir = testTempDir('pm-seed');
    database = await databaseEnv(dataDir);
  });
  afterAll(() => server?.stop());

  it('adds N listings with pictures, and the demo seed then refuses to touch the existing catalogue', async () => {
    expect(seedListings('120')).toMatch(/Added 120 generated listings/);
    expect(seed()).toMatch(/already has listings: nothing loaded/);
    server = await startServer({ dataDir });
    const list = await (await server.api('/products?limit=5&search=groupe')).json();
    expect(list.total).toBeGreaterThan(10);
    const image = list.items[0].images[0];
    const res = await fetch(`${server.url}${image.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    // 120 listings with their pictures drawn and encoded by sharp in a child process, CPU-bound: the default 60 s
    // ran out once the files run side by side (maxWorkers in vitest.config.ts) and share the 2 cores.
  }, 240_000);

  it('loads the demo on the first run only: listings deleted later do not come back at the next start', async () => {
    await server?.stop();
    expect(seed('--first-run')).toBe(''); // listings exist already: the first run keeps them, silently
    await withDb(await databaseOf(dataDir), (db) => db.delete(tablesOf(db).products));
    expect(seed('--first-run')).toBe('');
    server = await startServer({ dataDir });
    expect((await (await server.api('/products')).json()).total).toBe(0);
  });

  it('refuses a listing count that is not a whole number', () => {
    expect(() => seedListings('many')).toThrow();
  });
});
