// Every page request: the stored language and theme, the `?lang=` switch,
// and the headers and validators of each HTML answer.
import { defineMiddleware } from 'astro:middleware';
import { LANG_COOKIE, THEME_COOKIE, isEnglishHost, parseLang, resolveLanguage, splitLocalePath } from '@app/domain/site-routing';
import { finalizeHtml, preferenceCookie } from './lib/html-response.ts';
import { getCompany } from './lib/page.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const { url, request, cookies, locals } = context;
  // The FR/EN switch: remember the choice, then show the clean URL.
  const chosen = parseLang(url.searchParams.get('lang'));
  if (chosen && request.method === 'GET') {
    url.searchParams.delete('lang');
    const headers = new Headers({ location: url.pathname + url.search, 'cache-control': 'no-store' });
    headers.append('set-cookie', preferenceCookie(LANG_COOKIE, chosen, url.protocol === 'https:'));
    return new Response(null, { status: 303, headers });
  }

  const company = getCompany();
  const host = url.host;
  const storedLang = cookies.get(LANG_COOKIE)?.value;
  const storedTheme = cookies.get(THEME_COOKIE)?.value;
  const { prefixed, path } = splitLocalePath(url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname);
  locals.lang = resolveLanguage({ pathname: url.pathname, host, cookie: storedLang, englishHost: company.englishHost });
  locals.theme = storedTheme === 'dark' ? 'dark' : 'light';
  locals.prefixed = prefixed;
  locals.path = path;
  locals.onEnglishHost = isEnglishHost(host, company.englishHost);
  locals.publicUrl = (process.env.PUBLIC_URL ?? url.origin).replace(/\/$/, '');

  const response = await next();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  return finalizeHtml(response, request, !!(storedLang || storedTheme), () => !!locals.degraded);
});
