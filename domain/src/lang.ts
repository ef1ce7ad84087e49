// The two languages of the product (site, admin, mails, subscribers): the one Lang type every package imports.
// No zod here: the admin's first load imports this module (its schema is in lang-schema.ts).

export const LANGS = ['fr', 'en'] as const;
export type Lang = (typeof LANGS)[number];
/** The other language: the fallback when a text exists in one language only. */
export const otherLang = (lang: Lang): Lang => (lang === 'fr' ? 'en' : 'fr');
