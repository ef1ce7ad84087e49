// What one site instance keeps between requests (decision 118): the sitemap last built and the one being
// built, and the query strings already validated. It lives in the object the process entry makes once per
// instance and hands to every request in Astro.locals (api/src/http/origin.ts); no page or helper keeps
// state of its own, so two instances in one process (tests, a bench) share nothing.
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

/**
 * The instance's state, in `held`: the object the process entry makes once when it starts and hands to
 * every request (it cannot build a SiteState: the API does not import the site), filled here on the first
 * request. Under `astro dev` there is none and each request starts afresh (no sitemap kept, nothing remembered).
 */
export function siteStateIn(held: Partial<SiteState> = {}): SiteState {
  held.sitemap ??= { kept: null, building: null };
  held.parsedQueries ??= new LRUCache<string, object>({ max: 500 });
  return held as SiteState;
}
