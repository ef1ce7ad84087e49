// One origin, one process: /api → Hono (and /i, the pages' short path of its image variants), /admin → the
// built PWA (SPA fallback), site/dist/client → the static handler, every other GET → the page cache, whose
// misses Astro renders (README, "How a request flows").
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { CatalogueReader } from '@app/domain/catalogue-reader';
import { isEnglishHost, preferredLanguageRedirect } from '@app/domain/site-routing';
import type { App } from '../app.ts';
import type { Env } from '../env.ts';
import { fail } from './errors.ts';
import { compressResponse } from './compression.ts';
import { createPageCache } from './page-cache.ts';
import type { PageChanges } from '../services/page-changes.ts';
import { createVersion } from './data-version.ts';
import { drainThenClose, readUpTo } from './request-body.ts';
import { requestMessages } from '@app/domain/api-messages';
import { imagePathOf, SHORT_IMAGE_PATH } from '@app/domain/image-paths';

export type SiteHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void, locals?: object) => Promise<void>;

export type OriginParts = {
  /** Changes when any instance announces a write (app_meta 'data_version', db/src/data-version.ts); enables the page cache. */
  dataVersion?: () => string;
  api: App;
  /** The catalogue read in-process by the site's pages (no JSON round trip); absent, they ask `api`. */
  catalogue?: CatalogueReader;
  /** Astro's node handler in middleware mode; absent when only the API runs. */
  site?: SiteHandler;
  /** The built admin PWA (admin-pwa/dist); absent when only the API runs. */
  adminDir?: string;
  /** The site's built browser files (site/dist/client): Astro's middleware mode leaves them to its host. */
  siteClientDir?: string;
  /** Administrators' writes that changed what pages show, in this process (the API's deps.pages). */
  pageChanges?: PageChanges;
  /** The configuration parsed at start: the English host, and what the site's pages show (company, PUBLIC_URL as set). */
  env: Pick<Env, 'company' | 'PUBLIC_URL'>;
};

/** Serves the site's static files (precompressed .br/.gz written by its build); hashed /_astro/ files are immutable. */
export function createSiteAssets(clientDir: string) {
  const root = path.relative(process.cwd(), clientDir) || '.';
  const app = new Hono().use(
    '*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (file, c) => {
        c.header('Cache-Control', file.includes('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        c.header('X-Content-Type-Options', 'nosniff');
      },
    }),
  );
  const has = (url: string) => {
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    if (!/\.[A-Za-z0-9]+$/.test(pathname)) return false;
    try {
      const file = path.join(clientDir, path.normalize(decodeURIComponent(pathname)));
      return file.startsWith(clientDir + path.sep) && fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  return { has, listener: compressingListener(app) };
}

export function createAdminApp(adminDir: string) {
  const root = path.relative(process.cwd(), adminDir) || '.';
  const indexHtml = path.join(adminDir, 'index.html');
  // `file` may be the precompressed copy (sw.js.br).
  const noCache = (file: string) => /(?:index\.html|sw\.js|registerSW\.js|manifest\.webmanifest)(?:\.br|\.gz)?$/.test(file);
  return new Hono()
    .use(
      '*',
      secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
        referrerPolicy: 'same-origin',
        crossOriginEmbedderPolicy: false,
      }),
    )
    .use(
      '/admin/*',
      serveStatic({
        root,
        rewriteRequestPath: (p) => p.replace(/^\/admin/, ''),
        precompressed: true,
        onFound: (file, c) => {
          c.header('Cache-Control', noCache(file) ? 'no-cache' : 'public, max-age=31536000, immutable');
          // The worker's scope is '/admin' (one folder above the script) so /admin works offline too.
          if (/sw\.js(?:\.br|\.gz)?$/.test(file)) c.header('Service-Worker-Allowed', '/admin');
        },
      }),
    )
    .get('/admin', (c) => c.redirect('/admin/', 301))
    .get('/admin/*', (c) => {
      // SPA fallback: client routes such as /admin/annonces/new get the app shell.
      if (path.extname(c.req.path)) return fail(c, 404, requestMessages.notFound);
      c.header('Cache-Control', 'no-cache');
      return c.html(fs.readFileSync(indexHtml, 'utf8'));
    });
}

/** Public catalogue reads the page cache may hold (never downloads: they are counted). */
const CACHEABLE_API = /^\/api\/products(?:\/\d+)?(?:\?|$)/;

/** A Hono app as a node listener whose text answers leave compressed (see compression.ts). */
const compressingListener = (app: { fetch: (req: Request, env: unknown) => Response | Promise<Response> }) =>
  getRequestListener(async (req, env) => compressResponse(req, await app.fetch(req, env)));

/** The largest body a page's form may send (the API has its own limits). */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * The API as this request's visitor calls it: the address it sees (the socket's peer, or under TRUST_PROXY
 * the X-Forwarded-For the proxy wrote) is theirs, so a page's form posting for them counts against the same
 * per-address limits as their own JSON calls. The binding has @hono/node-server's shape for getConnInfo,
 * without the IncomingMessage itself: its body is the page's, already read.
 */
