// The listing writes that work offline: create, update (with new images and documents kept as
// Blobs until replay; or only some fields, as the featured toggle sends) and delete. An update
// carries the version it edits; a 409 shows both.
// Each request is a step with its own Idempotency-Key (create, each image, each document, each
// removal, the order): a replay resumes after the steps done, with the id the create returned.
import type { Product, ProductInput } from '@app/domain/products';
import { db, type LocalProduct, type OutboxStep, type QueuedFile } from '../../db/db.ts';
import { defineOperation, type Steps } from '../../db/outbox.ts';
import { fill, texts } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import {
  createListing,
  deleteDocument,
  deleteImage,
  deleteListing,
  dropFromCachedPages,
  fetchListing,
  markListingsChanged,
  reorderImages,
  patchListing,
  storeProduct,
  updateListing,
  uploadDocument,
  uploadImage,
  type DocumentMeta,
} from './api.ts';

export type ListingFiles = QueuedFile[]; // field 'image' (meta.alt) or 'document' (meta: DocumentMeta)
export type CreatePayload = { tempId: number; input: ProductInput };
/** Some fields of a listing, sent alone (PATCH): the others are neither sent nor checked. */
export type ListingChanges = Partial<ProductInput>;
/** An edit: the whole listing (`input`, the form's PUT) or only some fields (`changes`, e.g. the featured toggle). */
export type UpdatePayload = {
  id: number;
  version: number;
  input?: ProductInput;
  changes?: ListingChanges;
  removedImageIds?: number[];
  removedDocumentIds?: number[];
  /** Existing images in their new order (the first is the cover). */
  imageOrder?: number[];
};
export type DeletePayload = { id: number };

/** A queued document's fields as the form gave them (entries queued before titleEn have none). */
function queuedDocumentMeta(f: QueuedFile): DocumentMeta {
  const meta = (f.meta ?? {}) as Partial<DocumentMeta>;
  return { title: meta.title || f.name, titleEn: meta.titleEn ?? '', description: meta.description ?? '' };
}

const fileStep = (f: QueuedFile) => `${f.field}:${f.id}`;
const images = (files: QueuedFile[]) => files.filter((f) => f.field === 'image');
const documents = (files: QueuedFile[]) => files.filter((f) => f.field === 'document');

/** Images one by one, then documents one by one (back-office section 2, listing form), each once. */
export async function uploadQueuedFiles(productId: number, files: QueuedFile[], steps: Steps) {
  for (const f of images(files))
    await steps.run(fileStep(f), (key) => uploadImage(productId, f.blob, f.name, String(f.meta?.alt ?? ''), undefined, key).promise);
  for (const f of documents(files))
    await steps.run(fileStep(f), (key) => uploadDocument(productId, f.blob, f.name, queuedDocumentMeta(f), undefined, key).promise);
}

/**
 * Deletions first (an already deleted one is fine), then the order of what is left. Each deletion
 * says so once (back-office section 8, "image added/deleted"): its toast goes with its step, which a
 * replay does not run again.
 */
export async function applyMediaChanges(
  id: number,
  removedImageIds: number[],
  removedDocumentIds: number[],
  imageOrder: number[],
  steps: Steps,
) {
  const removal = async (remove: () => Promise<unknown>, done: string) => {
    try {
      await remove();
    } catch (e) {
      if ((e as { status?: number }).status !== 404) throw e;
    }
    toast.success(done);
  };
  for (const imageId of removedImageIds)
    await steps.run(`remove-image:${imageId}`, (key) => removal(() => deleteImage(id, imageId, key), texts().listingMedia.imageDeleted));
  for (const docId of removedDocumentIds)
    await steps.run(`remove-document:${docId}`, (key) =>
      removal(() => deleteDocument(id, docId, key), texts().listingView.documentDeleted),
    );
  const order = imageOrder.filter((i) => !removedImageIds.includes(i));
  if (order.length) await steps.run('reorder', (key) => reorderImages(id, order, key));
}

const filePlan = (files: QueuedFile[]): OutboxStep[] => [
  ...images(files).map((f) => ({ name: fileStep(f), label: fill(texts().outbox.stepImage, { name: f.name }) })),
  ...documents(files).map((f) => ({ name: fileStep(f), label: fill(texts().outbox.stepDocument, { name: f.name }) })),
];

/**
 * An edit queued for a listing created offline, sent after its creation: the server's id and
 * version, recorded when the create step got its answer.
 */
const createdKey = (tempId: number) => `created:${tempId}`;
async function serverIdentity(id: number, version: number): Promise<{ id: number; version: number }> {
  if (id >= 0) return { id, version };
  const created = (await db.meta.get(createdKey(id)))?.value as { id: number; version: number } | undefined;
  return created ?? { id, version };
}

