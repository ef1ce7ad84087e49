// GET /sitemap.xml: every public page and every listing from the database, each with its French
// and English alternates (hreflang) and, for listings, the date of the last change.
// Reading every listing takes one API call per 100 of them, so the document is kept (in the instance's
// state, src/lib/site-state.ts) and rebuilt only when the catalogue's version changes: its count and its
// most recent change (id and time).
// It is compressed once per build (7 MB of XML for 10,000 listings, a few hundred KB compressed).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { APIRoute } from 'astro';
import { alternates } from '@app/domain/site-routing';
import { readProducts } from '../lib/catalogue.server.ts';
import type { BuiltSitemap as Built } from '../lib/site-state.ts';

const PAGES = [
  '/',
  '/annonces',
  '/documentation',
  '/contact',
  '/mentions-legales',
  '/politique-confidentialite',
  '/conditions-utilisation',
];
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function entries(publicUrl: string, path: string, lastmod?: string): string {
  const alt = alternates(publicUrl, path);
  const links = (['fr', 'en', 'x-default'] as const)
    .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escape(alt[l])}"/>`)
    .join('');
  const mod = lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : '';
  return [alt.fr, alt.en].map((loc) => `<url><loc>${escape(loc)}</loc>${mod}${links}</url>`).join('\n');
}

/** One call: a listing added, removed or edited changes the count or the most recent change. */
async function catalogueVersion(locals: App.Locals): Promise<string> {
  const latest = await readProducts(locals, 'limit=1&sort=updated&order=desc');
  const top = latest.items[0];
  return `${latest.total}:${top?.id ?? 0}:${top?.updatedAt ?? ''}`;
}

async function build(locals: App.Locals): Promise<string> {
  const out = PAGES.map((p) => entries(locals.publicUrl, p));
  for (let page = 1; page <= 1000; page++) {
    const list = await readProducts(locals, `page=${page}&limit=100&sort=date&order=desc`);
    for (const p of list.items) out.push(entries(locals.publicUrl, `/produit/${p.id}`, p.updatedAt));
    if (page >= list.pages) break;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${out.join('\n')}\n</urlset>\n`;
}

const compressors = {
  br: (xml: string) => promisify(brotliCompress)(xml, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (xml: string) => promisify(gzip)(xml, { level: 6 }),
};

/** The body in the best encoding the client accepts, each encoding made once per build. */
function encode(built: Built, accept: string): { body: string | Buffer | Promise<Buffer>; encoding?: 'br' | 'gzip' } {
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
  if (!encoding) return { body: built.xml };
  built.encoded[encoding] ??= compressors[encoding](built.xml);
  return { body: built.encoded[encoding], encoding };
}
/** The instance's last build (locals.state.sitemap); concurrent requests for a version being built share that build. */
async function sitemap(locals: App.Locals): Promise<Built> {
  const memo = locals.state.sitemap;
  const key = `${locals.publicUrl}|${await catalogueVersion(locals)}`;
  if (memo.kept?.key === key) return memo.kept;
  if (memo.building?.key !== key) {
    const done = build(locals).then((xml) => {
      // The ETag follows the content (an edit on the same day leaves it); Last-Modified is the build time.
      const built = {
        key,
        xml,
        etag: `W/"${createHash('sha1').update(xml).digest('base64url').slice(0, 22)}"`,
        lastModified: new Date().toUTCString(),
        encoded: {},
      };
      // A build overtaken by a newer version's answers its own requests but does not replace it.
      if (memo.building?.done === done || !memo.kept) memo.kept = built;
      if (memo.building?.done === done) memo.building = null;
      return built;
    });
    done.catch(() => {
      if (memo.building?.done === done) memo.building = null;
    });
    memo.building = { key, done };
  }
  return memo.building.done;
}

export const GET: APIRoute = async ({ locals, request }) => {
  let built: Built;
  try {
    built = await sitemap(locals);
  } catch {
    // The catalogue cannot be read: the last sitemap, or say so rather than publish one without the listings.
    const { kept } = locals.state.sitemap;
    if (!kept) return new Response(null, { status: 503, headers: { 'retry-after': '60', 'cache-control': 'no-store' } });
    built = kept;
  }
  const headers: Record<string, string> = {
    'content-type': 'application/xml; charset=utf-8',
    'cache-control': 'public, max-age=0, s-maxage=300',
    vary: 'Accept-Encoding',
    etag: built.etag,
    'last-modified': built.lastModified,
  };
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim() === built.etag)) return new Response(null, { status: 304, headers });
  const { body, encoding } = encode(built, request.headers.get('accept-encoding') ?? '');
  if (encoding) headers['content-encoding'] = encoding;
  const bytes = typeof body === 'string' ? body : new Uint8Array(await body);
  return new Response(request.method === 'HEAD' ? null : bytes, { headers });
};
