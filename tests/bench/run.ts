// `pnpm bench`: seeds 10,000 listings in a temporary folder, runs the real server, measures throughput
// and latency at 50 and 100 connections on the public targets against a bare Node server serving the
// same bytes, with an administrator writing meanwhile; then upload memory, newsletter throughput,
// shipped JavaScript and Lighthouse. Writes bench-results/report.{md,json} and chart.svg.
// Settings: BENCH_LISTINGS, BENCH_DURATION (s), BENCH_ROUNDS, BENCH_CONNECTIONS ("50,100"), BENCH_SUBSCRIBERS,
// BENCH_WRITE_PAUSE_MS (pause between the administrator's writes during the load; default 1000 ms, i.e.
// 3,600 listings an hour — far above a real back office; 50 gives the write-heavy worst case).
import os from 'node:os';
import path from 'node:path';
import { signInAsAdmin } from '../support/auth.ts';
import { repoRoot, startServer } from '../support/server.ts';
import { adminWriter, load, publicTargets, seededDataDir, type LoadResult } from '../load/scenario.ts';
import { addSubscribers, bareServer, controlServer, countingSmtp, lighthouse, newsletterRun, pageWeight, uploadMemory } from './measures.ts';
import { summarize, writeReport, type BenchResults, type Row } from './report.ts';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  listings: num('BENCH_LISTINGS', 10_000),
  durationS: num('BENCH_DURATION', 10),
  rounds: num('BENCH_ROUNDS', 2),
  connections: (process.env.BENCH_CONNECTIONS ?? '50,100').split(',').map(Number),
  subscribers: num('BENCH_SUBSCRIBERS', 10_000),
  writePauseMs: num('BENCH_WRITE_PAUSE_MS', 1000),
};
const outDir = path.join(repoRoot, 'bench-results');
const say = (msg: string) => process.stderr.write(`› ${msg}\n`);

const started = new Date();
say(`seeding ${settings.listings} listings`);
const seedStart = performance.now();
const dataDir = await seededDataDir(settings.listings);
const seedSeconds = (performance.now() - seedStart) / 1000;

const server = await startServer({ full: true, dataDir });
let failed: boolean;
try {
  const session = await signInAsAdmin(server);
  const targets = await publicTargets(server, session);
  for (const t of targets) {
    const res = await fetch(`${server.url}${t.path}`);
    if (res.status !== 200) throw new Error(`${t.name} (${t.path}) answered ${res.status}: build the site first (npm run build)`);
  }
  const bare = await bareServer(server, targets);

  const writer = adminWriter(server, session, settings.writePauseMs);
  const rows: Row[] = [];
  for (const connections of settings.connections) {
    const rounds = connections === Math.max(...settings.connections) ? settings.rounds : 1;
    for (const t of targets) {
      const app: LoadResult[] = [];
      for (let round = 0; round < rounds; round++) app.push(await load(server.url, t.name, [t.path], { connections, durationS: settings.durationS }));
      const baseline = await load(bare.url, `${t.name} (bare)`, [t.path], { connections, durationS: Math.max(2, Math.round(settings.durationS / 2)) });
      const row: Row = { target: t.name, connections, app, bare: baseline, bytes: bare.bytes[t.path] ?? 0 };
      rows.push(row);
      const s = summarize(row);
      say(`${t.name} @${connections}: ${Math.round(s.rps)} req/s, p50 ${s.p50} ms, p99 ${s.p99} ms, errors ${s.errors}, timeouts ${s.timeouts}, non-2xx ${s.non2xx}; bare ${Math.round(baseline.rps)} req/s`);
    }
  }
  const writes = await writer.stop();
  await bare.close();

  // The control: the same connections against a bare server that burns the CPU a page render costs.
  const top = Math.max(...settings.connections);
  const control = await controlServer(6);
  const controlRun = await load(control.url, 'control: node:http + 6 ms CPU per request', ['/'], { connections: top, durationS: settings.durationS });
  control.close();
  say(`control @${top}: ${Math.round(controlRun.rps)} req/s, p50 ${controlRun.latencyP50} ms, p99 ${controlRun.latencyP99} ms, timeouts ${controlRun.timeouts}`);
  const sqliteBusy = (server.output().match(/SQLITE_BUSY|database is locked/g) ?? []).length;
  say(`admin writes during load: ${writes.writes}, failures ${writes.failures.length}, SQLITE_BUSY ${sqliteBusy}`);

  say('upload memory (50 MB document)');
  const productId = Number(/\/produit\/(\d+)/.exec(targets.find((t) => t.name === 'product page')!.path)![1]);
  const upload = await uploadMemory(server, session, productId, 50 * 1024 * 1024 - 64 * 1024);
  say(`upload: ${upload.status} in ${upload.seconds.toFixed(2)} s, RSS +${upload.deltaMB.toFixed(1)} MB`);

  say('shipped JavaScript per page');
  const pagePaths = ['/', '/annonces', targets.find((t) => t.name === 'product page')!.path, '/documentation', '/contact', '/en/', '/admin/'];
  const pages = [];
  for (const p of pagePaths) pages.push(await pageWeight(server.url, p));

  say('lighthouse');
  const productPath = targets.find((t) => t.name === 'product page')!.path;
  const lh = await lighthouse(server.url, ['/', '/annonces', productPath, '/contact', '/en/', '/en/annonces', `/en${productPath}`, '/en/contact']);
  say(lh.available ? `lighthouse: ${lh.scores.length} pages` : `lighthouse not run: ${lh.reason}`);
  await server.stop();

  say(`newsletter to ${settings.subscribers} subscribers`);
  const smtp = await countingSmtp();
  const mailServer = await startServer({ env: { NEWSLETTER_RATE_PER_SECOND: '0', MAIL_WORKER_INTERVAL_MS: '200' } });
  let newsletter;
  try {
    addSubscribers(mailServer.databasePath, settings.subscribers);
    newsletter = await newsletterRun(mailServer, await signInAsAdmin(mailServer), smtp.port, smtp.received, settings.subscribers);
  } finally {
    await mailServer.stop();
    await smtp.close();
  }
  say(`newsletter: ${newsletter.sent} sent in ${newsletter.seconds.toFixed(1)} s (${Math.round(newsletter.perSecond)}/s), peak RSS ${newsletter.peakMB.toFixed(1)} MB`);

  const results: BenchResults = {
    startedAt: started.toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? 'unknown', node: process.version, memoryGB: os.totalmem() / 1024 ** 3 },
    settings,
    seedSeconds,
    rows,
    control: controlRun,
    adminWrites: { writes: writes.writes, failures: writes.failures.length, sqliteBusy },
    upload,
    newsletter,
    pages,
    lighthouse: lh,
  };
  writeReport(outDir, results);
  const bad = rows.map(summarize).reduce((n, s) => n + s.errors + s.timeouts + s.non2xx, 0) + writes.failures.length + sqliteBusy + (upload.status === 201 ? 0 : 1);
  failed = bad > 0;
  say(`report: ${path.relative(process.cwd(), path.join(outDir, 'report.md'))}${failed ? ' — with failures' : ''}`);
} catch (err) {
  failed = true;
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
