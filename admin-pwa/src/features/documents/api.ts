// The technical library against the API and the read model: a page per query (its ids and totals
// kept in Dexie so it shows offline), statistics, the upload with progress, delete, the product picker.
import type { TechnicalDocument } from '@app/domain/documents';
import type { UploadProgress } from '../../lib/api.ts';
import type { InferResponseType } from 'hono/client';
import { body, client, upload } from '../../lib/client.ts';
import { db } from '../../db/db.ts';
import { getMeta, putMeta, upsert } from '../../db/sync.ts';
import type { DocumentsQuery } from './documents-query.ts';

export type DocumentsPage = { ids: number[]; totalDocuments: number; totalPages: number };
/** The library's statistics as the API answers them (kept in Dexie as they came). */
export type DocumentStats = InferResponseType<(typeof client.admin)['technical-documents']['stats']['$get'], 200>;
export type ProductOption = { id: number; titleFr: string; titleEn: string };
/** A document's texts and linked listing, as the create and edit forms hold them. */
export type DocumentTexts = {
  productId: number | null;
  title: string;
  titleFr: string;
  titleEn: string;
  descriptionFr: string;
  descriptionEn: string;
};
export type UploadFields = DocumentTexts;

/** The form's texts of a stored document (absent ones as empty fields). */
export const textsOf = (d: TechnicalDocument): DocumentTexts => ({
  productId: d.productId ?? null,
  title: d.title,
  titleFr: d.titleFr ?? '',
  titleEn: d.titleEn ?? '',
  descriptionFr: d.descriptionFr ?? '',
  descriptionEn: d.descriptionEn ?? '',
});

/** The product picker loads up to 100 listings (back-office section 9). */
export const PICKER_LIMIT = 100;
const STATS_KEY = 'technical-documents';

const pageKey = (q: DocumentsQuery) => `technical-documents:${JSON.stringify({ ...q, search: q.search.trim().toLowerCase() })}`;

export async function fetchDocumentsPage(q: DocumentsQuery): Promise<DocumentsPage> {
  const search = q.search.trim();
  const answer = await body(
    client.admin['technical-documents'].$get({
      query: {
        page: String(q.page),
        limit: String(q.limit),
        ...(search ? { search } : {}),
        ...(q.type === 'all' ? {} : { type: q.type }),
        sortBy: q.sortBy,
        sortOrder: q.sortOrder,
      },
    }),
  );
  await upsert(db.technicalDocuments, answer.documents);
  const page = {
    ids: answer.documents.map((d) => d.id),
    totalDocuments: answer.pagination.totalDocuments,
    totalPages: answer.pagination.totalPages,
  };
  await putMeta(pageKey(q), page);
  return page;
}

export const readCachedPage = (q: DocumentsQuery) => getMeta<DocumentsPage>(pageKey(q));

export async function fetchStats(): Promise<DocumentStats> {
  const stats = await body(client.admin['technical-documents'].stats.$get());
  await db.stats.put({ key: STATS_KEY, value: stats, at: Date.now() });
  return stats;
}

export const readStats = async () => (await db.stats.get(STATS_KEY))?.value as DocumentStats | undefined;

export async function fetchProductOptions(): Promise<ProductOption[]> {
  const list = await body(client.products.$get({ query: { page: '1', limit: String(PICKER_LIMIT) } }));
  return list.items.map((p) => ({ id: p.id, titleFr: p.titleFr, titleEn: p.titleEn }));
}

/** Offline: the listings stored locally stand in for the picker. */
export const localProductOptions = async (): Promise<ProductOption[]> =>
  (await db.products.limit(PICKER_LIMIT).toArray())
    .filter((p) => p.id > 0)
    .map((p) => ({ id: p.id, titleFr: p.titleFr, titleEn: p.titleEn }));

/** Optional fields are trimmed and empty ones omitted (back-office section 5). */
export function uploadDocument(fields: UploadFields, file: File, onProgress?: (p: UploadProgress) => void) {
  const form = new FormData();
  if (fields.productId) form.append('productId', String(fields.productId));
  form.append('title', fields.title.trim());
  for (const key of ['titleFr', 'titleEn', 'descriptionFr', 'descriptionEn'] as const) {
    const value = fields[key].trim();
    if (value) form.append(key, value);
  }
  form.append('document', file, file.name);
  return upload(client.admin['technical-documents'].upload.$post, {}, form, onProgress);
}

/** PUT: every text is sent, an emptied one as '' (the server stores it as absent), so a title can be cleared. */
export async function updateDocument(id: number, fields: DocumentTexts): Promise<TechnicalDocument> {
  const { document } = await body(
    client.admin['technical-documents'][':id{[0-9]+}'].$put({
      param: { id: String(id) },
      json: { ...fields, title: fields.title.trim(), productId: fields.productId ?? null },
    }),
  );
  await db.technicalDocuments.put(document);
  return document;
}

export async function deleteDocument(id: number): Promise<void> {
  await client.admin['technical-documents'][':id{[0-9]+}'].$delete({ param: { id: String(id) } });
  await db.technicalDocuments.delete(id);
}
