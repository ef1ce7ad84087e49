// Dictionary lookup for the public site: the locale's texts, placeholders and plural wording.
import { en } from './en.ts';
import { fr, type Dictionary } from './fr.ts';

import type { Lang } from '../lang.ts';

export type { Lang };
export type { Dictionary };
export const dictionaries: Record<Lang, Dictionary> = { fr, en };
export const dictionary = (lang: Lang): Dictionary => dictionaries[lang];

/**
 * Each text split at its placeholders (names at odd places), kept: fill() runs for every option of every
 * listings page. Bounded by nature: the texts are the dictionaries' and messages' written in the source.
 */
const templates = new Map<string, string[]>();

/** Replaces {name} placeholders: fill('Page {page} sur {pages}', { page: 1, pages: 3 }). A name without a value stays as written. */
export function fill(text: string, values: Record<string, string | number>): string {
  let parts = templates.get(text);
  if (!parts) templates.set(text, (parts = text.split(/\{(\w+)\}/)));
  let filled = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    filled += (name in values ? String(values[name]) : `{${name}}`) + parts[i + 1]!;
  }
  return filled;
}

const plural = { fr: new Intl.PluralRules('fr-FR'), en: new Intl.PluralRules('en-GB') };
const integer = { fr: new Intl.NumberFormat('fr-FR'), en: new Intl.NumberFormat('en-GB') };

/** '0 annonce', '1 annonce', '2 annonces'; '0 listings', '1 listing' — each language's own plural rule. */
export function countLabel(lang: Lang, count: number, forms: { one: string; other: string }): string {
  const form = plural[lang].select(count) === 'one' ? forms.one : forms.other;
  return fill(form, { count: integer[lang].format(count) });
}