function asVisitor(api: App, req: IncomingMessage) {
  return {
    request(input: string, init?: RequestInit) {
      const headers = new Headers(init?.headers);
      const forwarded = req.headers['x-forwarded-for'];
      if (forwarded !== undefined) headers.set('x-forwarded-for', String(forwarded));
      return api.request(input, { ...init, headers }, { incoming: { socket: req.socket } });
    },
  };
}

/**
 * Every answer says nosniff, errors included: in the headers an answer is written with, or set before its
 * listener runs. A page from the cache has it among its kept headers (set before its render): set again
 * before a hit's writeHead, it sent Node down its slower path that merges the headers one by one, on the
 * answer most visitors get.
 */
const NOSNIFF = { 'x-content-type-options': 'nosniff' } as const;
type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;
const withNosniff =
  (listener: Listener): Listener =>
  (req, res) => {
    res.setHeader('x-content-type-options', 'nosniff');
    return listener(req, res);
  };

function refuseBody(req: IncomingMessage, res: ServerResponse) {
  const text = requestMessages.tooLarge;
  res
    .writeHead(413, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
      ...NOSNIFF,
    })
    .end(text);
  drainThenClose(req);
}

export function createOriginListener({ api, catalogue, site, adminDir, siteClientDir, dataVersion, pageChanges, env }: OriginParts) {
  // An administrator's write that changed what pages show moves the page cache's version on; other
  // instances' writes reach it through dataVersion.
  const version = dataVersion ? createVersion(dataVersion) : undefined;
  if (version) pageChanges?.subscribe(version.written);
  const pageCache = site && version ? createPageCache({ version: version.current }) : undefined;
  const rawApiListener = getRequestListener(api.fetch);
  const apiAnswer = withNosniff(compressingListener(api));
  const admin =
    adminDir && fs.existsSync(path.join(adminDir, 'index.html')) ? withNosniff(compressingListener(createAdminApp(adminDir))) : undefined;
  const siteAssets = site && siteClientDir && fs.existsSync(siteClientDir) ? createSiteAssets(siteClientDir) : undefined;
  const assets = siteAssets && withNosniff(siteAssets.listener);
  const englishHost = env.company.englishHost;
  const config = { company: env.company, publicUrl: env.PUBLIC_URL };
  // What the site keeps between requests (its sitemap, the queries it validated): one object for this
  // instance, which the site fills on its first request (site/src/lib/site-state.ts, decision 118).
  const state = {};
  const notFound = (res: ServerResponse) => {
    res.writeHead(404, { 'content-type': 'application/json', ...NOSNIFF }).end(JSON.stringify({ error: requestMessages.notFound }));
  };
  const throughCache =
    pageCache &&
    ((req: IncomingMessage, res: ServerResponse, render: () => unknown) =>
      pageCache.handle(req, res, () => {
        res.setHeader('x-content-type-options', 'nosniff');
        return render();
      }));

  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    // The pages' short name of an image variant: the API's route answers it (domain/src/image-paths.ts).
    const imagePath = url.startsWith(SHORT_IMAGE_PATH) ? imagePathOf(url) : null;
    if (imagePath) {
      req.url = imagePath;
      return apiAnswer(req, res);
    }
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      if (throughCache && CACHEABLE_API.test(url)) return throughCache(req, res, () => rawApiListener(req, res));
      return apiAnswer(req, res);
    }
    if (url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?')) {
      return admin ? admin(req, res) : notFound(res);
    }
    if (!site) return notFound(res);
    if (assets && (req.method === 'GET' || req.method === 'HEAD') && siteAssets?.has(url)) return assets(req, res);
    if (req.method === 'GET' && req.headers.cookie) {
      // The stored language choice is a redirect, the one answer that reads a cookie: the pages never do.
      const query = url.indexOf('?');
      const [pathname, search] = query < 0 ? [url, ''] : [url.slice(0, query), url.slice(query)];
      const onEnglishHost = isEnglishHost(req.headers.host ?? '', englishHost);
      const location = preferredLanguageRedirect({ pathname, search, cookie: req.headers.cookie, onEnglishHost });
      if (location) {
        res.writeHead(302, { location, 'cache-control': 'private, no-store', vary: 'Cookie', 'content-length': 0, ...NOSNIFF });
        return res.end();
      }
    }
    // The site reads the catalogue in-process (locals.catalogue) and calls the API app for the rest; a page's
    // form that posts on the visitor's behalf (the contact form without JavaScript) calls it as the visitor.
    const render = () => site(req, res, () => notFound(res), { api, visitorApi: asVisitor(api, req), catalogue, config, state });
    const serve = () => (throughCache ? throughCache(req, res, render) : withNosniff(render)(req, res));
    if (req.method === 'GET' || req.method === 'HEAD') return serve();
    // A page's form (the theme, a newsletter confirmation) is a few hundred bytes: its body is read here,
    // bounded, and handed to Astro whole (which would read up to 1 GiB into memory).
    return readUpTo(req, MAX_FORM_BYTES).then(
      (body) => {
        if (!body) return refuseBody(req, res);
        Object.assign(req, { body });
        return serve();
      },
      () => res.destroy(),
    );
  };
}
