// The texts islands show, as one small module per language (issue #33: smaller pages). Islands used to
// read them from a JSON block written into every page; now `src/lib/island-texts.ts` imports
// `virtual:island-texts/<lang>` in the browser, a chunk the browser fetches once per language and keeps.
// The module is made at build time from the site's dictionaries: only the sections islands read, as JSON
// (importing the dictionary itself would ship every section of both languages).
// A virtual module of our own: no file under node_modules is read or changed (tests/house/stock-dependencies).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PREFIX = 'virtual:island-texts/';
const RESOLVED = `\0${PREFIX}`;
/** The dictionary sections islands read (src/lib/island-texts.ts' IslandSection). */
export const ISLAND_SECTIONS = ['listings', 'states', 'card', 'newsletter', 'docs', 'contact', 'product'];
const I18N = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../domain/src/i18n');

export default function islandTexts() {
  return {
    name: 'island-texts',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const lang = id.slice(RESOLVED.length);
      const file = path.join(I18N, `${lang}.ts`);
      this.addWatchFile(file);
      this.addWatchFile(path.join(I18N, 'fr.ts'));
      const { dictionaries } = await import(pathToFileURL(path.join(I18N, 'index.ts')).href);
      const texts = dictionaries[lang];
      if (!texts) throw new Error(`island-texts: no dictionary for "${lang}"`);
      const sections = Object.fromEntries(ISLAND_SECTIONS.map((s) => [s, texts[s]]));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(sections))});`;
    },
  };
}
