// The texts the islands show, in the page's language. The server renders islands from the dictionaries;
// in the browser they come from one small JSON file per language with the sections islands read
// (site/island-texts.mjs; `virtual:island-texts` names the files), fetched once and kept by the browser's
// cache, instead of a JSON block in every page (issue #33: smaller pages; decision 123). Islands used to
// receive them as props (issue #17), then as that block, then as a module per language (a dynamic import,
// which brought Vite's preload helper, about 770 bytes compressed, into every page's JavaScript).
import { dictionary, type Dictionary } from '@app/domain/i18n/index';
import type { Lang } from '@app/domain/lang';
import textsUrls from 'virtual:island-texts';

/** The dictionary sections islands read (site/island-texts.mjs' ISLAND_SECTIONS). */
export type IslandSection = 'listings' | 'states' | 'card' | 'newsletter' | 'docs' | 'contact' | 'product';
export type IslandTexts = Pick<Dictionary, IslandSection>;

// In the browser the page's language is its <html lang>; the file is awaited before any island renders.
const browserTexts: IslandTexts | undefined = import.meta.env.SSR
  ? undefined
  : ((await (await fetch(textsUrls[document.documentElement.lang === 'en' ? 'en' : 'fr'])).json()) as IslandTexts);

export function islandTexts(lang: Lang): IslandTexts {
  // Only the server reads the dictionaries: the browser's bundle keeps neither of them.
  return import.meta.env.SSR ? dictionary(lang) : browserTexts!;
}
