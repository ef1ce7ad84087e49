// Compression of text answers (HTML, JSON, JS, CSS, SVG, manifest) of 1 KB or more, for clients that
// accept it. A body of up to 64 KiB at the fast qualities is compressed where it is (about a tenth of a
// millisecond for a page); anything bigger or stronger goes to zlib's thread pool, so no answer
// holds the event loop for long (docs/perf/serving-speed-history.md). The brotli settings are the ones for dynamic content,
// files on disk are compressed at build time instead.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below this, compression saves less than a packet and costs CPU. */
export const MIN_COMPRESS_BYTES = 1024;

const TEXT = /^(?:text\/|application\/(?:json|(?:[\w.+-]+\+)?json|javascript|xml|(?:[\w.+-]+\+)?xml|manifest\+json)|image\/svg\+xml)/i;
export const isCompressible = (contentType: string | undefined) => !!contentType && TEXT.test(contentType);

/** Whether a coding's parameters (`;q=0.5`) refuse it: a weight of 0. */
function refused(params: string): boolean {
  const q = params
    .split(';')
    .map((p) => p.trim())
    .find((p) => p.toLowerCase().startsWith('q='));
  return q !== undefined && Number(q.slice(2)) === 0;
}

/**
 * The encoding to answer with: brotli first, then gzip, as browsers send `br, gzip`. `q=0` refuses. Read at
 * each ask, split and not matched by a pattern, so any header costs one pass; a plain list ("gzip, deflate,
 * br, zstd", what browsers send) builds nothing but its parts, since this runs for every answer from memory.
 * A process-wide memo of the headers would be state no instance owns (decision 117).
 */
export function chooseEncoding(accept: string | undefined): Encoding | undefined {
  if (!accept) return undefined;
  let gzip = false;
  for (const part of accept.split(',')) {
    const semi = part.indexOf(';');
    const coding = (semi < 0 ? part : part.slice(0, semi)).trim().toLowerCase();
    if ((coding !== 'br' && coding !== 'gzip') || (semi >= 0 && refused(part.slice(semi + 1)))) continue;
    if (coding === 'br') return 'br';
    gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

/**
 * How hard to compress. `fast` is for a body made for one answer (a render, API JSON): brotli quality 1,
 * one of its two one-pass compressors, costs half of quality 2's CPU in the server (zlib's pool: 111–119 µs
 * against 212–232 µs a 48 KB listings page) for ~7 % more bytes (11.2 KB against 10.4 KB; docs/perf/serving-speed-history.md).
 * `kept` is stronger, always on zlib's pool, for a body made once and sent many times; the page cache no longer
 * asks for it (it compresses each encoding of a page once, `fast`: decision 120).
 */
export type Effort = 'fast' | 'kept';
const QUALITY: Record<Effort, { br: number; gzip: number }> = { fast: { br: 1, gzip: 3 }, kept: { br: 5, gzip: 6 } };

/**
 * A brotli window no larger than the body (the default is 4 MiB) spares each call allocating, zeroing and
 * garbage-collecting megabytes it never uses.
 */
const brotliParams = (size: number, quality: number) => ({
  [constants.BROTLI_PARAM_QUALITY]: quality,
  [constants.BROTLI_PARAM_LGWIN]: Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(16, Math.ceil(Math.log2(size + 1)))),
  [constants.BROTLI_PARAM_SIZE_HINT]: size,
});

/**
 * The largest body compressed on the calling thread, at the fast qualities only. Handing a page to zlib's
 * pool and back cost this 2-core machine more than compressing it: a 48 KB listings page takes ~75 µs of
 * brotli quality 1 alone, and the hand-off added a pool thread's wake-up, a stream's events and a second
 * copy (docs/perf/serving-speed-history.md). Up to this size a page or an API answer costs 25–150 µs here; gzip level 3 of text
 * that barely compresses (random base64) reaches ~0.6 ms, the worst case.
 */
export const INLINE_MAX_BYTES = 64 * 1024;

/**
 * The body compressed: the bytes at once when it is small enough to compress here (see INLINE_MAX_BYTES),
 * else a promise of them from zlib's thread pool. A failure is a rejected promise either way.
 */
export function compress(body: Uint8Array, encoding: Encoding, effort: Effort = 'fast'): Buffer | Promise<Buffer> {
  const quality = QUALITY[effort];
  const options = encoding === 'br' ? { params: brotliParams(body.length, quality.br) } : { level: quality.gzip };
  if (effort === 'kept' || body.length > INLINE_MAX_BYTES) return encoding === 'br' ? brotli(body, options) : gz(body, options);
  try {
    return encoding === 'br' ? brotliCompressSync(body, options) : gzipSync(body, options);
  } catch (err) {
    return Promise.reject(err as Error);
  }
}

/** Adds an encoding to a Vary header value, keeping what is there. */
export function varyWithEncoding(vary: string | null | undefined): string {
  if (!vary) return 'Accept-Encoding';
  return /\baccept-encoding\b/i.test(vary) || vary.trim() === '*' ? vary : `${vary}, Accept-Encoding`;
}

/**
 * A Fetch answer compressed for its request when it is text of 1 KB or more and not already encoded
 * (API JSON, the admin's app shell). Binary files and unknown-length streams of other types pass as they are.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  const encoding = chooseEncoding(request.headers.get('accept-encoding') ?? undefined);
  const headers = response.headers;
  if (
    !response.body ||
    request.method === 'HEAD' ||
    !isCompressible(headers.get('content-type') ?? undefined) ||
    headers.has('content-encoding')
  )
    return response;
  const length = Number(headers.get('content-length') ?? Number.NaN);
  if (length < MIN_COMPRESS_BYTES) return response;
  headers.set('vary', varyWithEncoding(headers.get('vary')));
  if (!encoding) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const init = { status: response.status, statusText: response.statusText, headers };
  if (body.length < MIN_COMPRESS_BYTES) return new Response(body, init);
  const out = await compress(body, encoding);
  headers.set('content-encoding', encoding);
  headers.set('content-length', String(out.length));
  return new Response(new Uint8Array(out), init);
}
