// `node tests/bench/render-cpu.ts [seconds]`: the CPU one uncached render costs the server, quickly, for
// working on it (issue #17; the full comparison with a bare server is `BENCH_PARTS=uncached npm run bench`).
// Serves the built site over a catalogue seeded once and kept in the temporary folder, warms it up, then
// loads `/annonces?r=<n>` and distinct `/produit/{id}` pages and prints CPU µs per answer (all the
// server's threads, from /proc) with req/s and latencies. CPU per answer moves far less with the shared
// machine's load than req/s does, split by kind of thread. ONLY=annonces|produit picks one; CONNS (default 50) the connections;
// LISTINGS (default 10000) the catalogue; PROF=<folder> writes the server's .cpuprofile there; PATHS=<a,b> loads
// those paths instead ({n} in a path becomes the request's number), e.g. PATHS='/mentions-legales?r={n}'.
// TIMELINE=1 also prints the run's slow 100 ms windows (an answer over twice the median) beside the
// server's garbage-collection pauses of 5 ms or more in them (gc-pauses.ts), to tell its stalls apart.
// SERVER_NODE_OPTIONS=<flags> starts the server with those Node/V8 flags, e.g. '--max-semi-space-size=8';
// SERVER_OUTPUT=<file> keeps what the server printed (with '--trace-gc', its collections).
// BENCH_ENGINE=postgres seeds a throwaway cluster's database instead (engines.ts) and adds its server
// processes' CPU per answer ("postgres").
// MEMORY=1 also prints what the resident memory is made of after the warm-up and at the peak: V8's heap
// spaces, external memory and /proc/<pid>/smaps_rollup (memory-parts.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../support/server.ts';
import { chosenEngines, engineHost } from './engines.ts';
import { seededDataDir } from '../load/scenario.ts';
import type { GcPause } from './gc-pauses.ts';
import type { MemoryParts } from './memory-parts.ts';
import { statusMb } from './measures.ts';
import type { LoadStats } from './loadgen.ts';
import { BROWSER_HEADERS, measure } from './visitors.ts';

/** CPU ticks so far per kind of thread of a process (MainThread, WorkerThread, libuv-worker, V8Worker…), from /proc/<pid>/task. */
function threadTicks(pid: number): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(name, (ticks.get(name) ?? 0) + Number(fields[11]) + Number(fields[12]));
    } catch {
      // a thread that ended meanwhile
    }
  }
  return ticks;
}

/** CPU ticks so far of the PostgreSQL server processes (named `postgres`) on this machine. */
function postgresTicks(): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // a process that ended meanwhile
    }
  }
  return ticks;
}

const listings = Number(process.env.LISTINGS ?? 10000);
const [engine] = chosenEngines();
const host = await engineHost(engine!);
const databaseEnv = await host.databaseEnv();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-render-run-'));
if (engine === 'postgres') {
  fs.rmSync(dataDir, { recursive: true });
  fs.renameSync(await seededDataDir(listings, databaseEnv), dataDir);
} else {
  const kept = path.join(os.tmpdir(), `pm-render-cpu-${listings}`);
  if (!fs.existsSync(path.join(kept, 'app.db'))) {
    const seeded = await seededDataDir(listings);
    fs.cpSync(seeded, kept, { recursive: true });
    fs.rmSync(seeded, { recursive: true, force: true });
  }
  // A copy per run: the server writes (sessions, the storage sweep), the kept catalogue stays as seeded.
  fs.cpSync(kept, dataDir, { recursive: true });
}
const timeline = process.env.TIMELINE === '1';
const gcFile = path.join(dataDir, 'gc-pauses.jsonl');
const memoryParts = process.env.MEMORY === '1';
const partsFile = path.join(dataDir, 'memory-parts.json');
const nodeOptions = [
  process.env.SERVER_NODE_OPTIONS ?? '',
  process.env.PROF ? `--cpu-prof --cpu-prof-dir=${process.env.PROF}` : '',
  timeline ? `--import ${path.join(import.meta.dirname, 'gc-pauses.ts')}` : '',
  memoryParts ? `--import ${path.join(import.meta.dirname, 'memory-parts.ts')}` : '',
].filter(Boolean);
const server = await startServer({
  full: true,
  dataDir,
  env: {
    ...databaseEnv,
    ...(nodeOptions.length ? { NODE_OPTIONS: nodeOptions.join(' ') } : {}),
    ...(timeline ? { GC_PAUSES_FILE: gcFile } : {}),
    ...(memoryParts ? { MEMORY_PARTS_FILE: partsFile } : {}),
  },
});

/**
 * The 100 ms windows of a run (by when answers arrived) whose slowest answer took over twice the median,
 * each with the GC pauses that began while that answer was awaited.
 */
