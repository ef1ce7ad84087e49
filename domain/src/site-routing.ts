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

const bareHost = (host: string) => host.toLowerCase().replace(/:\d+$/, '').replace(/^www\./, '');
export const isEnglishHost = (host: string, englishHost: string) => !!englishHost && bareHost(host) === bareHost(englishHost);

export const parseLang = (value: string | null | undefined): Lang | undefined => (value === 'fr' || value === 'en' ? value : undefined);

/**
 * /en/… is always English. Root paths follow the stored choice, then the host, then French
 * (public-site section 4; docs/decisions/040-language-urls.md).
 */
export function resolveLanguage(input: { pathname: string; host: string; cookie?: string; englishHost: string }): Lang {
  if (splitLocalePath(input.pathname).prefixed) return 'en';
  return parseLang(input.cookie) ?? (isEnglishHost(input.host, input.englishHost) ? 'en' : 'fr');
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

/** A same-site path to go back to after a preference change; anything else becomes '/'. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\') || /[\r\n]/.test(next)) return '/';
  return next;
}
