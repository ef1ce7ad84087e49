// `pnpm bench`: what visitors get, measured from outside the way browsers ask (keep-alive, `Accept-Encoding:
// br, gzip`), each load figure as a ratio to a bare node:http server replaying the product's exact bytes in
// the same run, with both servers' CPU per answer (decision 073). Per catalogue size (10k, then 100k
// listings, seeded in a temporary folder): at the first size the cached pages, cookie-carrying visitors,
// uncached renders and bytes on the wire; at every size the search API warm and just after a write, and
// cached pages with an administrator writing every 200 ms against none. Then a 50 MB upload in a freshly
// started process. All of it on SQLite, on PostgreSQL (BENCH_ENGINE=postgres, a throwaway cluster) or on
// both one after the other (BENCH_ENGINE=both, one report side by side). Writes bench-results/report*.{md,json}.
// Settings: see docs/bench.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInAsAdmin, type AdminSession } from '../support/auth.ts';
import { repoRoot, startServer, type TestServer } from '../support/server.ts';
import { adminWriter, listingWrittenUnderLoad, seededDataDir } from '../load/scenario.ts';
import { chosenEngines, ENGINE_NAMES, engineHost, type EngineHost } from './engines.ts';
import { addSubscribers, countingSmtp, lighthouse, newsletterRun, rssMb, sampleRss, uploadMemory } from './measures.ts';
import { writeBothReport, writeReport, type BenchResults, type SizeResults } from './report.ts';
import { searchTimes } from './search.ts';
import { againstBare, BROWSER_HEADERS, COOKIE_HEADERS, measure, type Scenario } from './visitors.ts';
import { apiWire, firstLoad } from './wire.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PARTS = ['cached', 'cookies', 'uncached', 'crawl', 'wire', 'search', 'writes', 'upload'] as const;
type Part = (typeof PARTS)[number];
const chosen = (process.env.BENCH_PARTS ?? PARTS.join(',')).split(',').map((x) => x.trim());
const unknown = chosen.filter((x) => !(PARTS as readonly string[]).includes(x));
if (unknown.length) throw new Error(`BENCH_PARTS: unknown ${unknown.join(', ')} (parts: ${PARTS.join(', ')})`);
const parts = new Set(chosen as Part[]);
const engines = chosenEngines();
const partial = parts.size < PARTS.length;
const settings = {
  sizes: (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number),
  durationS: num('BENCH_DURATION', 5),
  rounds: num('BENCH_ROUNDS', 2),
  connections: num('BENCH_CONNECTIONS', 50),
  searchRounds: num('BENCH_SEARCH_ROUNDS', 15),
  writePauseMs: num('BENCH_WRITE_PAUSE_MS', 200),
  subscribers: num('BENCH_SUBSCRIBERS', 0),
  parts: [...parts],
  engines,
};
const outDir = path.join(repoRoot, 'bench-results');
const say = (msg: string) => process.stderr.write(`› ${msg}\n`);
const { connections, durationS } = settings;

async function listingIds(server: TestServer, count: number): Promise<number[]> {
  const list = (await (await server.api(`/products?limit=${Math.min(100, count)}&sort=date&order=desc`)).json()) as {
    items: { id: number }[];
  };
  return list.items.map((i) => i.id);
}

/** Seconds of renders before the uncached scenarios. */
const WARM_UP_S = 3;

