// Every page request: another site's form post refused, the `?lang=` switch (stores the choice), the
// language of the URL, and the headers and validators of each HTML answer. Nothing here reads a cookie:
// a URL is one page for every visitor (docs/decisions/078-one-page-for-every-visitor.md).
import { defineMiddleware } from 'astro:middleware';
import { LANG_COOKIE, isEnglishHost, parseLang, resolveLanguage, splitLocalePath } from '@app/domain/site-routing';
import { finalizeHtml, preferenceCookie, secureCookies } from './lib/html-response.ts';
import { configOfDevServer } from './lib/page.ts';
import { crossSiteRefusal, isOwnOrigin, SAFE_METHODS } from './lib/own-origin.ts';
import { siteStateIn } from './lib/site-state.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const { url, request, locals } = context;
  // Handed over by the process entry (api/src/http/origin.ts), built once at its start; absent under `astro dev`.
  const config = (locals.config ??= configOfDevServer());
  // The FR/EN switch: remember the choice, then show the clean URL.
  const chosen = parseLang(url.searchParams.get('lang'));
  if (chosen && request.method === 'GET') {
    url.searchParams.delete('lang');
    const headers = new Headers({ location: url.pathname + url.search, 'cache-control': 'no-store' });
    headers.append('set-cookie', preferenceCookie(LANG_COOKIE, chosen, secureCookies(config, url)));
    return new Response(null, { status: 303, headers });
  }

  // A page's form (contact, theme, newsletter) posted from another site, or without an Origin: refused
  // before any page reads it. Astro's checkOrigin would also refuse our own posts behind a proxy (decision 119).
  if (!SAFE_METHODS.has(request.method)) {
    const own = { host: url.host, publicUrl: config.publicUrl, englishHost: config.company.englishHost };
    if (!isOwnOrigin(request.headers.get('origin'), own)) return crossSiteRefusal(request.method);
  }
  const { company } = config;
  const host = url.host;
  const { prefixed, path } = splitLocalePath(url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname);
  locals.lang = resolveLanguage({ pathname: url.pathname, host, englishHost: company.englishHost });
  locals.prefixed = prefixed;
  locals.path = path;
  locals.onEnglishHost = isEnglishHost(host, company.englishHost);
  locals.publicUrl = (config.publicUrl ?? url.origin).replace(/\/$/, '');
  locals.state = siteStateIn(locals.state);

  const response = await next();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  return finalizeHtml(response, request, () => !!locals.degraded);
});
