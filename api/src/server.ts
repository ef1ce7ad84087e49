// Process entry: serves the API, the admin PWA and the public site on one port (PORT).
// API_ONLY=true serves the API alone. Stops gracefully on SIGTERM / SIGINT.
import { createServer } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import './drizzle-resolve.ts';
import type { SiteHandler } from './http/origin.ts';

// Imported once drizzle-resolve.ts is in place: static imports are all resolved before any module runs.
const { otherCommitsOf } = await import('@app/db');
const { boot } = await import('./boot.ts');
const { ConfigError } = await import('./env.ts');
const { answerClientError } = await import('./http/client-error.ts');
const { createOriginListener } = await import('./http/origin.ts');
const { createCatalogueReader } = await import('./services/catalogue-reader.ts');
const { startJobs } = await import('./services/jobs.ts');

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { deps, app, firstAdmin } = await boot().catch((err: unknown) => {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
const { env, log } = deps;
const stopJobs = startJobs(deps);

const catalogue = createCatalogueReader(deps);
let site: SiteHandler | undefined;
let adminDir: string | undefined;
if (!env.API_ONLY) {
  const siteEntry = path.join(repoRoot, 'site/dist/server/entry.mjs');
  if (fs.existsSync(siteEntry)) {
    process.env.ASTRO_NODE_AUTOSTART = 'disabled';
    site = ((await import(pathToFileURL(siteEntry).href)) as { handler: SiteHandler }).handler;
  } else {
    log.warn('public site not built: run `npm run build`', { expected: siteEntry });
  }
  adminDir = path.join(repoRoot, 'admin-pwa/dist');
  if (!fs.existsSync(path.join(adminDir, 'index.html'))) log.warn('admin PWA not built: run `npm run build`', { expected: adminDir });
}

const siteClientDir = site ? path.join(repoRoot, 'site/dist/client') : undefined;
const dataVersion = await otherCommitsOf(deps.db);
const server = createServer(
  createOriginListener({ api: app, catalogue, site, adminDir, siteClientDir, dataVersion, pageChanges: deps.pages, env }),
);
server.keepAliveTimeout = 65_000;
server.on('clientError', answerClientError);
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const base = `http://localhost:${port}`;
  log.info('listening', { port, url: base });
  const lines = [
    '',
    `  Public site (FR)  ${base}/`,
    `  Public site (EN)  ${base}/en/`,
    `  Back office       ${base}/admin/`,
    `  API               ${base}/api/  (reference: ${base}/api/docs)`,
  ];
  if (firstAdmin) {
    lines.push('', '  First administrator (must change this password at first sign-in):', `    e-mail:   ${firstAdmin.email}`);
    lines.push(firstAdmin.generated ? `    password: ${firstAdmin.password}` : '    password: the value of ADMIN_PASSWORD');
  }
  process.stderr.write(`${lines.join('\n')}\n\n`);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info('shutting down', { signal });
  server.close(() => {
    void stopJobs()
      .then(() => deps.db.$close())
      .finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
