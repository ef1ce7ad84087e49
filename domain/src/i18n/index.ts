// Dictionary lookup for the public site: the locale's texts, placeholders and plural wording.
import { en } from './en.ts';
import { fr, type Dictionary } from './fr.ts';

import type { Lang } from '../lang.ts';

export type { Lang };
export type { Dictionary };
export const dictionaries: Record<Lang, Dictionary> = { fr, en };
export const dictionary = (lang: Lang): Dictionary => dictionaries[lang];

/** Replaces {name} placeholders: fill('Page {page} sur {pages}', { page: 1, pages: 3 }). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

const plural = { fr: new Intl.PluralRules('fr-FR'), en: new Intl.PluralRules('en-GB') };
const integer = { fr: new Intl.NumberFormat('fr-FR'), en: new Intl.NumberFormat('en-GB') };

/** '0 annonce', '1 annonce', '2 annonces'; '0 listings', '1 listing' — each language's own plural rule. */
export function countLabel(lang: Lang, count: number, forms: { one: string; other: string }): string {
  const form = plural[lang].select(count) === 'one' ? forms.one : forms.other;
  return fill(form, { count: integer[lang].format(count) });
}
