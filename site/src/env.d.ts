/// <reference types="astro/client" />
// What the process entry and the middleware put in Astro.locals for every request.

type InProcessApi = { request(input: string, init?: RequestInit): Response | Promise<Response> };

declare namespace App {
  interface Locals {
    /** The Hono app, handed over by api/src/http/origin.ts; absent under `astro dev`. */
    api?: InProcessApi;
    /**
     * The same app called as this request's visitor (their address counts against the public forms' limits),
     * for a page's form that posts on their behalf; absent under `astro dev`.
     */
    visitorApi?: InProcessApi;
    /** The catalogue read in-process, handed over with `api`; absent under `astro dev` (pages then ask the API). */
    catalogue?: import('@app/domain/catalogue-reader').CatalogueReader;
    /**
     * The configuration the process entry parsed at start (api/src/env.ts): the company's details and
     * PUBLIC_URL as set. Handed over with `api`; under `astro dev` the middleware reads the variables.
     */
    config: { company: import('@app/domain/company').Company; publicUrl?: string };
    /**
     * What this site instance keeps between requests (src/lib/site-state.ts): an object the process entry
     * makes once and hands over with `api`, filled by the middleware on the first request; under `astro dev`
     * the middleware makes one per request.
     */
    state: import('./lib/site-state.ts').SiteState;
    lang: import('@app/domain/lang').Lang;
    /** The page's path without the /en prefix: '/annonces', '/produit/3'. */
    path: string;
    /** Whether this URL carries the /en prefix (internal links keep the same form). */
    prefixed: boolean;
    onEnglishHost: boolean;
    publicUrl: string;
    /** Set by the legal pages: no script, no popup. */
    noScript?: boolean;
    /** Set by a view that could not read the API and shows its error state: the answer is not cached. */
    degraded?: boolean;
  }
}

/** The URL of the texts islands read, per language: JSON files made at build time (site/island-texts.mjs). */
declare module 'virtual:island-texts' {
  const urls: Record<import('@app/domain/lang').Lang, string>;
  export default urls;
}
