// The data an island starts from (a listings page's first results, say), written into the page once as
// JSON instead of as Astro props (issue #17: cheaper uncached renders). Astro serialises an island's props
// in its own tagged form ({"id":[0,7]}), walking them in JavaScript and escaping the result into an
// attribute, on every render; the listings page's first results were a third of its bytes that way.
// The island gets a handle instead: Astro serialises an object's own enumerable string keys only, so the
// handle reaches the browser as {"id":…} while the server render finds the data itself under a symbol.
// In the browser the island reads the block written by <IslandData>, made by native JSON.stringify:
//   view:   <IslandData handle={start} />
//           <ListingsBrowser client:idle … start={start} />   (start = islandData('listings-data', data))
//   island: const [data] = useState(() => readIslandData(props.start));
// tests/e2e/site-islands.test.ts keeps both halves honest: the data is in the block and not in the island's
// props, and the island starts from it in the browser.

import { jsonLdText } from '@app/domain/site-seo';

const DATA = Symbol.for('app.island-data');

/** What an island receives: the id of the page's block and, on the server only, the data itself. */
export type IslandData<T> = { id: string; [DATA]?: T };

/** The handle for `data`, to give both to `<IslandData handle={…} />` and to the island. */
export function islandData<T>(id: string, data: T): IslandData<T> {
  return { id, [DATA]: data };
}

/** The data behind a handle: on the server, the handle's own; in the browser, the page's block (parse it once: call this lazily). */
export function readIslandData<T>(handle: IslandData<T>): T {
  if (import.meta.env.SSR) return handle[DATA] as T;
  return JSON.parse(document.getElementById(handle.id)!.textContent!) as T;
}

/** The text of the handle's JSON block, safe inside <script> (as JSON-LD is). */
export const islandDataText = (handle: IslandData<unknown>) => jsonLdText(handle[DATA]);
