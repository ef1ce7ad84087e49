// GET /sitemap.xml: every public page and every listing from the database, each with its French
// and English alternates (hreflang) and, for listings, the date of the last change.
import type { APIRoute } from 'astro';
import type { ProductList } from '@app/domain/products';
import { alternates } from '@app/domain/site-routing';
import { apiJson } from '../lib/api.ts';

const PAGES = ['/', '/annonces', '/documentation', '/contact', '/mentions-legales', '/politique-confidentialite', '/conditions-utilisation'];
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function entries(publicUrl: string, path: string, lastmod?: string): string {
  const alt = alternates(publicUrl, path);
  const links = (['fr', 'en', 'x-default'] as const).map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escape(alt[l])}"/>`).join('');
  const mod = lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : '';
  return [alt.fr, alt.en].map((loc) => `<url><loc>${escape(loc)}</loc>${mod}${links}</url>`).join('\n');
}

export const GET: APIRoute = async ({ locals }) => {
  const out = PAGES.map((p) => entries(locals.publicUrl, p));
  for (let page = 1; page <= 1000; page++) {
    const list = await apiJson<ProductList>(locals, `/api/products?page=${page}&limit=100&sort=date&order=desc`).catch(() => null);
    if (!list) break;
    for (const p of list.items) out.push(entries(locals.publicUrl, `/produit/${p.id}`, p.updatedAt));
    if (page >= list.pages) break;
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${out.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=300' } });
};
