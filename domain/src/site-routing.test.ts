import { describe, expect, it } from 'vitest';
import {
  alternates,
  canonicalPath,
  cookieValue,
  isActiveLink,
  isLegalPath,
  preferredLanguageRedirect,
  resolveLanguage,
  splitLocalePath,
  switchHref,
} from './site-routing.ts';

const englishHost = 'provence-moteurs.com';

describe('language of a request', () => {
  it('is English under /en/, on the English host at the root paths, French otherwise; never from a cookie', () => {
    expect(resolveLanguage({ pathname: '/en/annonces', host: 'localhost', englishHost })).toBe('en');
    expect(resolveLanguage({ pathname: '/annonces', host: 'www.provence-moteurs.com:443', englishHost })).toBe('en');
    expect(resolveLanguage({ pathname: '/annonces', host: 'provence-moteurs.fr', englishHost })).toBe('fr');
    expect(resolveLanguage({ pathname: '/annonces', host: 'localhost', englishHost: '' })).toBe('fr');
  });
});

describe('the stored language choice', () => {
  const redirect = (pathname: string, cookie?: string, search = '', onEnglishHost = false) =>
    preferredLanguageRedirect({ pathname, search, cookie, onEnglishHost });
  it('sends a visitor who chose English from a French root page to the same English page, query kept', () => {
    expect(redirect('/annonces', 'lang=en', '?condition=used')).toBe('/en/annonces?condition=used');
    expect(redirect('/', '_ga=GA1.1; lang=en; theme=dark')).toBe('/en/');
    expect(redirect('/produit/3/', 'theme=dark;lang=en')).toBe('/en/produit/3');
  });
  it('leaves everyone else, English pages, files, the API and the switch itself alone', () => {
    expect(redirect('/annonces')).toBeUndefined();
    expect(redirect('/annonces', 'lang=fr')).toBeUndefined();
    expect(redirect('/annonces', 'xlang=en')).toBeUndefined();
    expect(redirect('/en/annonces', 'lang=en')).toBeUndefined();
    expect(redirect('/annonces', 'lang=en', '', true)).toBeUndefined();
    for (const p of ['/api/products', '/admin/', '/_astro/a.js', '/favicon.svg', '/site-data/listings', '/sitemap.xml'])
      expect(redirect(p, 'lang=en'), p).toBeUndefined();
    expect(redirect('/annonces', 'lang=en', '?lang=fr')).toBeUndefined();
  });
  it('reads one cookie out of a header', () => {
    expect(cookieValue('a=1; theme=dark; lang=en', 'lang')).toBe('en');
    expect(cookieValue('flang=en', 'lang')).toBeUndefined();
    expect(cookieValue(undefined, 'lang')).toBeUndefined();
  });
});

describe('paths', () => {
  it('splits the /en prefix off and puts it back', () => {
    expect(splitLocalePath('/en')).toEqual({ prefixed: true, path: '/' });
    expect(splitLocalePath('/en/produit/3')).toEqual({ prefixed: true, path: '/produit/3' });
    expect(splitLocalePath('/english')).toEqual({ prefixed: false, path: '/english' });
    expect(canonicalPath('en', '/')).toBe('/en/');
    expect(canonicalPath('fr', '/contact')).toBe('/contact');
  });
  it('builds absolute alternates, French as x-default', () => {
    expect(alternates('https://x.test/', '/annonces')).toEqual({
      fr: 'https://x.test/annonces',
      en: 'https://x.test/en/annonces',
      'x-default': 'https://x.test/annonces',
    });
  });
  it('switches to the same page in the other language, keeping the query', () => {
    expect(switchHref('en', '/annonces', '?condition=used&lang=fr', false)).toBe('/en/annonces?condition=used&lang=en');
    expect(switchHref('fr', '/annonces', '', false)).toBe('/annonces?lang=fr');
    expect(switchHref('en', '/contact', '', true)).toBe('/contact?lang=en');
  });
  it('highlights Home only on the exact path and the others by prefix', () => {
    expect(isActiveLink('/', '/')).toBe(true);
    expect(isActiveLink('/annonces', '/')).toBe(false);
    expect(isActiveLink('/annonces', '/annonces')).toBe(true);
    expect(isActiveLink('/annonces-x', '/annonces')).toBe(false);
  });
  it('knows the three legal pages', () => {
    expect(['/mentions-legales', '/politique-confidentialite/', '/conditions-utilisation'].every(isLegalPath)).toBe(true);
    expect(isLegalPath('/contact')).toBe(false);
  });
});
