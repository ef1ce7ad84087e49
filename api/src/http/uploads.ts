// Streams a multipart request to temporary files with @fastify/busboy (the maintained fork of busboy), never holding a whole file in memory.
// The per-file cap is enforced while reading (chunked bodies included); the file type is decided later
// from the first bytes kept here (services/uploads.ts), never from the name or the declared type.
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { finished, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
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

/**
 * Each body chunk is a fresh 64 KiB buffer outside V8's heap. Their JS handles are tiny, so V8 would
 * only collect them after ~64 MiB of such garbage, and glibc keeps the freed memory mapped: a 50 MiB
 * upload would grow the process by its whole size. A young-generation collection every few MiB
 * (about a millisecond each) frees the chunks already written, and the next ones reuse that memory.
 * The node:v8 documentation shows this way of reaching `gc` without a command-line flag.
 */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;
const collectGarbage: (options: { type: 'minor' | 'major'; execution: 'sync' }) => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  v8.setFlagsFromString('--no-expose-gc');
  return gc;
})();

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

  const fields: Record<string, string> = {};
  // No prototype: a part named `toString` or `__proto__` is a name like any other.
  const fieldValues: Record<string, string[]> = Object.create(null);
  const files: UploadedFile[] = [];
  const writes: Promise<void>[] = [];
  const streams: Readable[] = [];
  let aborted = false;
  const digest = new PartsDigest();

  parser.on('field', (name, value) => {
    digest.field(name, value);
    if (!(name in fields)) fields[name] = value;
    (fieldValues[name] ??= []).push(value);
  });
  parser.on('file', (field, stream, filename) => {
    const feed = digest.file(field, filename);
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
    const heads: Buffer[] = [];
    let headLength = 0;
    stream.on('data', (chunk: Buffer) => {
      feed(chunk);
      file.size += chunk.length;
      if (headLength < SNIFF_BYTES) {
        heads.push(chunk.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
      }
    });
    stream.on('limit', () => {
      file.tooLarge = true;
      if (options.abortOnTooLarge) aborted = true;
    });
    writes.push(
      pipeline(stream, fs.createWriteStream(file.tempPath, { flags: 'wx' })).then(() => {
        file.head = Buffer.concat(heads);
        if (file.tooLarge) fs.rmSync(file.tempPath, { force: true });
      }),
    );
  });

  const source = requestStream(c);
  if (!source) throw new ApiError(400, requestMessages.multipartExpected);
  let read = 0;
  let collectedAt = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      read += chunk.length;
      if (read - collectedAt >= COLLECT_EVERY_BYTES) {
        collectedAt = read;
        collectGarbage({ type: 'minor', execution: 'sync' });
      }
      if (read <= ceiling) return callback(null, chunk);
      overCeiling = true;
      source.unpipe(counter);
      callback(new ApiError(413, options.tooLargeMessage));
    },
  });
  // Past the ceiling the request is left unread, not destroyed (so it stays out of the pipeline, which
  // destroys every stream on an error): destroyed, it left a client still sending blocked until the
  // server's timeouts, or reset its connection before it read the 413. Once the answer is sent,
  // @hono/node-server reads and drops what still comes (up to 500 ms and 64 MiB), then closes the
  // connection cleanly, as nginx's lingering close does.
  let overCeiling = false;
  finished(source, (err) => {
    if (err && !overCeiling) counter.destroy(err);
  });
  source.pipe(counter);
  try {
    await pipeline(counter, parser);
    await Promise.all(writes);
  } catch (err) {
    // The parser leaves a file stream open when the body stops mid-file: end its write here.
    for (const stream of streams) stream.destroy();
    await Promise.allSettled(writes);
    removeTemp(files);
    throw err instanceof ApiError ? err : new ApiError(400, requestMessages.multipartInterrupted);
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

/**
 * Writes `source` into `parser`, with its backpressure, until the end or until more than `maxBytes` came:
 * then 422 and the source is paused, never destroyed, so the answer still reaches the client
 * (request-body.ts).
 */
function feedUpTo(source: Readable, parser: BusboyInstance, maxBytes: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let read = 0;
    const stop = (err?: unknown) => {
      source.off('data', onData).off('end', onEnd).off('error', stop);
      if (err === undefined) parser.end();
      else reject(err);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) {
        source.pause();
        return stop(new ApiError(422, idempotencyMessages.mismatch));
      }
      if (!parser.write(chunk)) {
        source.pause();
        parser.once('drain', () => source.resume());
      }
    };
    const onEnd = () => stop();
    parser.once('finish', resolve).once('error', reject);
    source.on('data', onData).once('end', onEnd).once('error', stop);
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
      stream.on('data', digest.file(field, filename));
    });
    await feedUpTo(source, parser, maxBytes);
  } catch (err) {
    throw err instanceof ApiError ? err : new ApiError(400, requestMessages.multipartInterrupted);
  }
  return digest.digest();
}