const localFields = (input: ProductInput): Omit<LocalProduct, 'id' | 'version' | 'createdAt' | 'updatedAt' | 'powerKw'> => ({ ...input });

export const LISTING_CREATE = defineOperation<CreatePayload, Product>('listing.create', {
  tables: () => [db.products, db.meta],
  async send({ tempId, input }, files, steps) {
    const created = await steps.run('create', (key) => createListing(input, key));
    await db.meta.put({ key: createdKey(tempId), value: { id: created.id, version: created.version }, at: Date.now() });
    await uploadQueuedFiles(created.id, files, steps);
    return files.length ? fetchListing(created.id) : created;
  },
  plan: (_payload, files) => [{ name: 'create', label: texts().outbox.stepCreate }, ...filePlan(files)],
  async applyLocal({ tempId, input }) {
    const now = new Date().toISOString();
    await db.products.put({
      ...localFields(input),
      id: tempId,
      version: 0,
      powerKw: input.powerOutput,
      createdAt: now,
      updatedAt: now,
      pending: true,
    } as LocalProduct);
  },
  async onSent(product, { tempId }) {
    if (tempId) await db.products.delete(tempId);
    await storeProduct(product);
    await markListingsChanged();
  },
});

type Content = Pick<UpdatePayload, 'input' | 'changes'>;
/**
 * What a listing's queued edit sends once a later one joins it: a whole listing replaces it (the form
 * showed the queued change), some fields go over the queued listing or over the queued fields.
 */
function joinedContent(queued: Content, next: Content): Content {
  if (next.input) return { input: next.input };
  if (queued.input) return { input: { ...queued.input, ...next.changes } };
  return { changes: { ...queued.changes, ...next.changes } };
}
const withoutContent = <T extends Content>({ input: _input, changes: _changes, ...rest }: T) => rest;

export const LISTING_UPDATE = defineOperation<UpdatePayload, Product, Product>('listing.update', {
  tables: () => [db.products],
  async send(payload, files, steps) {
    const { input, changes = {}, removedImageIds = [], removedDocumentIds = [], imageOrder = [] } = payload;
    const { id, version } = await serverIdentity(payload.id, payload.version);
    const updated = await steps.run('update', (key) =>
      input ? updateListing(id, input, version, key) : patchListing(id, changes, version, key),
    );
    await applyMediaChanges(id, removedImageIds, removedDocumentIds, imageOrder, steps);
    await uploadQueuedFiles(id, files, steps);
    return files.length || removedImageIds.length || removedDocumentIds.length || imageOrder.length ? fetchListing(id) : updated;
  },
  plan: ({ removedImageIds = [], removedDocumentIds = [], imageOrder = [] }, files) => [
    { name: 'update', label: texts().outbox.stepUpdate },
    ...removedImageIds.map((i) => ({ name: `remove-image:${i}`, label: fill(texts().outbox.stepRemoveImage, { id: i }) })),
    ...removedDocumentIds.map((d) => ({ name: `remove-document:${d}`, label: fill(texts().outbox.stepRemoveDocument, { id: d }) })),
    ...(imageOrder.length ? [{ name: 'reorder', label: texts().outbox.stepReorder }] : []),
    ...filePlan(files),
  ],
  async applyLocal({ id, input, changes }) {
    await db.products.update(id, { ...(input ? localFields(input) : changes), pending: true });
  },
  async onSent(product, { id }) {
    if (id < 0) await db.products.delete(id);
    await storeProduct(product);
    await markListingsChanged();
  },
  fetchServer: ({ id }) => fetchListing(id),
  rebase: (payload, server) => ({ ...payload, version: server.version }),
  async acceptServer(server) {
    await storeProduct(server);
  },
  coalesce(queued, payload, files) {
    const q = queued.payload as Partial<CreatePayload & UpdatePayload>;
    if (queued.kind === 'listing.create' && q.tempId === payload.id)
      return { payload: { ...q, ...joinedContent(q, payload) }, files: [...queued.files, ...files] };
    if (queued.kind === 'listing.update' && q.id === payload.id)
      return {
        payload: {
          ...withoutContent(q),
          ...joinedContent(q, payload),
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
  async send({ id }, _files, steps) {
    const target = (await serverIdentity(id, 0)).id;
    return steps.run('delete', (key) => deleteListing(target, key));
  },
  plan: () => [{ name: 'delete', label: texts().outbox.stepDelete }],
  applyLocal: ({ id }) => dropLocally(id),
  async onSent(_r, { id }) {
    await db.transaction('rw', [db.products, db.productImages, db.productDocuments, db.meta], () => dropLocally(id));
    await markListingsChanged();
  },
});

/** A listing created offline gets a negative id until the server gives it a real one. */
export const newTempId = () => -Date.now();
