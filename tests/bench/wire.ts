// Bytes on the wire, as a browser sending `Accept-Encoding: br, gzip` receives them: a page and what
// it loads (scripts, styles, manifest, icons), and API JSON; which text answers came compressed.
import { BROWSER_HEADERS, rawGet } from './visitors.ts';

export type WireFile = { url: string; type: string; encoding: string; bytes: number };
export type WireLoad = { page: string; files: WireFile[]; bytes: number; jsBytes: number; textFiles: number; compressedTextFiles: number };

const isText = (type: string) => /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg)/.test(type);

async function wireFile(baseUrl: string, url: string): Promise<WireFile> {
  const r = await rawGet(baseUrl, url, BROWSER_HEADERS);
  return {
    url,
    type: (r.headers['content-type'] ?? '').split(';')[0]!,
    encoding: r.headers['content-encoding'] ?? 'identity',
    bytes: r.body.length,
  };
}

/** A page's first load: the HTML, then every same-origin script, style, preload, manifest and icon it names. */
export async function firstLoad(baseUrl: string, page: string): Promise<WireLoad> {
  const html = (await (await fetch(`${baseUrl}${page}`)).text()).replace(/&amp;/g, '&');
  const urls = new Set<string>();
  const patterns = [/<script\b[^>]*\bsrc="([^"]+)"/g, /<link\b[^>]*\bhref="([^"]+)"/g, /\b(?:component|renderer)-url="([^"]+)"/g];
  for (const re of patterns) for (const m of html.matchAll(re)) urls.add(m[1]!);
  const files = [await wireFile(baseUrl, page)];
  for (const url of urls) {
    const absolute = new URL(url, `${baseUrl}${page}`);
    if (absolute.origin !== new URL(baseUrl).origin || /\/(produit|product|annonces|listings|en)\b/.test(absolute.pathname)) continue; // links to other pages
    if (!/\.(js|mjs|css|webmanifest|json|svg|png|ico|woff2?)$/.test(absolute.pathname)) continue;
    files.push(await wireFile(baseUrl, absolute.pathname + absolute.search));
  }
  const text = files.filter((f) => isText(f.type) && (f.bytes >= 1024 || f.encoding !== 'identity'));
  return {
    page,
    files,
    bytes: files.reduce((s, f) => s + f.bytes, 0),
    jsBytes: files.filter((f) => f.type.includes('javascript')).reduce((s, f) => s + f.bytes, 0),
    textFiles: text.length,
    compressedTextFiles: text.filter((f) => f.encoding !== 'identity').length,
  };
}

/** API answers as sent: size and encoding. */
export async function apiWire(baseUrl: string, paths: string[]): Promise<WireFile[]> {
  const out = [];
  for (const p of paths) out.push(await wireFile(baseUrl, p));
  return out;
}
