// The texts the islands show, in the page's language. The server renders islands from the dictionaries;
// in the browser they read the same sections from one JSON block of the page (islandTextsBlock, written
// by the layout; the same text for every page of a language, made once). Islands used to receive their
// texts as props, serialised and escaped again inside every render (issue #17: cheaper uncached renders).
import { dictionary, type Dictionary } from '@app/domain/i18n/index';
import type { Lang } from '@app/domain/lang';
import { jsonLdText } from '@app/domain/site-seo';

const SECTIONS = ['listings', 'states', 'card', 'newsletter', 'docs', 'contact', 'product'] as const;
export type IslandTexts = Pick<Dictionary, (typeof SECTIONS)[number]>;
export const ISLAND_TEXTS_ID = 'island-texts';

const blocks = new Map<Lang, string>();
/** The JSON block's text for this language, safe inside <script> (as JSON-LD is). */
export function islandTextsBlock(lang: Lang): string {
  let block = blocks.get(lang);
  if (block === undefined) {
    const texts = dictionary(lang);
    blocks.set(lang, (block = jsonLdText(Object.fromEntries(SECTIONS.map((s) => [s, texts[s]])))));
  }
  return block;
}

let pageTexts: IslandTexts | undefined;
export function islandTexts(lang: Lang): IslandTexts {
  if (import.meta.env.SSR) return dictionary(lang);
  return (pageTexts ??= JSON.parse(document.getElementById(ISLAND_TEXTS_ID)!.textContent!) as IslandTexts);
}
