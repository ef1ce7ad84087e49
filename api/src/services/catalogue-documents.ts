// Files attached to listings and the technical library: moving checked uploads into storage under
// generated names, the API shapes, download counting, and removal of the files with their rows.
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { tablesOf, type schema, type Queryable, first } from '@app/db';
import {
  DOCUMENT_MESSAGES,
  PRODUCT_DOCUMENT_TYPES,
  TECHNICAL_DOCUMENT_TYPES,
  defaultTitle,
  previewable,
  type TechnicalDocument,
} from '@app/domain/documents';
import type { ProductDocument } from '@app/domain/products';
import { notFoundMessages } from '@app/domain/api-messages';
import type { Deps } from '../context.ts';
import type { AfterCommit } from './idempotency.ts';
import { Refusal } from './refusal.ts';
import type { Storage } from './storage.ts';
import { sniffType, type UploadedFile } from './uploads.ts';

type ProductDocumentRow = typeof schema.productDocuments.$inferSelect;
type TechnicalDocumentRow = typeof schema.technicalDocuments.$inferSelect;

export function toProductDocument(row: ProductDocumentRow): ProductDocument {
  const base = `/api/products/${row.productId}/documents/${row.id}`;
  return {
    id: row.id,
    productId: row.productId,
    title: row.title,
    titleEn: row.titleEn,
    type: row.type as ProductDocument['type'],
    url: `${base}/download`,
    previewUrl: previewable(row.mimeType) ? `${base}/preview` : null,
    description: row.description,
    descriptionFr: row.descriptionFr,
    descriptionEn: row.descriptionEn,
    mimeType: row.mimeType,
    originalFilename: row.originalFilename,
    size: row.size,
    downloadCount: row.downloadCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toTechnicalDocument(
  row: TechnicalDocumentRow,
  product: { id: number; titleFr: string; titleEn: string } | null,
): TechnicalDocument {
  return {
    id: row.id,
    title: row.title,
    titleFr: row.titleFr,
    titleEn: row.titleEn,
    descriptionFr: row.descriptionFr,
    descriptionEn: row.descriptionEn,
    type: row.type as TechnicalDocument['type'],
    mimeType: row.mimeType,
    url: `/api/technical-documents/download/${row.id}`,
    previewUrl: `/api/technical-documents/preview/${row.id}`,
    originalFilename: row.originalFilename,
    size: row.size,
    downloadCount: row.downloadCount,
    productId: row.productId,
    product,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Moves a checked temporary file (or writes bytes) into storage; returns its generated key. */
export function keepFile(storage: Storage, source: { tempPath: string } | Buffer): string {
  const key = storage.newKey();
  if (Buffer.isBuffer(source)) fs.writeFileSync(storage.documentPath(key), source, { flag: 'wx' });
  else fs.renameSync(source.tempPath, storage.documentPath(key));
  return key;
}

/** A copy of a stored file under a new key, so that deleting either document never removes the other's file. */
export function copyFile(storage: Storage, sourceKey: string): string {
  const key = storage.newKey();
  fs.copyFileSync(storage.documentPath(sourceKey), storage.documentPath(key), fs.constants.COPYFILE_EXCL);
  return key;
}

export type AcceptedFile = { file: UploadedFile; mimeType: string; kind: string };

/** Splits uploads into accepted (allowed type from the bytes, within the cap) and refused ones with the reason. */
export async function classify(files: UploadedFile[], allowed: Record<string, string>, messages: { type: string; size: string }) {
  const accepted: AcceptedFile[] = [];
  const refused: { file: UploadedFile; error: string; reason: 'size' | 'type' }[] = [];
  for (const file of files) {
    if (file.tooLarge) {
      refused.push({ file, error: messages.size, reason: 'size' });
      continue;
    }
    const sniffed = await sniffType(file);
    const kind = sniffed && allowed[sniffed.mime];
    if (!sniffed || !kind || file.size === 0) {
      fs.rmSync(file.tempPath, { force: true });
      refused.push({ file, error: messages.type, reason: 'type' });
    } else accepted.push({ file, mimeType: sniffed.mime, kind });
  }
  return { accepted, refused };
}

export type DocumentMeta = {
  title?: string;
  titleEn?: string | null;
  description?: string | null;
  descriptionFr?: string | null;
  descriptionEn?: string | null;
};

export async function insertProductDocument(
  q: Queryable,
  productId: number,
  stored: { key: string; mimeType: string; kind: string; originalFilename: string; size: number },
  meta: DocumentMeta,
) {
  const tables = tablesOf(q);
  const row = (
    await q
      .insert(tables.productDocuments)
      .values({
        productId,
        title: meta.title?.trim() || defaultTitle(stored.originalFilename),
        titleEn: meta.titleEn?.trim() || null,
        description: meta.description?.trim() || null,
        descriptionFr: meta.descriptionFr?.trim() || null,
        descriptionEn: meta.descriptionEn?.trim() || null,
        type: stored.kind,
        mimeType: stored.mimeType,
        storageKey: stored.key,
        originalFilename: stored.originalFilename,
        size: stored.size,
      })
      .returning()
  )[0]!;
  return toProductDocument(row);
}

/** A listing's documents, oldest first. */
export async function listProductDocuments(deps: Deps, productId: number): Promise<ProductDocument[]> {
  const tables = tablesOf(deps.db);
  const rows = await deps.db
    .select()
    .from(tables.productDocuments)
    .where(eq(tables.productDocuments.productId, productId))
    .orderBy(tables.productDocuments.id);
  return rows.map(toProductDocument);
}

/** One document of a listing; not-found when it has no such document. */
export async function findProductDocument(deps: Deps, productId: number, docId: number): Promise<ProductDocumentRow> {
  const tables = tablesOf(deps.db);
  const row = await first(
    deps.db
      .select()
      .from(tables.productDocuments)
      .where(and(eq(tables.productDocuments.id, docId), eq(tables.productDocuments.productId, productId))),
  );
  if (!row) throw new Refusal('not-found', notFoundMessages.document);
  return row;
}

/** Stores the accepted files of a batch as documents of the listing, each with its title and description. */
export async function storeProductDocuments(
  deps: Deps,
  q: Queryable,
  productId: number,
  accepted: (AcceptedFile & { meta: DocumentMeta })[],
) {
  const stored = [];
  for (const { file, mimeType, kind, meta } of accepted) {
    const key = keepFile(deps.storage, file);
    try {
      stored.push(
        await insertProductDocument(q, productId, { key, mimeType, kind, originalFilename: file.originalName, size: file.size }, meta),
      );
    } catch (err) {
      deps.storage.removeDocument(key);
      throw err;
    }
  }
  return stored;
}

/** Deletes the document's row; its file goes once that commits. */
export async function deleteProductDocument(
  deps: Deps,
  q: Queryable,
  productId: number,
  docId: number,
  afterCommit: AfterCommit,
): Promise<boolean> {
  const tables = tablesOf(q);
  const row = (
    await q
      .delete(tables.productDocuments)
      .where(and(eq(tables.productDocuments.id, docId), eq(tables.productDocuments.productId, productId)))
      .returning()
  )[0];
  if (row) afterCommit(() => deps.storage.removeDocument(row.storageKey));
  return !!row;
}

export async function countProductDocumentDownload(deps: Deps, id: number) {
  const tables = tablesOf(deps.db);
  await deps.db
    .update(tables.productDocuments)
    .set({ downloadCount: sql`${tables.productDocuments.downloadCount} + 1` })
    .where(eq(tables.productDocuments.id, id));
}

export async function countTechnicalDownload(deps: Deps, id: number) {
  const tables = tablesOf(deps.db);
  await deps.db
    .update(tables.technicalDocuments)
    .set({ downloadCount: sql`${tables.technicalDocuments.downloadCount} + 1` })
    .where(eq(tables.technicalDocuments.id, id));
}

export const documentTypes = { product: PRODUCT_DOCUMENT_TYPES, technical: TECHNICAL_DOCUMENT_TYPES, productMessages: DOCUMENT_MESSAGES };
