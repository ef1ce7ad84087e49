// Answers a download (attachment with the original name, counted once per full read) or a preview
// (inline under a sandboxing CSP, only for types a browser shows safely; others stay attachments).
import type { Context } from 'hono';
import { previewable } from '@app/domain/documents';
import type { Deps } from '../context.ts';
import { readsFromStart, serveFile } from './files.ts';

/** No script, no plugin, no form, no navigation; media from this origin only. */
export const PREVIEW_CSP =
  "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
export const DOWNLOAD_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

export async function sendDocument(
  c: Context,
  deps: Deps,
  row: { storageKey: string; mimeType: string; originalFilename: string },
  mode: 'download' | 'preview',
  onDownload?: () => Promise<void>,
): Promise<Response> {
  const inline = mode === 'preview' && previewable(row.mimeType);
  const response = serveFile(c, {
    path: deps.storage.documentPath(row.storageKey),
    mimeType: row.mimeType,
    disposition: inline ? 'inline' : 'attachment',
    filename: row.originalFilename,
    cacheControl: 'private, no-cache',
    csp: inline ? PREVIEW_CSP : DOWNLOAD_CSP,
  });
  if (mode === 'download' && onDownload && response.status < 300 && readsFromStart(c)) await onDownload();
  return response;
}