async function printSlowWindows(stats: LoadStats) {
  await new Promise((resolve) => setTimeout(resolve, 500)); // gc-pauses.ts writes every 200 ms
  const pauses = fs.existsSync(gcFile)
    ? fs
        .readFileSync(gcFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as GcPause)
    : [];
  const answers = stats.timeline ?? [];
  const start = answers.reduce((first, [sent]) => Math.min(first, sent), Infinity);
  const windows = new Map<number, { answers: number; slowest: number; sent: number }>();
  for (const [sent, ms] of answers) {
    const i = Math.floor((sent + ms - start) / 100);
    const w = windows.get(i) ?? { answers: 0, slowest: 0, sent };
    w.answers++;
    if (ms > w.slowest) Object.assign(w, { slowest: ms, sent });
    windows.set(i, w);
  }
  const slow = [...windows].filter(([, w]) => w.slowest > 2 * stats.p50).sort(([a], [b]) => a - b);
  for (const [i, w] of slow) {
    const inside = pauses.filter((p) => p.at >= w.sent && p.at < start + (i + 1) * 100);
    const gc = inside.map((p) => `${p.thread === 0 ? 'main' : `thread ${p.thread}`} ${p.kind} ${p.ms.toFixed(0)} ms`).join(', ');
    console.log(`  ${(i / 10).toFixed(1)} s: ${w.answers} answers, slowest ${w.slowest.toFixed(0)} ms${gc ? `; GC: ${gc}` : ''}`);
  }
  console.log(`  slow windows: ${slow.length} of ${windows.size}`);
}
/** Prints the server's memory parts (MiB): now, or at the most resident reading since it started. */
async function printMemoryParts(pid: number, which: 'now' | 'peak') {
  if (!memoryParts) return;
  await new Promise((resolve) => setTimeout(resolve, 100)); // memory-parts.ts writes every 50 ms
  const parts = (JSON.parse(fs.readFileSync(partsFile, 'utf8')) as Record<string, MemoryParts>)[which]!;
  const shown = Object.entries(parts)
    .filter(([name, mib]) => !name.endsWith('.used') || mib >= 1)
    .filter(([name, mib]) => !name.endsWith('.size') || mib >= 1)
    .map(([name, mib]) => `${name} ${mib.toFixed(1)}`);
  console.log(`    ${which === 'now' ? 'parts' : 'parts at the peak'}: ${shown.join(', ')}`);
  if (which === 'now') {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0) / 1024;
    console.log(
      `    smaps_rollup: Rss ${field('Rss').toFixed(1)}, Anonymous ${field('Anonymous').toFixed(1)}, file-backed ${(field('Rss') - field('Anonymous')).toFixed(1)}`,
    );
  }
}
try {
  const pid = server.process.pid!;
  const seconds = Number(process.argv[2] ?? 5);
  const connections = Number(process.env.CONNS ?? 50);
  const newest = ((await (await server.api('/products?limit=1&sort=date&order=desc')).json()) as { items: { id: number }[] }).items[0]!.id;
  const products = Array.from({ length: listings }, (_, i) => `/produit/${newest - i}`);
  // Warm-up (JIT, SQLite's page cache) on pages the measured runs do not ask.
  const warmUp = { name: 'warm-up', paths: ['/annonces?w={n}', ...products.slice(Math.floor(listings * 0.9))], headers: BROWSER_HEADERS };
  await measure(server.port, pid, warmUp, connections, 2);
  console.log(`  memory after start and warm-up: resident ${Math.round(statusMb(pid, 'VmRSS'))} MB`);
  await printMemoryParts(pid, 'now');
  const scenarios = process.env.PATHS
    ? [{ name: process.env.PATHS, paths: process.env.PATHS.split(',') }]
    : [
        { name: 'annonces', paths: ['/annonces?r={n}'] },
        { name: 'produit', paths: products.slice(0, Math.floor(listings * 0.8)) },
      ].filter((s) => !process.env.ONLY || s.name === process.env.ONLY);
  for (const s of scenarios) {
    const before = threadTicks(pid);
    const postgresBefore = postgresTicks();
    if (timeline) fs.rmSync(gcFile, { force: true }); // pauses of the warm-up
    const m = await measure(server.port, pid, { ...s, headers: BROWSER_HEADERS }, connections, seconds, { timeline });
    const after = threadTicks(pid);
    if (engine === 'postgres') after.set('postgres', postgresTicks() - postgresBefore);
    // Per thread kind, µs per answer (a tick is 10 ms: short runs round coarsely).
    const split = [...after]
      .map(([name, t]) => [name, Math.round(((t - (before.get(name) ?? 0)) * 10_000) / m.requests)] as const)
      .filter(([, us]) => us > 0);
    console.log(`  by thread: ${split.map(([name, us]) => `${name} ${us} µs`).join(', ')}`);
    if (timeline) await printSlowWindows(m);
    console.log(
      `${s.name}: ${Math.round(m.rps)} req/s, ${m.cpuUsPerRequest} µs CPU/req, p50 ${m.p50} ms, p99 ${m.p99} ms, n=${m.requests}, errors ${m.errors + m.timeouts + m.non2xx}`,
    );
  }
  // The memory this costs: resident now, and the most the server has held since it started.
  console.log(`  memory: resident ${Math.round(statusMb(pid, 'VmRSS'))} MB, at most ${Math.round(statusMb(pid, 'VmHWM'))} MB`);
  await printMemoryParts(pid, 'now');
  await printMemoryParts(pid, 'peak');
} finally {
  await server.stop('SIGINT'); // SIGINT: a clean exit, which writes the profile
  if (process.env.SERVER_OUTPUT) fs.writeFileSync(process.env.SERVER_OUTPUT, server.output());
  fs.rmSync(dataDir, { recursive: true, force: true });
  await host.stop();
}
