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
import { captureResponse, type Captured } from './response-capture.ts';
import { chooseEncoding, compress, isCompressible, MIN_COMPRESS_BYTES, varyWithEncoding, type Effort, type Encoding } from './compression.ts';

type Variant = { headers: OutgoingHttpHeaders; body: Buffer };
type Entry = {
  version: string;
  at: number;
  status: number;
  etag?: string;
  compressible: boolean;
  identity: Variant;
  /** Per encoding: being made (a promise), then made; `kept` once it is the strong compression. */
  encoded: Partial<Record<Encoding, { variant: Variant | Promise<Variant>; effort: Effort }>>;
  notModified: OutgoingHttpHeaders;
  bytes: number;
  /** In the cache: only then do its bytes count against maxBytes. */
  stored: boolean;
  /** Answers sent from memory so far. */
  hits: number;
  /** Asked since it was stored or last spared from eviction (its second chance). */
  used: boolean;
};

/** Answers from memory after which a page counts as asked often: its strong compression then pays for itself. */
const HOT_AFTER_HITS = 8;

export type PageCacheOptions = {
  /** Changes whenever the data behind the pages may have changed. Called on every request: keep it cheap. */
  version: () => string;
  /** Safety net for what the version cannot see (the date on the legal pages, say). */
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /**
   * GET renders under way at once; further misses wait in turn. Renders on the main thread are CPU work
   * there: fifty interleaved renders each finish only when all are nearly done, queued ones finish one after
   * the other (4, the default). Render threads want more (their pool's `concurrency`): each page crosses threads four times,
   * and a thread with few pages under way waits on the other for every crossing (decision 105).
   */
  maxRenders?: number;
  now?: () => number;
};

export type PageCache = {
  /** Answers from the cache, or renders through `render` (which writes to `res`), keeps the answer when it may be shared, and sends it compressed. */
  handle(req: IncomingMessage, res: ServerResponse, render: () => unknown): unknown;
  size(): number;
};

