// A microcache of public pages for anonymous visitors: rendering a catalogue page costs far more CPU
// than sending it, and under load most visitors ask for the same few pages. An answer is kept only
// when the site marked it shareable (Cache-Control: public, no Set-Cookie) and is used only while
// nothing has written to the database since it was rendered: `version()` changes on every API write
// and on every commit by another connection (PRAGMA data_version), so no visitor sees stale data.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

type Entry = { version: string; at: number; status: number; headers: OutgoingHttpHeaders; body: Buffer; etag?: string };

export type PageCacheOptions = {
  /** Changes whenever the data behind the pages may have changed. */
  version: () => string;
  /** Safety net for what the version cannot see (the date on the legal pages, say). */
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
};

export type PageCache = {
  /** Answers from the cache, or renders through `render` and keeps the answer when it may be shared. */
  handle(req: IncomingMessage, res: ServerResponse, render: () => unknown): unknown;
  size(): number;
};

/** The encoding the site would choose for this request, so one key holds one encoding. */
const encodingOf = (accept: string) => (/\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : 'identity');

export function createPageCache({ version, ttlMs = 60_000, maxEntries = 2_000, maxBytes = 64 * 1024 * 1024, now = Date.now }: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>(); // insertion order = least recently used first
  let bytes = 0;

  const remove = (key: string) => {
    const old = entries.get(key);
    if (old) bytes -= old.body.length;
    entries.delete(key);
  };
  const store = (key: string, entry: Entry) => {
    remove(key);
    entries.set(key, entry);
    bytes += entry.body.length;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  };

  const cacheable = (req: IncomingMessage) => (req.method === 'GET' || req.method === 'HEAD') && !req.headers.cookie && !req.headers.authorization;

  // Renders under way, by key: visitors who miss while a page is being rendered wait for that render
  // instead of starting their own (after a write, a crowd would otherwise render the same page at once).
  const inFlight = new Map<string, { version: string; done: Promise<Entry | undefined> }>();

  const fresh = (entry: Entry | undefined, current: string): entry is Entry => entry !== undefined && entry.version === current && now() - entry.at < ttlMs;

  const send = (req: IncomingMessage, res: ServerResponse, entry: Entry) => {
    const notModified = entry.status === 200 && entry.etag !== undefined && String(req.headers['if-none-match'] ?? '').split(',').some((t) => t.trim() === entry.etag);
    res.writeHead(notModified ? 304 : entry.status, notModified ? entry.headers : { ...entry.headers, 'content-length': entry.body.length });
    res.end(notModified || req.method === 'HEAD' ? undefined : entry.body);
  };

  const renderAndKeep = (key: string, current: string, res: ServerResponse, render: () => unknown) => {
    let settle!: (entry: Entry | undefined) => void;
    const done = new Promise<Entry | undefined>((resolve) => (settle = resolve));
    inFlight.set(key, { version: current, done });
    const finish = (entry: Entry | undefined) => {
      if (inFlight.get(key)?.done === done) inFlight.delete(key);
      settle(entry);
    };
    res.once('close', () => finish(undefined)); // no-op when capture already settled it
    capture(res, (status, headers, body) => {
      const cacheControl = String(headers['cache-control'] ?? '');
      if ((status === 200 || status === 404) && /\bpublic\b/.test(cacheControl) && headers['set-cookie'] === undefined) {
        const entry: Entry = { version: current, at: now(), status, headers, body, etag: headers.etag === undefined ? undefined : String(headers.etag) };
        store(key, entry);
        finish(entry);
      } else {
        finish(undefined);
      }
    });
    return render();
  };

  return {
    size: () => entries.size,
    handle(req, res, render) {
      if (!cacheable(req)) return render();
      const key = `${req.headers.host ?? ''} ${encodingOf(String(req.headers['accept-encoding'] ?? ''))} ${req.url}`;
      const current = version();
      const hit = entries.get(key);
      if (fresh(hit, current)) {
        entries.delete(key);
        entries.set(key, hit); // most recently used
        return send(req, res, hit);
      }
      if (hit) remove(key);
      const pending = inFlight.get(key);
      if (pending && pending.version === current) {
        return pending.done.then((entry) => (entry ? send(req, res, entry) : render()));
      }
      if (req.method === 'HEAD') return render(); // a HEAD answer has no body to keep
      return renderAndKeep(key, current, res, render);
    },
  };
}

/** Watches what the renderer writes to `res` (status, headers, body) without changing it. */
function capture(res: ServerResponse, done: (status: number, headers: OutgoingHttpHeaders, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  let headersFromWriteHead: OutgoingHttpHeaders = {};
  const keep = (chunk: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    const headers = args.find((a, i) => i > 0 && a && typeof a === 'object');
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) headersFromWriteHead[String(headers[i]).toLowerCase()] = headers[i + 1] as string;
    } else if (headers) {
      headersFromWriteHead = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    }
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') keep(chunk);
    const result = end(chunk, ...rest);
    const headers = { ...res.getHeaders(), ...headersFromWriteHead };
    delete headers.date;
    delete headers['server-timing']; // the time of this render, not of later answers from memory
    delete headers.connection;
    delete headers['keep-alive'];
    delete headers['transfer-encoding'];
    done(res.statusCode, headers, Buffer.concat(chunks));
    return result;
  }) as ServerResponse['end'];
}
