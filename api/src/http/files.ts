// Serves a stored file: ETag / If-None-Match, single byte ranges (video seeking), nosniff, and a
// Content-Disposition with the original name (RFC 6266 / RFC 5987) for downloads.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { headerSafe } from '@app/domain/header-text';
import { ApiError } from './errors.ts';
import { notFoundMessages } from '@app/domain/api-messages';

export type ServeOptions = {
  path: string;
  mimeType: string;
  /** attachment (download) or inline (preview / images). */
  disposition?: 'attachment' | 'inline';
  filename?: string;
  cacheControl: string;
  /** Replaces the API's default CSP (preview mode sandboxes the document). */
  csp?: string;
};

/** `attachment; filename="plain ASCII fallback"; filename*=UTF-8''percent-encoded`, controls and bidi overrides removed. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const filename = headerSafe(name) || 'fichier';
  const fallback = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Parses `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range). undefined: no usable Range; null: unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return null;
  return { start, end };
}

/** Whether this request reads the file from its first byte (downloads are counted once, not per range). */
export const readsFromStart = (c: Context) => {
  const range = c.req.header('range');
  return c.req.method === 'GET' && (!range || /^bytes=0-/.test(range.trim()));
};

export function serveFile(c: Context, options: ServeOptions): Response {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(options.path);
  } catch {
    throw new ApiError(404, notFoundMessages.file);
  }
  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    'content-type': options.mimeType,
    'cache-control': options.cacheControl,
    etag,
    'last-modified': stat.mtime.toUTCString(),
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
  });
  if (options.disposition && options.filename)
    headers.set('content-disposition', contentDisposition(options.disposition, options.filename));
  if (options.csp) headers.set('content-security-policy', options.csp);

  const inm = c.req.header('if-none-match');
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });

  const ifRange = c.req.header('if-range');
  const range = ifRange && ifRange !== etag ? undefined : parseRange(c.req.header('range'), stat.size);
  if (range === null) {
    headers.set('content-range', `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: stat.size - 1 };
  const length = stat.size === 0 ? 0 : end - start + 1;
  headers.set('content-length', String(length));
  if (range) headers.set('content-range', `bytes ${start}-${end}/${stat.size}`);
  const status = range ? 206 : 200;
  if (c.req.method === 'HEAD' || length === 0) return new Response(null, { status, headers });
  const body = Readable.toWeb(fs.createReadStream(options.path, { start, end })) as unknown as ReadableStream;
  return new Response(body, { status, headers });
}