/** Cached pages, cookie-carrying visitors, uncached renders and bytes on the wire. */
async function visitors(server: TestServer & { pid: number }, ids: number[], listings: number) {
  // Far more listings than one run can ask for, so that every product page is a first render.
  const manyProducts = Array.from({ length: listings }, (_, i) => `/produit/${ids[0]! - i}`);
  const product = `/produit/${ids[0]}`;
  const cachedPaths = ['/', '/annonces', product, '/en/annonces'];
  const all: (Scenario & { group: string })[] = [
    ...cachedPaths.map((p) => ({ group: 'cached', name: `cached ${p}`, paths: [p], headers: BROWSER_HEADERS })),
    { group: 'cookies', name: 'cookies (lang, theme, _ga) on the 4 cached pages', paths: cachedPaths, headers: COOKIE_HEADERS },
    { group: 'uncached', name: 'uncached /annonces?r=<n>', paths: ['/annonces?r={n}'], headers: BROWSER_HEADERS },
    { group: 'uncached', name: `uncached /produit/{id} (${listings} listings in turn)`, paths: manyProducts, headers: BROWSER_HEADERS },
  ];
  const scenarios = all.filter((s) => parts.has(s.group as Part));
  const renders = parts.has('uncached') || parts.has('crawl');
  if (renders) {
    // A server that has just started compiles its render code on its first pages:
    // warm it up as a running server is, on pages the measured runs never ask.
    const warmUp = {
      name: 'warm-up',
      paths: ['/annonces?w={n}', ...manyProducts.slice(-Math.floor(listings / 10))],
      headers: BROWSER_HEADERS,
    };
    await measure(server.port, server.pid, warmUp, connections, WARM_UP_S);
  }
  // The server's resident memory after its start and the warm-up, then at its peak while it renders.
  const afterWarmUpMB = renders ? rssMb(server.pid) : undefined;
  const results = [];
  let rendersPeakMB = 0;
  for (const s of scenarios) {
    const sampler = s.group === 'uncached' ? sampleRss(server.pid) : undefined;
    const r = await againstBare(server, s, connections, durationS, settings.rounds);
    if (sampler) rendersPeakMB = Math.max(rendersPeakMB, sampler.stop().peak);
    results.push({ group: s.group, ...r });
    say(
      `${s.name}: ${Math.round(r.product.rps)} req/s (${r.product.cpuUsPerRequest} µs CPU/req), p99 ${r.product.p99} ms; bare ${Math.round(r.bare.rps)} req/s (${r.bare.cpuUsPerRequest} µs); ratio ${r.ratio.toFixed(3)}`,
    );
  }
  const crawl = parts.has('crawl') ? await crawled(server, cachedPaths) : undefined;
  if (crawl) rendersPeakMB = Math.max(rendersPeakMB, crawl.peakMB);
  const memory = afterWarmUpMB === undefined ? undefined : { afterWarmUpMB, rendersPeakMB };
  if (memory)
    say(
      `server resident: ${Math.round(memory.afterWarmUpMB)} MiB after start and warm-up, ${Math.round(memory.rendersPeakMB)} MiB at most while rendering`,
    );
  if (!parts.has('wire')) return { scenarios: results, pages: [], api: [], crawl, memory };
  say('bytes on the wire');
  const pages = [];
  for (const p of [...cachedPaths, '/admin/']) pages.push(await firstLoad(server.url, p));
  const api = await apiWire(server.url, [
    '/api/products?limit=100',
    '/api/products?limit=12',
    `/api/products/${ids[0]}`,
    '/api/products?search=caterpillar&limit=24',
  ]);
  return { scenarios: results, pages, api, crawl, memory };
}

/**
 * What visitors of cached pages feel while a crawler asks pages no one asked before (issue #33): 45
 * connections on the cached pages and 5 on unique uncached URLs at the same time, the server's resident
 * memory sampled throughout.
 */
async function crawled(server: TestServer & { pid: number }, cachedPaths: string[]) {
  const sampler = sampleRss(server.pid);
  const [cached, crawler] = await Promise.all([
    measure(server.port, server.pid, { name: 'cached', paths: cachedPaths, headers: BROWSER_HEADERS }, 45, durationS),
    measure(
      server.port,
      server.pid,
      { name: 'crawler', paths: ['/annonces?crawl={n}', '/en/annonces?crawl={n}'], headers: BROWSER_HEADERS },
      5,
      durationS,
    ),
  ]);
  const { peak } = sampler.stop();
  say(
    `cached pages under a crawl: ${Math.round(cached.rps)} req/s, p99 ${cached.p99} ms; crawler ${Math.round(crawler.rps)} req/s, p99 ${crawler.p99} ms; resident at most ${Math.round(peak)} MiB`,
  );
  // CPU per answer is left out: both loads share the one server.
  return { cached: { ...cached, cpuUsPerRequest: 0 }, crawler: { ...crawler, cpuUsPerRequest: 0 }, peakMB: peak };
}

/** Search latency, and cached pages under writes against none. */
async function atSize(server: TestServer & { pid: number }, session: AdminSession, ids: number[]) {
  const search = parts.has('search') ? await searchTimes(server, session, settings.searchRounds) : undefined;
  if (search) say(`search: warm p50 ${search.warmP50} ms, after a write p50 ${search.afterWriteP50} ms (p99 ${search.afterWriteP99} ms)`);
  if (!parts.has('writes')) return { search };
  const cached: Scenario = {
    name: 'cached pages',
    paths: ['/', '/annonces', `/produit/${ids[0]}`, '/en/annonces'],
    headers: BROWSER_HEADERS,
  };
  const quiet = await measure(server.port, server.pid, cached, connections, durationS);
  const writer = adminWriter(server, session, settings.writePauseMs);
  const busy = await measure(server.port, server.pid, cached, connections, durationS);
  const writes = await writer.stop();
  say(
    `cached pages: ${Math.round(quiet.rps)} req/s without writes, ${Math.round(busy.rps)} req/s with ${writes.writes} writes (${(busy.rps / quiet.rps).toFixed(2)})`,
  );
  return {
    search,
    underWrites: { quiet, busy, ratio: busy.rps / quiet.rps, writes: writes.writes, writeFailures: writes.failures.length },
  };
}

