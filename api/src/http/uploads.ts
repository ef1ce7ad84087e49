// Streams a multipart request to temporary files with @fastify/busboy (the maintained fork of busboy), never holding a whole file in memory.
// The per-file cap is enforced while reading (chunked bodies included); the file type is decided later
// from the first bytes kept here (services/uploads.ts), never from the name or the declared type.
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { IncomingMessage } from 'node:http';
import { finished, type Readable } from 'node:stream';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { ApiError } from './errors.ts';
import { isMultipart, requestStream } from './request-body.ts';
import type { Storage } from '../services/storage.ts';
import { requestMessages } from '@app/domain/api-messages';
import { idempotencyMessages } from '@app/domain/idempotency';
import { bodyDigestOf } from '../services/idempotency.ts';
import { removeTemp, safeFileName, SNIFF_BYTES, type UploadedFile } from '../services/uploads.ts';

/** `fields` holds each text part's first value, `fieldValues` every value in order (a repeated part, OpenAPI's array). */
export type MultipartResult = { fields: Record<string, string>; fieldValues: Record<string, string[]>; files: UploadedFile[] };

export type MultipartOptions = {
  storage: Storage;
  fileFields: string[];
  maxFileBytes: number;
  maxFiles: number;
  /** Message of the 413 when the whole upload must stop (a single oversize image). */
  tooLargeMessage: string;
  /** true: one oversize file fails the request with 413; false: it is reported and the others kept. */
  abortOnTooLarge: boolean;
};

/**
 * Parses the request body. Oversize files stop being written at the cap; when abortOnTooLarge is set the
 * request ends with 413 and nothing is kept. The rest of an oversize body is read and discarded up to a
 * ceiling, so the client receives the answer instead of a reset connection; past it the socket is closed.
 */
