// GET /site-data/documents?search=&page=&hl=: the documentation island's data in display form.
import type { APIRoute } from 'astro';
import { loadDocuments, parseDocQuery } from '../../lib/catalogue.server.ts';
import { upstreamStatus } from '../../lib/upstream-status.ts';

export const GET: APIRoute = async ({ url, locals }) => {
  const lang = url.searchParams.get('hl') === 'en' ? 'en' : 'fr';
  try {
    const data = await loadDocuments(locals, parseDocQuery(url.searchParams), lang);
    return Response.json(data, { headers: { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } });
  } catch (err) {
    // The API's own status passes through: the library's error text shows it.
    return Response.json({ error: err instanceof Error ? err.message : 'error' }, { status: upstreamStatus(err) });
  }
};