export function createPageCache({ version, ttlMs = 60_000, maxEntries = 2_000, maxBytes = 64 * 1024 * 1024, maxRenders = 4, now = Date.now }: PageCacheOptions): PageCache {
  // Least recently used first, nearly: a hit only marks its entry `used`, and eviction moves a used entry to
  // the back instead of dropping it (a second chance). Moving an entry on every hit instead (delete, then
  // set) made V8 rebuild the whole Map every few hits once it held a thousand pages: 1–2 µs a hit, a tenth
  // of what a hit costs (decision 106).
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const remove = (key: string) => {
    const old = entries.get(key);
    if (old) {
      bytes -= old.bytes;
      old.stored = false;
    }
    entries.delete(key);
  };
  const store = (key: string, entry: Entry) => {
    remove(key);
    entries.set(key, entry);
    entry.stored = true;
    bytes += entry.bytes;
    for (const [oldest, old] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      if (old.used) {
        old.used = false;
        entries.delete(oldest);
        entries.set(oldest, old); // visited again at the end of this loop, then dropped if still needed
      } else remove(oldest);
    }
  };

  // Renders under way, by key: visitors who miss while a page is rendered wait for that render (or
  // take the previous copy) instead of starting their own.
  const inFlight = new Map<string, { version: string; done: Promise<Entry | undefined> }>();

  const encodeBody = (entry: Entry, encoding: Encoding, effort: Effort): Variant | Promise<Variant> => {
    const toVariant = (body: Buffer): Variant => ({ headers: { ...entry.identity.headers, 'content-encoding': encoding, 'content-length': body.length }, body });
    const body = compress(entry.identity.body, encoding, effort);
    return body instanceof Promise ? body.then(toVariant) : toVariant(body);
  };
  // An answer not kept (a private page, a POST's) is compressed too, and a kept one may be dropped while
  // its compression runs: their bytes are not the cache's.
  const grow = (entry: Entry, delta: number) => {
    entry.bytes += delta;
    if (entry.stored) bytes += delta;
  };

  /**
   * The answer in this encoding. The first one is compressed fast (it may be the only one: most misses are
   * pages nobody asks again); a page asked often is compressed once more, strongly, in the background, and
   * its later visitors get the smaller body. Once made, a variant is sent without waiting on a promise.
   */
  const variantFor = (entry: Entry, encoding: Encoding | undefined, hot: boolean): Variant | Promise<Variant> => {
    if (!encoding || !entry.compressible) return entry.identity;
    const slot = entry.encoded[encoding];
    if (!slot) {
      const encoded = encodeBody(entry, encoding, 'fast');
      const made: { variant: Variant | Promise<Variant>; effort: Effort } = { variant: encoded, effort: 'fast' };
      entry.encoded[encoding] = made;
      const settle = (variant: Variant) => {
        made.variant = variant;
        grow(entry, variant.body.length);
        return variant;
      };
      return encoded instanceof Promise ? (made.variant = encoded.then(settle)) : settle(encoded);
    }
    const fast = slot.variant;
    if (hot && slot.effort === 'fast' && !(fast instanceof Promise)) {
      slot.effort = 'kept';
      Promise.resolve(encodeBody(entry, encoding, 'kept')).then(
        (variant) => {
          slot.variant = variant;
          grow(entry, variant.body.length - fast.body.length);
        },
        () => undefined, // the fast copy stays
      );
    }
    return slot.variant;
  };

  const write = (req: IncomingMessage, res: ServerResponse, status: number, variant: Variant) => {
    res.writeHead(status, variant.headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  };

  /** `fromMemory`: not the answer of this visitor's own render. */
  const send = (req: IncomingMessage, res: ServerResponse, entry: Entry, fromMemory = true): unknown => {
    if (fromMemory) {
      entry.hits++;
      entry.used = true;
    }
    const match = entry.etag !== undefined && req.headers['if-none-match'];
    if (match && entry.status === 200 && match.split(',').some((t) => t.trim() === entry.etag)) {
      res.writeHead(304, entry.notModified);
      return res.end();
    }
    const variant = variantFor(entry, chooseEncoding(req.headers['accept-encoding']), entry.hits >= HOT_AFTER_HITS);
    if (!(variant instanceof Promise)) return write(req, res, entry.status, variant);
    return variant.then((v) => write(req, res, entry.status, v));
  };

  const toEntry = (current: string, { status, headers, body }: Captured): Entry => {
    if (status === 200 && headers.etag === undefined && body.length > 0) headers.etag = `W/"${hash('sha1', body, 'base64url').slice(0, 22)}"`;
    const compressible = body.length >= MIN_COMPRESS_BYTES && isCompressible(String(headers['content-type'] ?? '')) && headers['content-encoding'] === undefined;
    const base = compressible ? { ...headers, vary: varyWithEncoding(headers.vary === undefined ? undefined : String(headers.vary)) } : headers;
    const notModified = { ...base };
    delete notModified['content-type'];
    return {
      version: current,
      at: now(),
      status,
      etag: headers.etag === undefined ? undefined : String(headers.etag),
      compressible,
      identity: { headers: { ...base, 'content-length': body.length }, body },
      encoded: {},
      notModified,
      bytes: body.length,
      stored: false,
      hits: 0,
      used: false,
    };
  };

  // An answer the renderer encoded itself (the sitemap) holds one encoding: it is not kept under a key shared by all.
  const shareable = ({ status, headers }: Captured) =>
    (status === 200 || status === 404) &&
    /\bpublic\b/.test(String(headers['cache-control'] ?? '')) &&
    headers['set-cookie'] === undefined &&
    headers['content-encoding'] === undefined;

  // Renders under way, and misses waiting for their turn, first come first served.
  let rendering = 0;
  const waiting: (() => void)[] = [];
  /** A miss's turn to render: `run` starts the render once fewer than maxRenders run; `over` ends the turn (once). */
  const renderTurn = (res: ServerResponse) => {
    let held = false;
    const over = () => {
      if (!held) return;
      held = false;
      const next = waiting.shift();
      if (next) next();
      else rendering--;
    };
    res.once('close', over); // the visitor left, or the answer is sent
    const start = (render: () => unknown) => {
      held = true;
      if (res.destroyed) return over(); // the visitor left while waiting
      const running = render();
      if (running instanceof Promise) running.then(over, over);
      return running;
    };
    const run = (render: () => unknown): unknown => {
      if (rendering >= maxRenders) return new Promise((resolve) => waiting.push(() => resolve(start(render))));
      rendering++;
      return start(render);
    };
    return { run, over };
  };

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
    const turn = req.method === 'GET' ? renderTurn(res) : undefined;
    captureResponse(res, (rendered) => {
      turn?.over(); // the page is whole: compressing it need not hold up the next render
      // The time of this render is for this visitor only, not for later answers from memory.
      const timing = rendered.headers['server-timing'];
      delete rendered.headers['server-timing'];
      if (timing !== undefined) res.setHeader('server-timing', timing);
      const entry = toEntry(current, rendered);
      if (key && shareable(rendered)) store(key, entry);
      finish(key && shareable(rendered) ? entry : undefined);
      return send(req, res, entry, false);
    });
    return turn ? turn.run(render) : render();
  };

  const fresh = (entry: Entry | undefined, current: string): entry is Entry => entry !== undefined && entry.version === current && now() - entry.at < ttlMs;
  const usable = (entry: Entry | undefined): entry is Entry => entry !== undefined && now() - entry.at < ttlMs;

  return {
    size: () => entries.size,
    handle(req, res, render) {
      const cacheable = (req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization;
      if (!cacheable) return req.method === 'HEAD' ? render() : renderAndSend(undefined, '', req, res, render);
      const key = `${req.headers.host ?? ''} ${req.url}`;
      const current = version();
      const hit = entries.get(key);
      if (fresh(hit, current)) return send(req, res, hit);
      const pending = inFlight.get(key);
      if (pending && pending.version === current) {
        // A fresh copy is on its way: the previous one meanwhile, else wait for it.
        if (usable(hit)) return send(req, res, hit);
        return pending.done.then((entry) => (entry ? send(req, res, entry) : req.method === 'HEAD' ? render() : renderAndSend(undefined, current, req, res, render)));
      }
      if (req.method === 'HEAD') return render(); // a HEAD answer has no body to keep
      return renderAndSend(key, current, req, res, render);
    },
  };
}
