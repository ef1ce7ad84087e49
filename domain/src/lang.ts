// The two languages of the product (site, admin, mails, subscribers): the one Lang type every package imports.
import { z } from 'zod';

export const LANGS = ['fr', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const LangSchema = z.enum(LANGS, { error: 'Langue invalide' });
/** The other language: the fallback when a text exists in one language only. */
export const otherLang = (lang: Lang): Lang => (lang === 'fr' ? 'en' : 'fr');
