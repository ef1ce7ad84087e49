// The listing writes that work offline: create, update (with new images and documents kept as
// Blobs until replay) and delete. An update carries the version it edits; a 409 shows both.
import type { Product, ProductInput } from '@app/domain/products';
import { db, type LocalProduct, type QueuedFile } from '../../db/db.ts';
import { defineOperation } from '../../db/outbox.ts';
import {
  createListing,
  deleteDocument,
  deleteImage,
  deleteListing,
  dropFromCachedPages,
  fetchListing,
  markListingsChanged,
  reorderImages,
  storeProduct,
  updateListing,
  uploadDocument,
  uploadImage,
} from './api.ts';

export type ListingFiles = QueuedFile[]; // field 'image' (meta.alt) or 'document' (meta.title, meta.description)
export type CreatePayload = { tempId: number; input: ProductInput };
export type UpdatePayload = {
  id: number;
  version: number;
  input: ProductInput;
  removedImageIds?: number[];
  removedDocumentIds?: number[];
  /** Existing images in their new order (the first is the cover). */
  imageOrder?: number[];
};
export type DeletePayload = { id: number };

/** Images one by one, then documents one by one (back-office section 2, listing form). */
export async function uploadQueuedFiles(productId: number, files: QueuedFile[]) {
  for (const f of files.filter((f) => f.field === 'image')) await uploadImage(productId, f.blob, f.name, String(f.meta?.alt ?? '')).promise;
  for (const f of files.filter((f) => f.field === 'document'))
    await uploadDocument(productId, f.blob, f.name, { title: String(f.meta?.title ?? f.name), description: String(f.meta?.description ?? '') }).promise;
}

/** Deletions first (an already deleted one is fine), then the order of what is left. */
export async function applyMediaChanges(id: number, removedImageIds: number[], removedDocumentIds: number[], imageOrder: number[]) {
  const gone = (e: unknown) => {
    if ((e as { status?: number }).status !== 404) throw e;
  };
  for (const imageId of removedImageIds) await deleteImage(id, imageId).catch(gone);
  for (const docId of removedDocumentIds) await deleteDocument(id, docId).catch(gone);
  const order = imageOrder.filter((i) => !removedImageIds.includes(i));
  if (order.length) await reorderImages(id, order);
}

const localFields = (input: ProductInput): Omit<LocalProduct, 'id' | 'version' | 'createdAt' | 'updatedAt' | 'powerKw'> => ({ ...input });

export const LISTING_CREATE = defineOperation<CreatePayload, Product>('listing.create', {
  tables: () => [db.products],
  async send({ input }, files) {
    const created = await createListing(input);
    await uploadQueuedFiles(created.id, files);
    return files.length ? fetchListing(created.id) : created;
  },
  async applyLocal({ tempId, input }) {
    const now = new Date().toISOString();
    await db.products.put({ ...localFields(input), id: tempId, version: 0, powerKw: input.powerOutput, createdAt: now, updatedAt: now, pending: true } as LocalProduct);
  },
  async onSent(product, { tempId }) {
    if (tempId) await db.products.delete(tempId);
    await storeProduct(product);
    await markListingsChanged();
  },
});

export const LISTING_UPDATE = defineOperation<UpdatePayload, Product>('listing.update', {
  tables: () => [db.products],
  async send({ id, version, input, removedImageIds = [], removedDocumentIds = [], imageOrder = [] }, files) {
    const updated = await updateListing(id, input, version);
    await applyMediaChanges(id, removedImageIds, removedDocumentIds, imageOrder);
    await uploadQueuedFiles(id, files);
    return files.length || removedImageIds.length || removedDocumentIds.length || imageOrder.length ? fetchListing(id) : updated;
  },
  async applyLocal({ id, input }) {
    await db.products.update(id, { ...localFields(input), pending: true });
  },
  async onSent(product) {
    await storeProduct(product);
    await markListingsChanged();
  },
  fetchServer: ({ id }) => fetchListing(id).then((p) => p as unknown),
  rebase: (payload, server) => ({ ...payload, version: (server as Product).version }),
  async acceptServer(server) {
    await storeProduct(server as Product);
  },
  coalesce(queued, payload, files) {
    const q = queued.payload as Partial<CreatePayload & UpdatePayload>;
    if (queued.kind === 'listing.create' && q.tempId === payload.id) return { payload: { ...q, input: payload.input }, files: [...queued.files, ...files] };
    if (queued.kind === 'listing.update' && q.id === payload.id)
      return {
        payload: {
          ...q,
          input: payload.input,
          removedImageIds: [...(q.removedImageIds ?? []), ...(payload.removedImageIds ?? [])],
          removedDocumentIds: [...(q.removedDocumentIds ?? []), ...(payload.removedDocumentIds ?? [])],
          imageOrder: payload.imageOrder?.length ? payload.imageOrder : q.imageOrder,
        },
        files: [...queued.files, ...files],
      };
    return null;
  },
});

async function dropLocally(id: number) {
  await db.products.delete(id);
  await db.productImages.where('productId').equals(id).delete();
  await db.productDocuments.where('productId').equals(id).delete();
  await dropFromCachedPages(id);
}

export const LISTING_DELETE = defineOperation<DeletePayload>('listing.delete', {
  tables: () => [db.products, db.productImages, db.productDocuments, db.meta],
  send: ({ id }) => deleteListing(id),
  applyLocal: ({ id }) => dropLocally(id),
  async onSent(_r, { id }) {
    await db.transaction('rw', [db.products, db.productImages, db.productDocuments, db.meta], () => dropLocally(id));
    await markListingsChanged();
  },
});

export const CONFLICT_MESSAGE = "L'annonce a été modifiée entre-temps : choisissez la version à garder dans « Modifications en attente ».";

/** A listing created offline gets a negative id until the server gives it a real one. */
export const newTempId = () => -Date.now();