export async function parseMultipart(c: Context<AppEnv>, options: MultipartOptions): Promise<MultipartResult> {
  const contentType = c.req.header('content-type') ?? '';
  if (!isMultipart(contentType)) throw new ApiError(400, requestMessages.multipartExpected);
  const ceiling = options.maxFiles * options.maxFileBytes + 1024 * 1024;
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (declared > ceiling) throw new ApiError(413, options.tooLargeMessage);

  let parser: BusboyInstance;
  try {
    // A file of exactly maxFileBytes is accepted; the 'limit' event fires from the byte after it.
    parser = Busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: options.maxFileBytes, files: options.maxFiles, fields: 50, fieldSize: 64 * 1024, parts: 100 },
      defCharset: 'utf8',
      // @fastify/busboy's own rule (lib/types/multipart.js), kept whole: a part is a file when its
      // Content-Disposition carries a filename or its Content-Type is application/octet-stream. Ours adds
      // one case: a part named as one of the route's file fields is a file too, with neither (RFC 7578 only
      // says it SHOULD have a filename): the API document says these parts are binary, and a client may send
      // them bare. Without it such a part would be read as a text field.
      isPartAFile: (field, type, filename) =>
        filename !== undefined || type === 'application/octet-stream' || (field !== undefined && options.fileFields.includes(field)),
    });
  } catch {
    throw new ApiError(400, requestMessages.multipartInvalid);
  }

  const source = requestStream(c);
  if (!source) throw new ApiError(400, requestMessages.multipartExpected);

  const fields: Record<string, string> = {};
  // No prototype: a part named `toString` or `__proto__` is a name like any other.
  const fieldValues: Record<string, string[]> = Object.create(null);
  const files: UploadedFile[] = [];
  const streams: Readable[] = [];
  const parts: Readable[] = []; // every file part, kept or drained
  const outs: fs.WriteStream[] = [];
  const closed: Promise<void>[] = [];
  let aborted = false;
  const digest = new PartsDigest();
  // The first failure of the body, the parser, a file part or a file's write ends the whole upload.
  let fail!: (err: unknown) => void;
  const failure = new Promise<never>((_, reject) => (fail = reject));
  failure.catch(() => {}); // awaited below; until then, not an unhandled rejection
  // The writes of the chunk being read, and that chunk's memory (reading.buffer): see feedParser.
  const writing: Promise<void>[] = [];
  let reading: ArrayBufferLike | undefined;

  parser.on('field', (name, value) => {
    digest.field(name, value);
    if (!(name in fields)) fields[name] = value;
    (fieldValues[name] ??= []).push(value);
  });
  parser.on('file', (field, stream, filename) => {
    const feed = digest.file(field, filename);
    parts.push(stream);
    // A part the body stops in the middle of fails here and in the parser; the parser's error is the one reported.
    stream.on('error', fail);
    if (aborted || !options.fileFields.includes(field)) {
      stream.on('data', feed);
      stream.resume();
      return;
    }
    const file: UploadedFile = {
      field,
      originalName: safeFileName(filename),
      tempPath: options.storage.tempPath(),
      size: 0,
      tooLarge: false,
      head: Buffer.alloc(0),
    };
    files.push(file);
    streams.push(stream);
    const out = fs.createWriteStream(file.tempPath, { flags: 'wx' });
    outs.push(out);
    out.on('error', fail);
    const head = Buffer.alloc(SNIFF_BYTES);
    let headLength = 0;
    stream.on('data', (chunk: Buffer) => {
      // Cannot happen (feedParser releases a chunk only once the parser is done with it); if it did, the file would be cut short.
      if (chunk.buffer instanceof ArrayBuffer && chunk.buffer.detached) fail(new ReleasedTooEarly());
      feed(chunk);
      file.size += chunk.length;
      if (headLength < SNIFF_BYTES) headLength += chunk.copy(head, headLength);
      // A view of the body chunk being read is written as it is, and that chunk's memory is given back
      // once written. Any other buffer is the parser's own (a few bytes of a boundary's look-behind, which
      // it overwrites at its next write): copied.
      const bytes = chunk.buffer === reading ? chunk : Buffer.from(chunk);
      writing.push(new Promise<void>((resolve) => out.write(bytes, () => resolve())));
    });
    stream.on('limit', () => {
      file.tooLarge = true;
      if (options.abortOnTooLarge) aborted = true;
    });
    stream.once('end', () => out.end());
    closed.push(
      new Promise<void>((resolve) => out.once('close', resolve)).then(() => {
        file.head = head.subarray(0, headLength);
        if (file.tooLarge) fs.rmSync(file.tempPath, { force: true });
      }),
    );
  });

  try {
    await Promise.race([
      failure,
      feedParser(source, parser, {
        maxBytes: ceiling,
        tooMuch: () => new ApiError(413, options.tooLargeMessage),
        reading: (chunk) => (reading = chunk?.buffer),
        written: () => Promise.all(writing.splice(0)).then(() => {}),
        idle: () => parts.every((part) => part.readableLength === 0),
      }),
    ]);
    await Promise.race([failure, Promise.all(closed)]);
  } catch (err) {
    // The parser leaves a file part open when the body stops mid-file: its file is closed here.
    for (const stream of streams) stream.destroy();
    for (const out of outs) out.destroy();
    await Promise.all(closed.map((done) => done.catch(() => {})));
    removeTemp(files);
    throw err instanceof ApiError || err instanceof ReleasedTooEarly ? err : new ApiError(400, requestMessages.multipartInterrupted);
  }
  if (aborted) {
    removeTemp(files);
    throw new ApiError(413, options.tooLargeMessage);
  }
  c.set('bodyDigest', digest.digest());
  return { fields, fieldValues, files: files.filter((f) => !f.tooLarge).concat(files.filter((f) => f.tooLarge)) };
}

/**
 * A digest of a multipart body's parts in order (names, values, file names and bytes), the same
 * whatever boundary the client drew: a retried upload has a new boundary but is the same request.
 * Each part has its own hash because a file's bytes may still arrive after the next part began.
 */
class PartsDigest {
  private readonly parts: Hash[] = [];
  private bytes = 0;
  field(name: string, value: string) {
    this.bytes += Buffer.byteLength(value);
    this.parts.push(createHash('sha256').update(`field\n${name}\n${value}`));
  }
  file(field: string, filename: string | undefined): (chunk: Buffer) => void {
    const hash = createHash('sha256').update(`file\n${field}\n${filename ?? ''}\n`);
    this.parts.push(hash);
    return (chunk) => {
      this.bytes += chunk.length;
      hash.update(chunk);
    };
  }
  digest(): string {
    const all = createHash('sha256');
    for (const part of this.parts) all.update(part.digest('hex'));
    return bodyDigestOf(all.digest('hex'), this.bytes);
  }
}

class ReleasedTooEarly extends Error {
  override message = 'a body chunk was released while the multipart parser still used it';
}

type FeedOptions = {
  /** More than this many bytes: `tooMuch()` is the error, and the rest of the body is left unread. */
  maxBytes: number;
  tooMuch: () => ApiError;
  /** Told which chunk is being parsed (undefined once it is done with). */
  reading?: (chunk: Buffer | undefined) => void;
  /** The writes of what the parser gave out of the chunk just parsed, once they all completed. */
  written?: () => Promise<void>;
  /** false while a stream of the caller still queues bytes it was given: the chunk is then left to the collector. */
  idle?: () => boolean;
};

