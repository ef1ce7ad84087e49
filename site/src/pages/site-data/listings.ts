// GET /site-data/listings?…&hl=fr: the listings island's data, already in display form, so the
// browser never needs the domain's schemas (docs/decisions/043-island-data.md).
import type { APIRoute } from 'astro';
import { parseFilters } from '@app/domain/site-filters';
import { loadListings } from '../../lib/catalogue.server.ts';

export const GET: APIRoute = async ({ url, locals }) => {
  const lang = url.searchParams.get('hl') === 'en' ? 'en' : 'fr';
  try {
    const data = await loadListings(locals, parseFilters(url.searchParams), lang);
    return Response.json(data, { headers: { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } });
  } catch {
    return Response.json({ error: lang === 'fr' ? 'Impossible de charger les produits' : 'Failed to load products' }, { status: 502 });
  }
};
