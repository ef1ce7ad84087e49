// The technical document form's rules (back-office section 5): a file and a title are required, the
// file is at most 50 MB and of an accepted type; the type (pdf, image, video) is detected from it.
import { DOCUMENT_MAX_BYTES, TECHNICAL_DOCUMENT_TYPES } from '@app/domain/documents';
import type { AdminDictionary } from '@app/domain/i18n/admin-fr';
import type { FieldErrors } from '../../lib/form-errors.ts';

/** The picker's accept list, as the spec gives it. */
export const ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.mp4,.webm,.ogg';
/** The spec also names image/jpg, a non-standard alias some browsers report. */
const ACCEPTED_MIME: Record<string, 'pdf' | 'image' | 'video'> = { ...TECHNICAL_DOCUMENT_TYPES, 'image/jpg': 'image' };
const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'video/ogg',
};

/** The browser's MIME type, or the one its extension implies when the browser gives none. */
export function mimeOf(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return BY_EXTENSION[ext] ?? '';
}

export const detectType = (file: Pick<File, 'name' | 'type'>) => ACCEPTED_MIME[mimeOf(file)] ?? null;

/** The messages come from the admin's dictionary: the spec's texts in French (back-office §5). */
export function validateDocument(
  file: Pick<File, 'name' | 'type' | 'size'> | null,
  title: string,
  t: AdminDictionary['documentForm'],
): FieldErrors<'file' | 'title'> {
  const errors: FieldErrors<'file' | 'title'> = {};
  if (!file) errors.file = t.missingFile;
  if (!title.trim()) errors.title = t.missingTitle;
  if (file && file.size > DOCUMENT_MAX_BYTES) errors.file = t.size;
  else if (file && !detectType(file)) errors.file = t.badType;
  return errors;
}
