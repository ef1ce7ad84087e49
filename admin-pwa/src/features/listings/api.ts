// Listings against the API and the read model: fetch a page (stored in Dexie with its ids and
// totals so it shows offline), fetch one listing, and the upload calls of images and documents.
import type { Product, ProductInput } from '@app/domain/products';
import { CATEGORIES, LISTING_LIMITS } from '@app/domain/products';
import type { UploadProgress } from '../../lib/api.ts';
import { body, client, keyed, upload } from '../../lib/client.ts';
import { db, type LocalProduct } from '../../db/db.ts';
import { getMeta, putMeta, upsert } from '../../db/sync.ts';

export type ListingQuery = { page: number; search: string; category: string };
export type CachedPage = { ids: number[]; total: number; pages: number };

export const pageKey = (q: ListingQuery) => `listings:${q.page}:${q.category}:${q.search.trim().toLowerCase()}`;

export function toLocal(p: Product): LocalProduct {
  const { images: _images, documents: _documents, ...rest } = p;
  return rest;
}

/** Puts a listing with its images and documents into the read model (replacing its old ones). */
export async function storeProduct(p: Product) {
  await db.transaction('rw', db.products, db.productImages, db.productDocuments, async () => {
    await db.products.put(toLocal(p));
    await db.productImages.where('productId').equals(p.id).delete();
    await db.productDocuments.where('productId').equals(p.id).delete();
    await db.productImages.bulkPut(p.images);
    await db.productDocuments.bulkPut(p.documents);
  });
}

/** `stale`: a newer fetch of the list has started, so this older answer must not overwrite its page. */
export async function fetchListingsPage(q: ListingQuery, stale: () => boolean = () => false): Promise<CachedPage | null> {
  const search = q.search.trim();
  const query = {
    page: String(q.page),
    limit: String(LISTING_LIMITS.adminPageSize),
    search: search || undefined,
    // One of the document's categories, or none: the API refuses an empty or unknown one (decision 122).
    category: CATEGORIES.find((c) => c === q.category),
  };
  const list = await body(client.products.$get({ query }));
  if (stale()) return null;
  await upsert(db.products, list.items.map(toLocal));
  await db.transaction('rw', db.productImages, async () => {
    for (const p of list.items) {
      await db.productImages.where('productId').equals(p.id).delete();
      await db.productImages.bulkPut(p.images);
    }
  });
  const cached = { ids: list.items.map((p) => p.id), total: list.total, pages: list.pages };
  await putMeta(pageKey(q), cached);
  return cached;
}

export const readCachedPage = (q: ListingQuery) => getMeta<CachedPage>(pageKey(q));

/** Bumped after a listing write reaches the server: open lists fetch their page again (totals, pages, order). */
export const LISTINGS_CHANGED = 'listingsChangedAt';
export const markListingsChanged = () => putMeta(LISTINGS_CHANGED, Date.now());

/** A deleted listing leaves every cached page at once (offline too), its total one less. */
export async function dropFromCachedPages(id: number) {
  await db.meta
    .where('key')
    .startsWith('listings:')
    .modify((row) => {
      const page = row.value as CachedPage;
      if (!page.ids.includes(id)) return;
      const total = Math.max(0, page.total - 1);
      row.value = { ids: page.ids.filter((i) => i !== id), total, pages: Math.max(1, Math.ceil(total / LISTING_LIMITS.adminPageSize)) };
    });
}

const productParam = (id: number) => ({ param: { id: String(id) } });

export async function fetchListing(id: number): Promise<Product> {
  const p = await body(client.products[':id{[0-9]+}'].$get({ param: { id: String(id) } }));
  await storeProduct(p);
  return p;
}

export const fetchImages = async (id: number) => (await body(client.products[':id{[0-9]+}'].images.$get(productParam(id)))).images;
export const fetchDocuments = async (id: number) => (await body(client.products[':id{[0-9]+}'].documents.$get(productParam(id)))).documents;

// `key`: the write's Idempotency-Key when it is an outbox step (operations.ts); a fresh one otherwise.
export const createListing = (input: ProductInput, key?: string) => body(client.products.$post({ json: input }, keyed(key)));
export const updateListing = (id: number, input: ProductInput, version: number, key?: string) =>
  body(client.products[':id{[0-9]+}'].$put({ ...productParam(id), json: { ...input, version } }, keyed(key)));

/** Only these fields (PATCH): the listing's other fields are neither sent nor checked. */
export const patchListing = (id: number, changes: Partial<ProductInput>, version: number, key?: string) =>
  body(client.products[':id{[0-9]+}'].$patch({ ...productParam(id), json: { ...changes, version } }, keyed(key)));

/** A not-found answer counts as deleted (back-office section 7). */
export async function deleteListing(id: number, key?: string) {
  try {
    await client.products[':id{[0-9]+}'].$delete(productParam(id), keyed(key));
  } catch (e) {
    if ((e as { status?: number }).status !== 404) throw e;
  }
}

export function uploadImage(
  productId: number,
  file: Blob,
  name: string,
  alt: string,
  onProgress?: (p: UploadProgress) => void,
  key?: string,
) {
  const form = new FormData();
  form.append('image', file, name);
  if (alt) form.append('alt', alt);
  return upload(client.products[':id{[0-9]+}'].images.$post, productParam(productId), form, onProgress, key);
}

/** What a listing document's upload sends beside the file, online and on replay alike. */
export type DocumentMeta = { title: string; titleEn?: string; description?: string };

export function uploadDocument(
  productId: number,
  file: Blob,
  name: string,
  meta: DocumentMeta,
  onProgress?: (p: UploadProgress) => void,
  key?: string,
) {
  const form = new FormData();
  form.append('documents', file, name);
  // A file's name stands in for a missing title, within the 200 characters the API takes.
  form.append('titles', JSON.stringify([meta.title || name.slice(0, 200)]));
  form.append('titlesEn', JSON.stringify([meta.titleEn ?? '']));
  form.append('descriptions', JSON.stringify([meta.description ?? '']));
  return upload(client.products[':id{[0-9]+}'].documents.$post, productParam(productId), form, onProgress, key);
}

export const deleteImage = (productId: number, imageId: number, key?: string) =>
  client.products[':id{[0-9]+}'].images[':imageId{[0-9]+}'].$delete(
    { param: { id: String(productId), imageId: String(imageId) } },
    keyed(key),
  );
export const deleteDocument = (productId: number, docId: number, key?: string) =>
  client.products[':id{[0-9]+}'].documents[':docId{[0-9]+}'].$delete(
    { param: { id: String(productId), docId: String(docId) } },
    keyed(key),
  );
export const reorderImages = (productId: number, imageIds: number[], key?: string) =>
  body(client.products[':id{[0-9]+}'].images.order.$put({ ...productParam(productId), json: { imageIds } }, keyed(key)));
export const documentDownloadUrl = (productId: number, docId: number) => `/api/products/${productId}/documents/${docId}/download`;
