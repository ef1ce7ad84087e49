// What visitors get, as a ratio to a bare server: each scenario is recorded from the product (exact
// status, headers and bytes, with the visitor's headers), replayed by a bare node:http process, and both
// are loaded the same way in the same run, with each server's CPU time per answer read from /proc.
import { execFileSync, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { runLoad, type LoadStats } from './loadgen.ts';
import { routeOf, type Recording } from './replay-server.ts';

export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json;q=0.9,*/*;q=0.8' };
// A returning French visitor: theme and analytics cookies, and the language they chose (lang=en would be
// redirected from the French pages to their /en/ twins, decision 078, before any page is served).
export const COOKIE_HEADERS = { ...BROWSER_HEADERS, cookie: 'lang=fr; theme=dark; _ga=GA1.1.1234567890.1700000000' };

export type Scenario = { name: string; paths: string[]; headers: Record<string, string> };
export type Measured = LoadStats & { cpuUsPerRequest: number };
export type ScenarioResult = { name: string; connections: number; product: Measured; bare: Measured; ratio: number };

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User + system CPU seconds a process has used so far (/proc/<pid>/stat, fields 14 and 15). */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** One raw GET (no decompression): what a browser with these headers is sent. */
export function rawGet(baseUrl: string, pathname: string, headers: Record<string, string>, agent?: http.Agent): Promise<Recording> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${pathname}`, { headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const kept = Object.entries(res.headers).filter(
            ([k]) => !['connection', 'keep-alive', 'date', 'transfer-encoding', 'content-length'].includes(k),
          );
          resolve({
            path: pathname,
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(kept.map(([k, v]) => [k, String(v)])),
            body: Buffer.concat(chunks),
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Loads one server for a while and measures its CPU per answer. */
export async function measure(
  port: number,
  pid: number,
  scenario: Scenario,
  connections: number,
  durationS: number,
  { from = 0, timeline = false } = {},
): Promise<Measured> {
  const before = cpuSeconds(pid);
  const stats = await runLoad({ port, paths: scenario.paths, headers: scenario.headers, connections, durationS, from, timeline });
  const cpu = cpuSeconds(pid) - before;
  return { ...stats, cpuUsPerRequest: stats.requests ? Math.round((cpu * 1e6) / stats.requests) : 0 };
}

/** A bare replay server in its own process, answering the recordings. */
export async function replayServer(recordings: Recording[]) {
  const child = fork(path.join(import.meta.dirname, 'replay-server.ts'), [], { stdio: 'ignore', serialization: 'advanced' });
  child.send(recordings);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve(m as number));
    child.once('exit', (code) => reject(new Error(`replay server exited with ${code}`)));
  });
  return { port, pid: child.pid!, close: () => void child.kill() };
}

const best = (runs: Measured[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));

/**
 * The product and its bare replay, loaded alike, alternating for `rounds` rounds; each side keeps its best
 * round (the machine is shared: the best run is the one the other work disturbed least).
 * Ratio = product req/s ÷ bare req/s.
 */
export async function againstBare(
  server: { url: string; port: number; pid: number },
  scenario: Scenario,
  connections: number,
  durationS: number,
  rounds = 1,
): Promise<ScenarioResult> {
  // One answer per route: the replay answers every request of that route with it.
  const samples = [...new Map(scenario.paths.map((p) => [routeOf(p), p.replace('{n}', '0')])).values()];
  const recordings = await Promise.all(samples.map((p) => rawGet(server.url, p, scenario.headers)));
  const bad = recordings.find((r) => r.status !== 200);
  if (bad) throw new Error(`${scenario.name}: ${bad.path} answered ${bad.status}`);
  const bare = await replayServer(recordings);
  try {
    const productRuns: Measured[] = [];
    const bareRuns: Measured[] = [];
    // Each product round goes on from where the last one stopped: an uncached scenario's second round
    // would otherwise ask the pages its first one just rendered, answered from memory if still kept.
    let asked = 0;
    for (let round = 0; round < rounds; round++) {
      productRuns.push(await measure(server.port, server.pid, scenario, connections, durationS, { from: asked }));
      asked += productRuns.at(-1)!.requests + connections;
      bareRuns.push(await measure(bare.port, bare.pid, scenario, connections, durationS));
    }
    const product = best(productRuns);
    const baseline = best(bareRuns);
    // Errors count over every round, not only the best.
    const failures = { errors: sum(productRuns, 'errors'), timeouts: sum(productRuns, 'timeouts'), non2xx: sum(productRuns, 'non2xx') };
    return { name: scenario.name, connections, product: { ...product, ...failures }, bare: baseline, ratio: product.rps / baseline.rps };
  } finally {
    bare.close();
  }
}

const sum = (runs: Measured[], key: 'errors' | 'timeouts' | 'non2xx') => runs.reduce((n, r) => n + r[key], 0);