/** Every chosen part on one engine, each catalogue seeded and served on it. */
async function benchOn(host: EngineHost): Promise<BenchResults> {
  const startedAt = new Date();
  const sizes: SizeResults[] = [];
  let visitorResults: Awaited<ReturnType<typeof visitors>> | undefined;
  let lh: Awaited<ReturnType<typeof lighthouse>> | undefined;
  for (const listings of settings.sizes) {
    say(`${ENGINE_NAMES[host.engine]}: seeding ${listings} listings`);
    const databaseEnv = await host.databaseEnv();
    const seedStart = performance.now();
    const dataDir = await seededDataDir(listings, databaseEnv);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    say(`seeded in ${seedSeconds.toFixed(1)} s`);
    const started = await startServer({ full: true, dataDir, env: databaseEnv });
    const server = Object.assign(started, { pid: started.process.pid! });
    try {
      const session = await signInAsAdmin(server);
      const ids = await listingIds(server, 100);
      if (!visitorResults && ['cached', 'cookies', 'uncached', 'wire'].some((p) => parts.has(p as Part))) {
        visitorResults = await visitors(server, ids, listings);
        if (process.env.LIGHTHOUSE_DIR) lh = await lighthouse(server.url, ['/', '/annonces', `/produit/${ids[0]}`, '/en/annonces']);
      }
      const measured = await atSize(server, session, ids);
      const lockErrors = (server.output().match(/SQLITE_BUSY|database is locked|deadlock detected|could not serialize/g) ?? []).length;
      sizes.push({ listings, seedSeconds, ...measured, lockErrors });
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  let upload;
  if (parts.has('upload')) {
    say('upload memory in a freshly started process (50 MB document)');
    const fresh = await startServer({ env: await host.databaseEnv() });
    try {
      const session = await signInAsAdmin(fresh);
      const created = await fresh.api('/products', { method: 'POST', headers: session.headers, json: listingWrittenUnderLoad(0) });
      const productId = ((await created.json()) as { id: number }).id;
      const fiftyMB = await uploadMemory(fresh, session, productId, 50_000_000);
      const fiftyMiB = await uploadMemory(fresh, session, productId, 50 * 1024 * 1024);
      upload = { fiftyMB, fiftyMiBStatus: fiftyMiB.status, fiftyMiBAnswer: fiftyMiB.answer };
      say(`upload 50 MB: ${fiftyMB.status}, RSS +${fiftyMB.deltaMB.toFixed(1)} MB; 50 MiB: ${fiftyMiB.status}`);
    } finally {
      await fresh.stop();
    }
  }

  // The subscribers are written straight into the SQLite file (addSubscribers): SQLite only.
  let newsletter;
  if (settings.subscribers > 0 && host.engine === 'sqlite') {
    const smtp = await countingSmtp();
    const mailServer = await startServer({ env: { NEWSLETTER_RATE_PER_SECOND: '0', MAIL_WORKER_INTERVAL_MS: '200' } });
    try {
      addSubscribers(mailServer.databasePath, settings.subscribers);
      newsletter = await newsletterRun(mailServer, await signInAsAdmin(mailServer), smtp.port, smtp.received, settings.subscribers);
    } finally {
      await mailServer.stop();
      await smtp.close();
    }
  }

  return {
    engine: host.engine,
    startedAt: startedAt.toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown', node: process.version, loadAverage: os.loadavg() },
    settings,
    visitors: visitorResults ?? { scenarios: [], pages: [], api: [] },
    sizes,
    upload,
    newsletter,
    lighthouse: lh,
  };
}

/** Errors under load and failed writes: the run fails with them (the report is written first). */
function failures(r: BenchResults): number {
  const errors = r.visitors.scenarios.reduce((n, s) => n + s.product.errors + s.product.timeouts + s.product.non2xx, 0);
  return r.sizes.reduce(
    (n, s) => n + s.lockErrors + (s.underWrites ? s.underWrites.writeFailures + s.underWrites.busy.errors + s.underWrites.busy.non2xx : 0),
    errors,
  );
}

// Ctrl-C or a kill still runs the exit handlers, which stop and remove the PostgreSQL cluster.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

let failed: boolean;
try {
  const results: BenchResults[] = [];
  for (const engine of engines) {
    const host = await engineHost(engine);
    try {
      results.push(await benchOn(host));
    } finally {
      await host.stop();
    }
  }
  const name = partial ? `report-${[...parts].join('-')}` : 'report';
  const written =
    results.length === 2
      ? writeBothReport(outDir, results as [BenchResults, BenchResults], `${name}-both`)
      : writeReport(outDir, results[0]!, engines[0] === 'sqlite' ? name : `${name}-${engines[0]}`);
  failed = results.some((r) => failures(r) > 0);
  say(`report: ${path.relative(process.cwd(), written)}${failed ? ' — with errors under load' : ''}`);
} catch (err) {
  failed = true;
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
}
process.exit(failed ? 1 : 0);
