import { describe, expect, it } from 'vitest';
import { alternates, canonicalPath, isActiveLink, isLegalPath, resolveLanguage, safeNextPath, splitLocalePath, switchHref } from './site-routing.ts';

const englishHost = 'provence-moteurs.com';

describe('language of a request', () => {
  it('is English under /en/ whatever the cookie says', () => {
    expect(resolveLanguage({ pathname: '/en/annonces', host: 'localhost', cookie: 'fr', englishHost })).toBe('en');
  });
  it('follows the stored choice first, then the English host, then French at the root paths', () => {
    expect(resolveLanguage({ pathname: '/annonces', host: 'www.provence-moteurs.com', cookie: 'fr', englishHost })).toBe('fr');
    expect(resolveLanguage({ pathname: '/annonces', host: 'localhost', cookie: 'en', englishHost })).toBe('en');
    expect(resolveLanguage({ pathname: '/annonces', host: 'www.provence-moteurs.com:443', englishHost })).toBe('en');
    expect(resolveLanguage({ pathname: '/annonces', host: 'provence-moteurs.fr', cookie: 'de', englishHost })).toBe('fr');
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
    expect(alternates('https://x.test/', '/annonces')).toEqual({ fr: 'https://x.test/annonces', en: 'https://x.test/en/annonces', 'x-default': 'https://x.test/annonces' });
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
  it('only goes back to a path of this site after a preference change', () => {
    expect(safeNextPath('/annonces?x=1')).toBe('/annonces?x=1');
    for (const bad of ['//evil.test', 'https://evil.test', '/\\evil', '/a\r\nb', null]) expect(safeNextPath(bad)).toBe('/');
  });
});
