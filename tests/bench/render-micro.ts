// `node tests/bench/render-micro.ts <path> [dist-a dist-b …]`: the CPU one render costs, with no HTTP, no
// compression and no other thread, for comparing builds of the site on a noisy machine (issue #17).
// Each build (a copy of site/dist, relative to site/; default: dist) renders in this process in turn, in
// rounds of BATCH renders (default 100), ROUNDS times (default 25); the median and the lowest CPU µs per
// render of each are printed (the machine's noise only ever adds: the lowest is the steadier figure). `{n}` in the path becomes the render's number. Needs DATABASE_PATH (and DATA_DIR) of a
// seeded catalogue; DUMP=<path> prints that page of the first build instead.
import { type IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '@app/db';
import { databaseConfig, parseEnv } from '../../api/src/env.ts';
import type { SiteHandler } from '../../api/src/http/origin.ts';
import { captureResponse } from '../../api/src/http/response-capture.ts';
import { createDeps } from '../../api/src/deps.ts';
import { createCatalogueReader } from '../../api/src/services/catalogue-reader.ts';
import { createLogger } from '../../api/src/services/logger.ts';
import { repoRoot } from '../support/server.ts';

const env = parseEnv(process.env);
const db = await openDatabase({ ...databaseConfig(env), poolSize: 4 });
const catalogue = createCatalogueReader(createDeps({ db, env, log: createLogger('silent') }));
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const api = { request: () => Promise.reject(new Error('no API here')) };
const builds = process.argv.slice(3).length ? process.argv.slice(3) : ['dist'];
const sites = new Map<string, SiteHandler>();
for (const b of builds)
  sites.set(
    b,
    ((await import(pathToFileURL(path.join(repoRoot, 'site', b, 'server/entry.mjs')).href)) as { handler: SiteHandler }).handler,
  );

/** A request that came over no connection, with the response to answer it on. */
function requestWithoutConnection(method: string, url: string, headers: IncomingHttpHeaders) {
  const req = new IncomingMessage({} as Socket);
  req.method = method;
  req.url = url;
  req.headers = headers;
  req.push(null);
  return { req, res: new ServerResponse(req) };
}

function render(site: SiteHandler, url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { req, res } = requestWithoutConnection('GET', url, { host: 'localhost', 'accept-encoding': 'br, gzip', accept: 'text/html' });
    captureResponse(res, ({ body }) => resolve(body));
    site(req, res, () => reject(new Error('no route')), { api, catalogue }).catch(reject);
  });
}

if (process.env.DUMP) {
  process.stdout.write(await render(sites.get(builds[0]!)!, process.env.DUMP));
  process.exit(0);
}
const pattern = process.argv[2] ?? '/annonces?r={n}';
const batch = Number(process.env.BATCH ?? 100);
const rounds = Number(process.env.ROUNDS ?? 25);
let n = 0;
const runBatch = async (site: SiteHandler, count: number) => {
  const start = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    bytes += (await render(site, pattern.replace('{n}', String(n++)))).length;
    // A turn of the event loop between renders, as a server has: queued process.nextTick callbacks run only
    // once no promise job is left, and would otherwise keep every render of the batch alive.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const cpu = process.cpuUsage(start);
  return { us: (cpu.user + cpu.system) / count, bytes: bytes / count };
};
for (const site of sites.values()) await runBatch(site, batch); // warm-up
const results = new Map(builds.map((b) => [b, [] as number[]]));
const sizes = new Map<string, number>();
for (let r = 0; r < rounds; r++) {
  for (const [b, site] of sites) {
    const { us, bytes } = await runBatch(site, batch);
    results.get(b)!.push(us);
    sizes.set(b, bytes);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const base = results.get(builds[0]!)!;
for (const [b, xs] of results) {
  const [m, low] = [median(xs), Math.min(...xs)];
  console.log(
    `${b}: median ${Math.round(m)} µs CPU per render (×${(m / median(base)).toFixed(3)}), lowest ${Math.round(low)} µs (×${(low / Math.min(...base)).toFixed(3)}), ${Math.round(sizes.get(b)!)} B`,
  );
}
process.exit(0);
