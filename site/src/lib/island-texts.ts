// The texts the islands show, in the page's language. The server renders islands from the dictionaries;
// in the browser they read the same sections from one JSON block of the page (islandTextsBlock, written
// by the layout with the sections of the page's islands; made once per language and set of sections). Islands used to receive their
// texts as props, serialised and escaped again inside every render (issue #17: cheaper uncached renders).
import { dictionary, type Dictionary } from '@app/domain/i18n/index';
import type { Lang } from '@app/domain/lang';
import { jsonLdText } from '@app/domain/site-seo';

/** The dictionary sections islands read. */
export type IslandSection = 'listings' | 'states' | 'card' | 'newsletter' | 'docs' | 'contact' | 'product';
export type IslandTexts = Pick<Dictionary, IslandSection>;
export const ISLAND_TEXTS_ID = 'island-texts';

const blocks = new Map<string, string>();
/** The JSON block's text: these sections in this language, safe inside <script> (as JSON-LD is). */
export function islandTextsBlock(lang: Lang, sections: readonly IslandSection[]): string {
  const key = `${lang} ${sections.join(' ')}`;
  let block = blocks.get(key);
  if (block === undefined) {
    const texts = dictionary(lang);
    blocks.set(key, (block = jsonLdText(Object.fromEntries(sections.map((s) => [s, texts[s]])))));
  }
  return block;
}

let pageTexts: IslandTexts | undefined;
export function islandTexts(lang: Lang): IslandTexts {
  if (import.meta.env.SSR) return dictionary(lang);
  return (pageTexts ??= JSON.parse(document.getElementById(ISLAND_TEXTS_ID)!.textContent!) as IslandTexts);
}