/**
 * Writes `source` into `parser` one chunk at a time, with the source paused meanwhile, and resolves once
 * the body ended and the parser finished. More than `maxBytes` rejects with `tooMuch()` and the source is
 * left paused, never destroyed, so the answer still reaches the client (request-body.ts).
 *
 * Each body chunk Node's HTTP parser hands over is a fresh ~64 KiB ArrayBuffer outside V8's heap. Only a
 * collection would free it, and V8 lets some 64 MiB of them pile up first: a 50 MiB upload would grow the
 * process by about its size. So once nothing needs a chunk's bytes any more, its memory is given back at
 * once by detaching its ArrayBuffer (`transfer(0)`, ES2024): the parser parses a chunk synchronously and
 * keeps no view of it (its boundary look-behind and header buffers are copies: lib/types/multipart.js and
 * deps/ of @fastify/busboy 3), but the parts' streams may hand views on a tick later, so the chunk is
 * released after its write callback, a turn of the event loop (every such tick ran by then) and the
 * completion of the writes of its views (`written`), when no stream holds queued bytes (`idle`). Only a
 * chunk of the request itself whose ArrayBuffer it fills, and that no one else listens to, is released.
 */
function feedParser(source: Readable, parser: BusboyInstance, options: FeedOptions): Promise<void> {
  const ownChunks = source instanceof IncomingMessage && source.listenerCount('data') === 0;
  return new Promise<void>((resolve, reject) => {
    let read = 0;
    let busy = false;
    let ended = false;
    let parsed = false;
    let stopped = false;
    const stopReading = () => {
      stopped = true;
      source.off('data', onData).off('end', onEnd);
    };
    const fail = (err: unknown) => {
      stopReading();
      reject(err);
    };
    const endParser = () => {
      stopReading();
      if (parsed) resolve();
      else parser.once('finish', resolve).end();
    };
    const parse = async (chunk: Buffer) => {
      const releasable =
        ownChunks &&
        chunk.buffer instanceof ArrayBuffer &&
        !chunk.buffer.detached &&
        chunk.byteOffset === 0 &&
        chunk.buffer.byteLength === chunk.length &&
        source.listenerCount('data') === 1;
      options.reading?.(chunk);
      await new Promise<void>((done, failed) => parser.write(chunk, (err) => (err ? failed(err) : done())));
      await new Promise((next) => setImmediate(next));
      options.reading?.(undefined);
      await options.written?.();
      if (releasable && parser.writableLength === 0 && (options.idle?.() ?? true)) chunk.buffer.transfer(0);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      source.pause();
      if (read > options.maxBytes) return fail(options.tooMuch());
      busy = true;
      parse(chunk).then(() => {
        busy = false;
        if (stopped) return; // failed meanwhile: the rest stays unread
        if (ended) endParser();
        else source.resume();
      }, fail);
    };
    const onEnd = () => {
      ended = true;
      if (!busy) endParser();
    };
    parser.once('finish', () => (parsed = true)).once('error', fail);
    // An interrupted body (the client went away) fails; once the answer is decided it no longer matters.
    finished(source, (err) => {
      if (err) fail(err);
    });
    source.on('data', onData).once('end', onEnd);
  });
}

/**
 * Reads a multipart body only to digest it (a replayed upload): nothing is written to disk, and no more
 * than `maxBytes` is read. A longer body cannot be the request it replays: 422, and the rest is not read.
 */
export async function digestMultipart(c: Context, maxBytes: number): Promise<string> {
  const digest = new PartsDigest();
  const source = requestStream(c);
  if (!source) throw new ApiError(400, requestMessages.multipartExpected);
  if (Number(c.req.header('content-length') ?? 0) > maxBytes) throw new ApiError(422, idempotencyMessages.mismatch);
  try {
    const parser = Busboy({ headers: { 'content-type': c.req.header('content-type') ?? '' }, defCharset: 'utf8' });
    parser.on('field', (name, value) => digest.field(name, value));
    parser.on('file', (field, stream, filename) => {
      // A part the body stops in the middle of fails in the parser too: that error is the one reported.
      stream.on('error', () => {});
      stream.on('data', digest.file(field, filename));
    });
    await feedParser(source, parser, { maxBytes, tooMuch: () => new ApiError(422, idempotencyMessages.mismatch) });
  } catch (err) {
    throw err instanceof ApiError ? err : new ApiError(400, requestMessages.multipartInterrupted);
  }
  return digest.digest();
}
