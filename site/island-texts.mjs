// The texts islands show, one small JSON file per language (issue #33: smaller pages). Islands used to
// read them from a JSON block written into every page; now `src/lib/island-texts.ts` fetches the page's
// language's file in the browser, once: a hashed asset the browser keeps (immutable, as every /_astro/ file).
// The files are made at build time from the site's dictionaries: only the sections islands read (importing
// the dictionary itself would ship every section of both languages). They are fetched rather than imported
// as modules so that the browser's bundle has no dynamic import, and with it no preload helper (issue #33:
// public JavaScript no larger). `virtual:island-texts` gives each language's URL.
// A virtual module of our own: no file under node_modules is read or changed (tests/house/stock-dependencies).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ID = 'virtual:island-texts';
const RESOLVED = `\0${ID}`;
/** Where the dev server answers the files (the build names them by their hash instead). */
const DEV_PATH = '/@island-texts/';
/** The dictionary sections islands read (src/lib/island-texts.ts' IslandSection). */
export const ISLAND_SECTIONS = ['listings', 'states', 'card', 'newsletter', 'docs', 'contact', 'product'];
const LANGS = ['fr', 'en'];
const I18N = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../domain/src/i18n');

/** The sections islands read in one language, as JSON. */
async function textsJson(lang) {
  const { dictionaries } = await import(pathToFileURL(path.join(I18N, 'index.ts')).href);
  const texts = dictionaries[lang];
  if (!texts) throw new Error(`island-texts: no dictionary for "${lang}"`);
  return JSON.stringify(Object.fromEntries(ISLAND_SECTIONS.map((s) => [s, texts[s]])));
}

export default function islandTexts() {
  let serving = false;
  return {
    name: 'island-texts',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (req, res, next) => {
        const lang = /^\/(\w+)\.json$/.exec(req.url ?? '')?.[1];
        if (!lang || !LANGS.includes(lang)) return next();
        textsJson(lang).then((json) => {
          res.setHeader('content-type', 'application/json');
          res.end(json);
        }, next);
      });
    },
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      // Only the browser fetches the files; the server renders islands from the dictionaries.
      if (this.environment.config.consumer !== 'client') return 'export default {};';
      for (const lang of LANGS) this.addWatchFile(path.join(I18N, `${lang}.ts`));
      const urls = [];
      for (const lang of LANGS) {
        if (serving) urls.push(`${lang}: ${JSON.stringify(`${DEV_PATH}${lang}.json`)}`);
        else {
          const ref = this.emitFile({ type: 'asset', name: `texts-${lang}.json`, source: await textsJson(lang) });
          urls.push(`${lang}: import.meta.ROLLUP_FILE_URL_${ref}`);
        }
      }
      return `export default { ${urls.join(', ')} };`;
    },
  };
}
