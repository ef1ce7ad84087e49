// What one site instance keeps between requests (decision 118): the sitemap last built and the one being
// built, and the query strings already validated. Built once per instance and handed to every request in
// Astro.locals by the middleware; no page or helper keeps state of its own, so two instances in one process
// (tests, a bench) share nothing.
import { LRUCache } from 'lru-cache';

/** A sitemap document as built for one catalogue version, with each encoding made once. */
export type BuiltSitemap = {
  key: string;
  xml: string;
  etag: string;
  lastModified: string;
  encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
};

export type SiteState = {
  /** The last sitemap built (served again while the catalogue does not change, or when it cannot be read). */
  sitemap: { kept: BuiltSitemap | null; building: { key: string; done: Promise<BuiltSitemap> } | null };
  /**
   * Query strings validated as the API validates them, by schema and text: pages ask the same few queries
   * over and over, and zod's walk was ~2 % of a listings render. At most 500, the least used dropped first.
   */
  parsedQueries: LRUCache<string, object>;
};

export const createSiteState = (): SiteState => ({
  sitemap: { kept: null, building: null },
  parsedQueries: new LRUCache<string, object>({ max: 500 }),
});

/**
 * The state of the instance whose configuration this is. The process entry builds that object once when
 * it starts (api/src/http/origin.ts) and hands the same one to every request, so it names the instance:
 * its state is built on its first request and goes with it. Under `astro dev` there is no such object and
 * each request starts afresh (no sitemap kept, nothing remembered).
 */
export function siteStateOf(config: object): SiteState {
  let state = instances.get(config);
  if (!state) instances.set(config, (state = createSiteState()));
  return state;
}
const instances = new WeakMap<object, SiteState>();
