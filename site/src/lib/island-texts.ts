// The texts the islands show, in the page's language. The server renders islands from the dictionaries;
// in the browser they come from `virtual:island-texts/<lang>` (site/island-texts.mjs): one small module
// per language with the sections islands read, fetched once and kept by the browser's cache, instead of a
// JSON block in every page (issue #33: smaller pages; decision 123). Islands used to receive them as props
// (issue #17), then as that block.
import { dictionary, type Dictionary } from '@app/domain/i18n/index';
import type { Lang } from '@app/domain/lang';

/** The dictionary sections islands read (site/island-texts.mjs' ISLAND_SECTIONS). */
export type IslandSection = 'listings' | 'states' | 'card' | 'newsletter' | 'docs' | 'contact' | 'product';
export type IslandTexts = Pick<Dictionary, IslandSection>;

// In the browser the page's language is its <html lang>; the module is awaited before any island renders.
const browserTexts: IslandTexts | undefined = import.meta.env.SSR
  ? undefined
  : (document.documentElement.lang === 'en' ? await import('virtual:island-texts/en') : await import('virtual:island-texts/fr')).default;

export function islandTexts(lang: Lang): IslandTexts {
  // Only the server reads the dictionaries: the browser's bundle keeps neither of them.
  return import.meta.env.SSR ? dictionary(lang) : browserTexts!;
}
