// Per-request helpers for pages and components: texts, company details, localized links.
import { companyFromEnv, type Company } from '@app/domain/company';
import { dictionary, type Dictionary } from '@app/domain/i18n/index';
import { canonicalPath, alternates, isEnglishHost, switchHref } from '@app/domain/site-routing';
import type { Lang } from '@app/domain/lang';

/** Under `astro dev` no process entry hands a parsed configuration over: the variables, read per request. */
export const configOfDevServer = (): App.Locals['config'] => ({ company: companyFromEnv(process.env), publicUrl: process.env.PUBLIC_URL });

export type PageContext = {
  lang: Lang;
  t: Dictionary;
  company: Company;
  /** A site path as a link of this page's language: '/annonces' → '/en/annonces' on /en/ pages. */
  href: (path: string) => string;
  canonical: string;
  alternates: ReturnType<typeof alternates>;
  switchHref: string;
  publicUrl: string;
};

export function pageContext(locals: App.Locals, search = ''): PageContext {
  const { lang, prefixed, path, publicUrl, onEnglishHost } = locals;
  return {
    lang,
    t: dictionary(lang),
    company: locals.config.company,
    href: (p) => (prefixed ? canonicalPath('en', p) : p),
    canonical: publicUrl + canonicalPath(lang, path),
    alternates: alternates(publicUrl, path),
    switchHref: frenchFromEnglishHost(locals)
      ? publicUrl + switchHref('fr', path, search, false)
      : switchHref(lang === 'fr' ? 'en' : 'fr', path, search, onEnglishHost),
    publicUrl,
  };
}

/**
 * The English host's root paths are always English (the URL decides the language), so its switch to
 * French leads to the French site at PUBLIC_URL, when that is another host.
 */
const frenchFromEnglishHost = ({ onEnglishHost, prefixed, publicUrl, config }: App.Locals) =>
  onEnglishHost && !prefixed && !isEnglishHost(new URL(publicUrl).host, config.company.englishHost);

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
export const messagingHref = (number: string, text?: string) => `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
