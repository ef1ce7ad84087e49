// Where image variants are served: the API's path (`/api/media/images/{key}/{file}`, in every API answer)
// and a short alias of it that the public pages write in their srcsets. A listings page names 72 variant
// URLs; the alias is 15 bytes shorter each (issue #33: the listings page at most 30 KB). The origin
// (api/src/http/origin.ts) answers the alias with the API's own route, headers included.
export const IMAGE_PATH = '/api/media/images/';
export const SHORT_IMAGE_PATH = '/i/';

/** A variant's URL as the pages write it; any other URL as it is. */
export const shortImageUrl = (url: string) => (url.startsWith(IMAGE_PATH) ? SHORT_IMAGE_PATH + url.slice(IMAGE_PATH.length) : url);

/** `/i/{key}/{file}` (query included) as the API's path, or null when it is not one: a key and a file name, nothing else. */
export function imagePathOf(url: string): string | null {
  const m = /^\/i\/([a-f0-9]{32}\/[a-z0-9-]{1,40}\.[a-z0-9]{2,5})((?:\?.*)?)$/.exec(url);
  return m ? `${IMAGE_PATH}${m[1]}${m[2]}` : null;
}
