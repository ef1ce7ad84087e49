// The admin's read model and outbox in IndexedDB (Dexie): every list the back office shows is
// stored here and rendered from here at once; the API refreshes it when online.
import { Dexie, type EntityTable } from 'dexie';
import type { Product, ProductDocument, ProductImage } from '@app/domain/products';
import type { Inquiry } from '@app/domain/inquiries';
import type { TechnicalDocument } from '@app/domain/documents';
import type { SmtpAccount, SmtpSetting } from '@app/domain/mail';
import type { Subscriber } from '@app/domain/newsletter';

/** A listing as stored locally: images and documents live in their own tables. Offline-created ones have a negative id. */
export type LocalProduct = Omit<Product, 'images' | 'documents'> & { pending?: boolean };

export type OutboxState = 'waiting' | 'sending' | 'sent' | 'failed' | 'conflict';

/** A file picked offline, kept as a Blob until the replay uploads it. */
export type QueuedFile = {
  /** Names the file's own upload step (and so its Idempotency-Key); given when it is queued. */
  id: string;
  field: string;
  blob: Blob;
  name: string;
  type: string;
  meta?: Record<string, unknown>;
};

/** One request of an entry's replay, as the outbox screen lists it. */
export type OutboxStep = { name: string; label: string };

export type OutboxEntry = {
  id?: number;
  /** The operation name registered with `defineOperation` (e.g. 'listing.update'). */
  kind: string;
  /** What the admin sees in the outbox list ('Modification de « Groupe 100 kVA »'). */
  label: string;
  payload: unknown;
  files: QueuedFile[];
  /**
   * Created when the change is queued: each step sends `${key}:${step}` as its Idempotency-Key,
   * so a step whose answer was lost is answered again by the server instead of applied twice.
   */
  key: string;
  /** Steps already done and what the server answered (the created listing's id…): a replay resumes after them. */
  done: Record<string, unknown>;
  /** The steps of the replay, for the progress shown per step. */
  steps: OutboxStep[];
  state: OutboxState;
  /** The server's message for a failed entry. */
  error?: string;
  /** For a 409: the server's current version, shown beside the local one. */
  server?: unknown;
  attempts: number;
  createdAt: number;
  updatedAt: number;
};

/** A cached answer: a list query's ids and totals, a stats object, the time of the last sync. */
export type MetaRow = { key: string; value: unknown; at: number };

export const db = new Dexie('admin') as Dexie & {
  products: EntityTable<LocalProduct, 'id'>;
  productImages: EntityTable<ProductImage, 'id'>;
  productDocuments: EntityTable<ProductDocument, 'id'>;
  inquiries: EntityTable<Inquiry, 'id'>;
  technicalDocuments: EntityTable<TechnicalDocument, 'id'>;
  /** Never holds a password: the API returns none. */
  smtpAccounts: EntityTable<SmtpAccount, 'id'>;
  smtpSettings: EntityTable<SmtpSetting, 'usageType'>;
  subscribers: EntityTable<Subscriber, 'id'>;
  stats: EntityTable<{ key: string; value: unknown; at: number }, 'key'>;
  meta: EntityTable<MetaRow, 'key'>;
  outbox: EntityTable<OutboxEntry, 'id'>;
};

db.version(1).stores({
  products: 'id, updatedAt, category, featured',
  productImages: 'id, productId, position',
  productDocuments: 'id, productId',
  inquiries: 'id, createdAt',
  technicalDocuments: 'id, createdAt, type, productId',
  smtpAccounts: 'id',
  smtpSettings: 'usageType',
  subscribers: 'id, email, isActive',
  stats: 'key',
  meta: 'key',
  outbox: '++id, state, kind',
});

export const newKey = () => crypto.randomUUID();

// Version 2: outbox entries carry their Idempotency-Key, the steps done and their files' ids.
db.version(2)
  .stores({ outbox: '++id, state, kind' })
  .upgrade((tx) =>
    tx
      .table<OutboxEntry>('outbox')
      .toCollection()
      .modify((entry) => {
        entry.key ??= newKey();
        entry.done ??= {};
        entry.steps ??= [];
        entry.files = entry.files.map((f) => ({ ...f, id: f.id ?? newKey() }));
      }),
  );

/** Every table holding data of the signed-in admin (all of them). */
export const dataTables = () => db.tables;
