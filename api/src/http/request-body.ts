// Reading a request's body as Node received it. Under @hono/node-server that is the IncomingMessage
// itself, not the web stream Hono wraps around it: its backpressure is exact, and a body left unread after
// a refusal can still be drained by @hono/node-server once the answer is sent (up to 500 ms and 64 MiB,
// then the connection is closed cleanly). The web wrapper, once read, pauses the message whenever its own
// queue is full, which stalls that drain and leaves a client still sending blocked.
import { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Context } from 'hono';

/** The body as a Node stream (elsewhere than under Node's server, app.request in tests: the web stream converted); none for a bodiless request. */
export function requestStream(c: Context): Readable | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof IncomingMessage && !incoming.readableDidRead) return incoming;
  return c.req.raw.body ? Readable.fromWeb(c.req.raw.body as unknown as WebReadableStream<Uint8Array>) : undefined;
}

/** A multipart upload (streamed to disk by http/uploads.ts) rather than a body read whole. */
export const isMultipart = (contentType: string | undefined) => /^multipart\/form-data/i.test(contentType ?? '');

/**
 * The whole body if it is at most `max` bytes; undefined as soon as it passes them, the rest left unread
 * (and the stream paused, never destroyed: see above).
 */
export function readUpTo(body: Readable, max: number): Promise<Buffer<ArrayBuffer> | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (result: Buffer<ArrayBuffer> | undefined) => {
      body.off('data', onData).off('end', onEnd).off('error', reject);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      body.pause();
      settle(undefined);
    };
    const onEnd = () => settle(Buffer.concat(chunks));
    body.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

/**
 * After a refusal sent on a body left unread, outside Hono (the site's forms): what the client still sends
 * is read and dropped for `ms`, then the connection is closed cleanly, as @hono/node-server does for the API.
 */
export function drainThenClose(req: IncomingMessage, ms = 500) {
  const close = setTimeout(() => req.socket.destroySoon(), ms).unref();
  req.once('end', () => clearTimeout(close));
  req.resume();
}
