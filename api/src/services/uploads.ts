// Uploaded files once on disk, whoever received them: safe names, the type decided from the first bytes
// (never from the name or the declared type), and removal of the temporary files. Reading a multipart
// request into such files is the HTTP layer's (http/uploads.ts).
import fs from 'node:fs';
import { fileTypeFromBuffer } from 'file-type';
import { headerSafe } from '@app/domain/header-text';

/** How much of a file's start sniffType reads (file-type's longest signature). */
export const SNIFF_BYTES = 4100;

export type UploadedFile = {
  field: string;
  /** The client's name reduced to a safe base name (display and Content-Disposition only). */
  originalName: string;
  tempPath: string;
  size: number;
  /** Over the cap: the file was cut, its temporary file already removed. */
  tooLarge: boolean;
  head: Buffer;
};

/** '../../etc/passwd' → 'passwd'; control, bidi and reserved characters removed; at most 200 characters. */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = headerSafe(base.normalize('NFC'))
    .replace(/["<>|:*?]/g, '')
    .replace(/^\.+/, '')
    .trim();
  return cleaned.slice(-200) || 'fichier';
}

export function removeTemp(files: UploadedFile[]) {
  for (const f of files) fs.rmSync(f.tempPath, { force: true });
}

export type Sniffed = { mime: string; ext: string } | undefined;

/**
 * The type from the bytes. Plain text has no signature: it is accepted as text/plain only when the
 * sample is valid UTF-8 without control characters. A .doc is an OLE container, recognised as Word by
 * its extension only once the bytes prove it is such a container.
 */
export async function sniffType(file: Pick<UploadedFile, 'head' | 'originalName'>): Promise<Sniffed> {
  const detected = await fileTypeFromBuffer(file.head);
  if (detected) {
    if (detected.mime === 'application/x-cfb' && /\.doc$/i.test(file.originalName)) return { mime: 'application/msword', ext: 'doc' };
    if (detected.mime === 'video/vnd.avi') return { mime: 'video/x-msvideo', ext: 'avi' };
    return { mime: detected.mime, ext: detected.ext };
  }
  if (file.head.length > 0 && looksLikeText(file.head)) return { mime: 'text/plain', ext: 'txt' };
  return undefined;
}

function looksLikeText(sample: Buffer): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001a\u007f]/.test(sample.toString('latin1'))) return false;
  // The sample may end in the middle of a multi-byte character: drop up to 3 trailing bytes.
  for (let cut = 0; cut <= 3; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, sample.length - cut));
      return true;
    } catch {
      /* try a shorter sample */
    }
  }
  return false;
}
