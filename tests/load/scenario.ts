// The load scenario shared by the light load test (npm test) and the benchmark (pnpm bench): a seeded
// catalogue, the public targets a visitor hits (pages, product API search, an image variant, a
// document download), autocannon against them over loopback, and an administrator writing meanwhile.
import type { IncomingHttpHeaders } from 'node:http';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { makePdf } from '@app/demo/seed-assets';
import { signInAsAdmin, type AdminSession } from '../support/auth.ts';
import { databaseEnv, repoRoot, type TestServer } from '../support/server.ts';
import { testTempDir } from '../support/temp-dirs.ts';

const run = promisify(execFile);

export type Target = { name: string; path: string };

/**
 * A fresh data folder with `listings` generated listings (tests/bench/seed-listings.ts), in the database
 * a test server started on the folder uses (its SQLite file, or its PostgreSQL database in the *-pg
 * projects); the bench's `env` may name another PostgreSQL database (DATABASE_URL).
 */
export async function seededDataDir(listings: number, env: Record<string, string> = {}): Promise<string> {
  // Removed with the test file that made it (or at exit, in a bench).
  const dataDir = testTempDir('pm-load');
  await run(process.execPath, [path.join(repoRoot, 'tests/bench/seed-listings.ts'), String(listings)], {
    cwd: repoRoot,
    env: { ...process.env, ...(await databaseEnv(dataDir)), LOG_LEVEL: 'warn', ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  return dataDir;
}

/** The visitor's targets on a running, seeded server (one document is uploaded for the download). */
export async function publicTargets(server: TestServer, session: AdminSession): Promise<Target[]> {
  const list = (await (await server.api('/products?limit=1&sort=date&order=desc')).json()) as { items: { id: number }[] };
  const id = list.items[0]!.id;
  const images = (await (await server.api(`/products/${id}/images`)).json()) as {
    images: { sources: { url: string; width: number; format: string }[] }[];
  };
  const variant = images.images[0]!.sources.find((s) => s.format === 'webp' && s.width === 640) ?? images.images[0]!.sources[0]!;
  const form = new FormData();
  form.append('titles', JSON.stringify(['Fiche technique']));
  form.append(
    'documents',
    new Blob(
      [
        new Uint8Array(
          makePdf(
            'Fiche technique',
            Array.from({ length: 40 }, (_, i) => `Ligne ${i + 1} de la fiche technique.`),
          ),
        ),
      ],
      { type: 'application/pdf' },
    ),
    'fiche.pdf',
  );
  const uploaded = await server.api(`/products/${id}/documents`, { method: 'POST', headers: session.headers, body: form });
  if (uploaded.status !== 201) throw new Error(`document upload answered ${uploaded.status}`);
  const doc = ((await uploaded.json()) as { documents: { url: string }[] }).documents[0]!;
  return [
    { name: 'home page', path: '/' },
    { name: 'listings page', path: '/annonces' },
    { name: 'product page', path: `/produit/${id}` },
    {
      name: 'GET /api/products (filtered search)',
      path: '/api/products?search=caterpillar&type=generator&condition=used&sort=price&order=asc&limit=12',
    },
    { name: 'image variant', path: variant.url },
    { name: 'document download', path: doc.url },
  ];
}

export type LoadResult = {
  name: string;
  connections: number;
  durationS: number;
  requests: number;
  rps: number;
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  throughputMBs: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Time the server spent per answer (its Server-Timing header), when it sends one: API answers. */
  serverP50?: number;
  serverP99?: number;
};

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;

/** autocannon against one or several paths (each connection cycles through them), loopback only. */
export async function load(
  baseUrl: string,
  name: string,
  paths: string[],
  { connections, durationS }: { connections: number; durationS: number },
): Promise<LoadResult> {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(baseUrl)) throw new Error(`load only targets 127.0.0.1, not ${baseUrl}`);
  const serverMs: number[] = [];
  const onResponse = (_status: number, _body: string, _context: object, headers: IncomingHttpHeaders | undefined) => {
    const dur = /dur=([\d.]+)/.exec(String(headers?.['server-timing'] ?? ''));
    if (dur) serverMs.push(Number(dur[1]));
  };
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationS,
    timeout: 10,
    requests: paths.map((p) => ({ method: 'GET', path: p, onResponse })),
  });
  serverMs.sort((a, b) => a - b);
  return {
    name,
    connections,
    durationS,
    requests: result.requests.total,
    rps: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyMax: result.latency.max,
    throughputMBs: result.throughput.average / 1024 / 1024,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    ...(serverMs.length ? { serverP50: percentile(serverMs, 0.5), serverP99: percentile(serverMs, 0.99) } : {}),
  };
}

/** The listing an administrator creates during the load (number i). */
export const listingWrittenUnderLoad = (i: number) => ({
  titleFr: `Annonce écrite sous charge ${i}`,
  titleEn: `Listing written under load ${i}`,
  descriptionFr: 'Créée pendant le test de charge.',
  descriptionEn: 'Created during the load test.',
  type: 'engine',
  category: 'Marine',
  brand: 'Volvo Penta',
  model: `D${i}`,
  condition: 'new',
  powerOutput: 300,
  powerUnit: 'hp',
  fuelType: 'diesel',
  weight: 800,
});

export type WriterReport = { writes: number; failures: { status: number; body: string }[] };

/** An administrator editing listings in a loop until stop() — what must never meet SQLITE_BUSY. */
export function adminWriter(server: TestServer, session: AdminSession, pauseMs = 20) {
  const report: WriterReport = { writes: 0, failures: [] };
  let stopped = false;
  const done = (async () => {
    for (let i = 0; !stopped; i++) {
      const res = await server.api('/products', { method: 'POST', headers: session.headers, json: listingWrittenUnderLoad(i) });
      report.writes++;
      if (res.status !== 201) report.failures.push({ status: res.status, body: (await res.text()).slice(0, 200) });
      else await res.body?.cancel();
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    }
  })();
  return {
    report,
    async stop() {
      stopped = true;
      await done;
      return report;
    },
  };
}

export { signInAsAdmin };
