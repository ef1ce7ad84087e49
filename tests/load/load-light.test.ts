// The light load run inside `npm test`: 20 connections for 3 s over the public pages, the product API,
// an image variant and a document download of a 1,000-listing catalogue, while an administrator
// writes. Zero errors, zero timeouts, every answer 2xx, no SQLITE_BUSY nor PostgreSQL deadlock. Heavy runs: `pnpm bench`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server.ts';
import { adminWriter, load, publicTargets, seededDataDir, signInAsAdmin, type Target } from './scenario.ts';

let server: TestServer;
let targets: Target[];

beforeAll(async () => {
  const dataDir = await seededDataDir(1000);
  server = await startServer({ full: true, dataDir });
  targets = await publicTargets(server, await signInAsAdmin(server));
}, 120_000);
afterAll(() => server?.stop());

describe('light load', () => {
  it('every target answers 2xx before the run (the scenario is valid)', async () => {
    for (const t of targets) expect((await fetch(`${server.url}${t.path}`)).status, t.name).toBe(200);
  });

  it('20 connections × 3 s on every public target, with an administrator writing: no error, no timeout, no lock error', async () => {
    const session = await signInAsAdmin(server);
    const writer = adminWriter(server, session);
    const result = await load(
      server.url,
      'mixed',
      targets.map((t) => t.path),
      { connections: 20, durationS: 3 },
    );
    const writes = await writer.stop();
    expect(result.requests).toBeGreaterThan(100);
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
    expect(writes.writes).toBeGreaterThan(5);
    expect(writes.failures).toEqual([]);
    expect(server.output()).not.toMatch(/SQLITE_BUSY|database is locked|deadlock detected|could not serialize/);
  });
});
