// GET /robots.txt: everything public may be crawled; the back office, the API and the
// preference and newsletter endpoints may not (nor the API's images under their short path, /i/).
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ locals }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin/',
      'Disallow: /api/',
      'Disallow: /i/',
      'Disallow: /site-data/',
      'Disallow: /newsletter/',
      'Disallow: /en/newsletter/',
      '',
      `Sitemap: ${locals.publicUrl}/sitemap.xml`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } },
  );
