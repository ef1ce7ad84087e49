// The microcache and the finisher of public pages. Rendering a catalogue page costs far more CPU than
// sending it, and under load most visitors ask for the same few pages, so an answer the site marked
// shareable (Cache-Control: public, no Set-Cookie) is kept and replayed with the least work: its
// headers and its body per encoding are prepared once. Cookies play no part: the site's HTML does not
// depend on them (docs/decisions/078-one-page-for-every-visitor.md).
// `version()` moves on whenever the data behind the pages may have changed. After a change, the first
// visitor waits for a fresh render while the others get the previous copy (stale-while-revalidate),
// so a stream of admin writes never piles every visitor up behind renders.
// Every answer that passes here, kept or not, leaves compressed when it is text of 1 KB or more, and a
// 200 without a validator gets a weak ETag hashed from its body here, where the body is whole already
// (the site no longer reads its own answer back to hash it).
import { hash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { captureResponse, withoutNames, type Captured } from './response-capture.ts';
import { createRenderQueue } from './render-queue.ts';
import { LRUCache } from 'lru-cache';
import { chooseEncoding, compress, isCompressible, MIN_COMPRESS_BYTES, varyWithEncoding, type Encoding } from './compression.ts';

type Variant = { headers: OutgoingHttpHeaders; body: Buffer };

/**
 * A kept body holds only its own bytes. zlib's one-shot compression and Buffer's small allocations (up to
 * 32 KiB: a compressed page, a short page) are views of a 64 KiB slab shared by other buffers (Node 24's
 * `Buffer.poolSize`): kept for minutes, a page's 6 KB brotli copy kept the whole slab alive, unseen by
 * `maxBytes`. `Buffer.alloc` never takes from the slab (docs/perf/memory.md).
 */
function ownBytes(body: Buffer): Buffer {
  if (body.byteLength === body.buffer.byteLength) return body;
  const own = Buffer.alloc(body.byteLength);
  body.copy(own);
  return own;
}
type Entry = {
  version: string;
  at: number;
  status: number;
  etag?: string;
  compressible: boolean;
  identity: Variant;
  /** Per encoding: being made (a promise), then made. */
  encoded: Partial<Record<Encoding, Variant | Promise<Variant>>>;
  notModified: OutgoingHttpHeaders;
  /** The body and its compressed copies: what the entry weighs against maxBytes. */
  bytes: number;
};

export type PageCacheOptions = {
  /** Changes whenever the data behind the pages may have changed. Called on every request: keep it cheap. */
  version: () => string;
  /** Safety net for what the version cannot see (the date on the legal pages, say). */
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** GET renders under way at once; further misses wait in turn (render-queue.ts). 2: decision 116. */
  maxRenders?: number;
  now?: () => number;
};

export type PageCache = {
  /** Answers from the cache, or renders through `render` (which writes to `res`), keeps the answer when it may be shared, and sends it compressed. */
  handle(req: IncomingMessage, res: ServerResponse, render: () => unknown): unknown;
  size(): number;
};

export function createPageCache({
  version,
  ttlMs = 60_000,
  maxEntries = 2_000,
  maxBytes = 32 * 1024 * 1024,
  maxRenders = 2,
  now = Date.now,
}: PageCacheOptions): PageCache {
  // Least recently used pages go first, by count and by bytes (body and compressed copies).
  const entries = new LRUCache<string, Entry>({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (entry) => Math.max(entry.bytes, 1) });
  /**
   * Weighs a kept entry again once a compressed copy is added: lru-cache sizes an entry when it is set, and
   * setting the same value again keeps its old size, so the entry goes and comes back.
   */
  const reweigh = (key: string | undefined, entry: Entry) => {
    if (key === undefined || entries.peek(key) !== entry) return;
    entries.delete(key);
    entries.set(key, entry);
  };

  // Renders under way, by key: visitors who miss while a page is rendered wait for that render (or
  // take the previous copy) instead of starting their own. Bounded by nature: an entry ends with its render.
  const inFlight = new Map<string, { version: string; done: Promise<Entry | undefined> }>();

  const encodeBody = (entry: Entry, encoding: Encoding): Variant | Promise<Variant> => {
    const toVariant = (compressed: Buffer): Variant => {
      const body = ownBytes(compressed);
      return { headers: { ...entry.identity.headers, 'content-encoding': encoding, 'content-length': body.length }, body };
    };
    const body = compress(entry.identity.body, encoding);
    return body instanceof Promise ? body.then(toVariant) : toVariant(body);
  };

  /** The answer in this encoding, compressed once (fast) at its first asking; once made, sent without waiting on a promise. */
  const variantFor = (key: string | undefined, entry: Entry, encoding: Encoding | undefined): Variant | Promise<Variant> => {
    if (!encoding || !entry.compressible) return entry.identity;
    const made = entry.encoded[encoding];
    if (made) return made;
    const settle = (variant: Variant) => {
      entry.encoded[encoding] = variant;
      entry.bytes += variant.body.length;
      reweigh(key, entry);
      return variant;
    };
    const encoded = encodeBody(entry, encoding);
    return (entry.encoded[encoding] = encoded instanceof Promise ? encoded.then(settle) : settle(encoded));
  };

  const write = (req: IncomingMessage, res: ServerResponse, status: number, variant: Variant) => {
    res.writeHead(status, variant.headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  };

  /** `key`: the entry's place in the cache, when it is kept there. */
  const send = (req: IncomingMessage, res: ServerResponse, entry: Entry, key?: string): unknown => {
    const match = entry.etag !== undefined && req.headers['if-none-match'];
    if (match && entry.status === 200 && match.split(',').some((t) => t.trim() === entry.etag)) {
      res.writeHead(304, entry.notModified);
      return res.end();
    }
    const variant = variantFor(key, entry, chooseEncoding(req.headers['accept-encoding']));
    if (!(variant instanceof Promise)) return write(req, res, entry.status, variant);
    return variant.then((v) => write(req, res, entry.status, v));
  };

  const toEntry = (current: string, { status, headers, body }: Captured): Entry => {
    if (status === 200 && headers.etag === undefined && body.length > 0)
      headers.etag = `W/"${hash('sha1', body, 'base64url').slice(0, 22)}"`;
    const compressible =
      body.length >= MIN_COMPRESS_BYTES &&
      isCompressible(String(headers['content-type'] ?? '')) &&
      headers['content-encoding'] === undefined;
    const base = compressible
      ? { ...headers, vary: varyWithEncoding(headers.vary === undefined ? undefined : String(headers.vary)) }
      : headers;
    const notModified = withoutNames(base, ['content-type']);
    return {
      version: current,
      at: now(),
      status,
      etag: headers.etag === undefined ? undefined : String(headers.etag),
      compressible,
      identity: { headers: { ...base, 'content-length': body.length }, body: ownBytes(body) },
      encoded: {},
      notModified,
      bytes: body.length,
    };
  };

  // An answer the renderer encoded itself (the sitemap) holds one encoding: it is not kept under a key shared by all.
  const shareable = ({ status, headers }: Captured) =>
    (status === 200 || status === 404) &&
    /\bpublic\b/.test(String(headers['cache-control'] ?? '')) &&
    headers['set-cookie'] === undefined &&
    headers['content-encoding'] === undefined;

  const queue = createRenderQueue(maxRenders);

  /** Renders into memory, keeps the answer when it may be shared, and sends it to this visitor. */
  const renderAndSend = (key: string | undefined, current: string, req: IncomingMessage, res: ServerResponse, render: () => unknown) => {
    let settle!: (entry: Entry | undefined) => void;
    const done = new Promise<Entry | undefined>((resolve) => (settle = resolve));
    if (key) inFlight.set(key, { version: current, done });
    const finish = (entry: Entry | undefined) => {
      if (key && inFlight.get(key)?.done === done) inFlight.delete(key);
      settle(entry);
    };
    res.once('close', () => finish(undefined)); // no-op once the render settled it
    // Only GETs queue: their render is CPU work alone, where another method's render may read a request body
    // at the client's pace (four slow POSTs must not hold every page back).
    const turn = req.method === 'GET' ? queue.turn(res) : undefined;
    captureResponse(res, (rendered) => {
      turn?.over(); // the page is whole: compressing it need not hold up the next render
      // The time of this render is for this visitor only, not for later answers from memory.
      const timing = rendered.headers['server-timing'];
      if (timing !== undefined) res.setHeader('server-timing', timing);
      const entry = toEntry(current, { ...rendered, headers: withoutNames(rendered.headers, ['server-timing']) });
      const kept = key !== undefined && shareable(rendered) ? key : undefined;
      if (kept !== undefined) entries.set(kept, entry);
      finish(kept !== undefined ? entry : undefined);
      return send(req, res, entry, kept);
    });
    return turn ? turn.run(render) : render();
  };

  const fresh = (entry: Entry | undefined, current: string): entry is Entry =>
    entry !== undefined && entry.version === current && now() - entry.at < ttlMs;
  const usable = (entry: Entry | undefined): entry is Entry => entry !== undefined && now() - entry.at < ttlMs;

  return {
    size: () => entries.size,
    handle(req, res, render) {
      const cacheable = (req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization;
      if (!cacheable) return req.method === 'HEAD' ? render() : renderAndSend(undefined, '', req, res, render);
      const key = `${req.headers.host ?? ''} ${req.url}`;
      const current = version();
      const hit = entries.get(key);
      if (fresh(hit, current)) return send(req, res, hit, key);
      const pending = inFlight.get(key);
      if (pending && pending.version === current) {
        // A fresh copy is on its way: the previous one meanwhile, else wait for it.
        if (usable(hit)) return send(req, res, hit, key);
        return pending.done.then((entry) =>
          entry ? send(req, res, entry, key) : req.method === 'HEAD' ? render() : renderAndSend(undefined, current, req, res, render),
        );
      }
      if (req.method === 'HEAD') return render(); // a HEAD answer has no body to keep
      return renderAndSend(key, current, req, res, render);
    },
  };
}
