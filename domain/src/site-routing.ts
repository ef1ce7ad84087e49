// Public site URLs per language: French at the root paths, English under /en/ (or at the root on the
// English host), the language of a request, alternates and the header's active link.
import type { Lang } from './lang.ts';

export type { Lang };

export const LANG_COOKIE = 'lang';
export const THEME_COOKIE = 'theme';
export const PREFERENCE_MAX_AGE = 60 * 60 * 24 * 365;

export const LEGAL_PATHS = ['/mentions-legales', '/politique-confidentialite', '/conditions-utilisation'] as const;
export const isLegalPath = (path: string) => (LEGAL_PATHS as readonly string[]).includes(path.replace(/\/$/, '') || '/');

/** '/en/annonces' → { prefixed: true, path: '/annonces' }; '/en' → '/'; '/annonces' → unprefixed. */
export function splitLocalePath(pathname: string): { prefixed: boolean; path: string } {
  if (pathname === '/en' || pathname === '/en/') return { prefixed: true, path: '/' };
  if (pathname.startsWith('/en/')) return { prefixed: true, path: pathname.slice(3) };
  return { prefixed: false, path: pathname || '/' };
}

const bareHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');
export const isEnglishHost = (host: string, englishHost: string) => !!englishHost && bareHost(host) === bareHost(englishHost);

export const parseLang = (value: string | null | undefined): Lang | undefined => (value === 'fr' || value === 'en' ? value : undefined);

/**
 * The language of a URL: /en/… is English, root paths are English on the English host and French
 * elsewhere. Never a cookie: one URL is one page for every visitor, so any cache may share it
 * (docs/decisions/078-one-page-for-every-visitor.md). The stored choice acts through
 * `preferredLanguageRedirect` instead.
 */
export function resolveLanguage(input: { pathname: string; host: string; englishHost: string }): Lang {
  if (splitLocalePath(input.pathname).prefixed) return 'en';
  return isEnglishHost(input.host, input.englishHost) ? 'en' : 'fr';
}

/** The value of one cookie in a Cookie header, without parsing the others. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const match = new RegExp(`(?:^|;)\\s*${name}=([^;]*)`).exec(header);
  return match?.[1]?.trim();
}

/** Site paths that are not pages of a language: files, data for islands, forms, feeds. */
const NOT_A_PAGE = /^\/(?:api|admin|_astro|site-data|preferences|images|uploads)(?:\/|$)|\.[A-Za-z0-9]+$/;

/**
 * The stored choice (public-site section 4: "the initial value is the stored choice") for a visitor
 * who chose English and opens a French root URL: where to send them, or undefined. The redirect is
 * the only answer that depends on the cookie; the pages themselves never do.
 */
export function preferredLanguageRedirect(input: {
  pathname: string;
  search: string;
  cookie?: string;
  onEnglishHost: boolean;
}): string | undefined {
  if (input.onEnglishHost || parseLang(cookieValue(input.cookie, LANG_COOKIE)) !== 'en') return undefined;
  if (splitLocalePath(input.pathname).prefixed || NOT_A_PAGE.test(input.pathname)) return undefined;
  if (/(?:^|[?&])lang=/.test(input.search)) return undefined; // the switch itself decides
  return canonicalPath('en', input.pathname.replace(/\/$/, '') || '/') + input.search;
}

/** The canonical path of a page in a language: '/annonces' or '/en/annonces' ('/' ↔ '/en/'). */
export function canonicalPath(lang: Lang, path: string): string {
  if (lang === 'fr') return path;
  return path === '/' ? '/en/' : `/en${path}`;
}

/** hreflang alternates, absolute from the public URL; x-default is the French page. */
export function alternates(publicUrl: string, path: string): { fr: string; en: string; 'x-default': string } {
  const base = publicUrl.replace(/\/$/, '');
  return { fr: base + canonicalPath('fr', path), en: base + canonicalPath('en', path), 'x-default': base + canonicalPath('fr', path) };
}

/**
 * The FR/EN switch: the same page in the other language, through `?lang=` which stores the choice
 * (the middleware sets the cookie and redirects to the clean URL), so it works without JavaScript.
 */
export function switchHref(target: Lang, path: string, search: string, onEnglishHost: boolean): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair && !pair.startsWith('lang='));
  const base = target === 'en' && !onEnglishHost ? canonicalPath('en', path) : path;
  return `${base}?${[...kept, `lang=${target}`].join('&')}`;
}

/** Header highlight: Home only on the exact path, the others by prefix (public-site section 2). */
export function isActiveLink(currentPath: string, href: string): boolean {
  if (href === '/') return currentPath === '/';
  return currentPath === href || currentPath.startsWith(`${href}/`);
}
