// Collects what a renderer writes to a ServerResponse (status, headers, body) instead of sending it: the
// page cache keeps and compresses the answer before it leaves.
import { transcode } from 'node:buffer';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

export type Captured = { status: number; headers: OutgoingHttpHeaders; body: Buffer };

/** Headers of the render that must not be replayed: this render's time, this connection's framing. */
const NOT_REPLAYED = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];

/**
 * Collects what the renderer writes to `res` (status, headers, body) instead of sending it, then
 * hands it to `done`, which sends it with the original methods.
 */
export function captureResponse(res: ServerResponse, done: (captured: Captured) => unknown) {
  const chunks: (Buffer | string)[] = [];
  let status = 200;
  const headers: OutgoingHttpHeaders = {};
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (typeof chunk === 'string') {
      const utf8 = typeof encoding !== 'string' || /^utf-?8$/i.test(encoding);
      chunks.push(utf8 ? chunk : Buffer.from(chunk, encoding as BufferEncoding));
    } else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  };
  const writeHead = ((code: number, ...args: unknown[]) => {
    status = code;
    const given = args.find((a) => a && typeof a === 'object');
    if (Array.isArray(given)) {
      for (let i = 0; i + 1 < given.length; i += 2) headers[String(given[i]).toLowerCase()] = given[i + 1] as string;
    } else if (given) {
      for (const [k, v] of Object.entries(given)) headers[k.toLowerCase()] = v as string;
    }
    return res;
  }) as ServerResponse['writeHead'];
  const write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    keep(chunk, encoding);
    const cb = [encoding, callback].find((a) => typeof a === 'function') as (() => void) | undefined;
    if (cb) queueMicrotask(cb);
    return true;
  }) as ServerResponse['write'];
  const end = ((chunk?: unknown, encoding?: unknown) => {
    if (typeof chunk !== 'function') keep(chunk, encoding);
    Object.assign(res, original);
    const all = withoutNames({ ...res.getHeaders(), ...headers }, NOT_REPLAYED);
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    if (res.statusCode !== 200 && status === 200) status = res.statusCode;
    // A page written in one piece (every render: the site does not stream) is encoded once, or kept as it came.
    const body = chunks.length === 1 ? asBuffer(chunks[0]!) : Buffer.concat(chunks.map(asBuffer));
    // What `done` returns may settle late (the page is compressed first): the chunks, which this scope
    // would keep until then, go now. A page's text kept for that long outlived V8's young generation.
    chunks.length = 0;
    void Promise.resolve(done({ status, headers: all, body })).catch(() => res.destroy());
    return res;
  }) as ServerResponse['end'];
  // Set from constants, not as `res.end = () => …`: V8 allocates a function written straight into a
  // property in the old generation (it expects a method), where it keeps this scope, and the response
  // with everything it reaches, alive through every young-generation collection until a full one
  // (docs/perf/serving-speed-history.md).
  Object.assign(res, { writeHead, write, end });
}

/**
 * The headers but those named, as a new object. Not by `delete`: an object that lost a property becomes a
 * dictionary, and a kept page's headers are walked again at every answer from memory (Node's writeHead),
 * where a dictionary's keys cost several times a plain object's (callgrind: ~2,000 more instructions a hit).
 */
export function withoutNames(headers: OutgoingHttpHeaders, names: readonly string[]): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const name of Object.keys(headers)) if (!names.includes(name)) kept[name] = headers[name];
  return kept;
}

const asBuffer = (chunk: Buffer | string) => (typeof chunk === 'string' ? utf8(chunk) : chunk);

/** Below this many UTF-16 units Buffer.from is as fast (it fills a shared pool). */
const LONG_TEXT = 4096;

/**
 * A text's UTF-8 bytes, as Buffer.from(text) gives them. A long one goes through UTF-16 and transcode():
 * on Node 24 that is two to three times faster than Buffer.from for a page's tens of kilobytes (a 48 KB
 * listings page: 34 µs against 79 µs, docs/perf/serving-speed-history.md). transcode() refuses a lone surrogate, which
 * Buffer.from writes as U+FFFD: such a text takes Buffer.from.
 */
export function utf8(text: string): Buffer {
  if (text.length < LONG_TEXT) return Buffer.from(text);
  try {
    return transcode(Buffer.from(text, 'utf16le'), 'utf16le', 'utf8');
  } catch {
    return Buffer.from(text);
  }
}
