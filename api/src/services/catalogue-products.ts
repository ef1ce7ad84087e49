// Listings as the API returns them (with images and documents), and their creation, optimistic
// update (version) and deletion with the files they own.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { preparedRead, tablesOf, type schema, type Db, type Queryable, type Tables } from '@app/db';
import { toKw } from '@app/domain/power';
import type { ListingSummary } from '@app/domain/catalogue-listing';
import {
  GeneratorPartsSchema,
  STALE_VERSION_MESSAGE,
  type Product,
  type ProductChanges,
  type ProductInput,
  type ProductPatch,
  type ProductUpdate,
} from '@app/domain/products';
import type { Deps } from '../context.ts';
import { parseOrThrow } from './parse-input.ts';
import { Refusal } from './refusal.ts';
import type { AfterCommit } from './idempotency.ts';
import { toProductDocument } from './catalogue-documents.ts';
import type { PageRead } from './page-read.ts';
import { toProductImage } from './images.ts';
import { emitWebhookEvent } from './webhook-events.ts';
import { notFoundMessages } from '@app/domain/api-messages';

type ProductRow = typeof schema.products.$inferSelect;

export const PRODUCT_NOT_FOUND = notFoundMessages.product;

function toProduct(row: ProductRow, images: Product['images'], documents: Product['documents']): Product {
  return {
    ...row,
    type: row.type === 'generator' ? 'generator' : 'engine',
    category: row.category as Product['category'],
    powerUnit: row.powerUnit as Product['powerUnit'],
    condition: row.condition as Product['condition'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    images,
    documents,
  };
}

// The reads behind every catalogue page, their SQL built once (preparedRead): a listing by id, and the
// listings, images and documents of a list of ids (one statement per count of ids).
const ids = (count: number) => Array.from({ length: count }, (_, i) => sql.placeholder(`id${i}`));
const idValues = (list: number[]) => Object.fromEntries(list.map((id, i) => [`id${i}`, id]));
const productById = preparedRead((db: Queryable) => {
  const p = tablesOf(db).products;
  return db
    .select()
    .from(p)
    .where(eq(p.id, sql.placeholder('id')))
    .limit(1);
});
const productsByIds = preparedRead((db: Queryable, count: number) => {
  const p = tablesOf(db).products;
  return db
    .select()
    .from(p)
    .where(inArray(p.id, ids(count)));
});
/** Each listing's images in its order (position, then id), listing after listing: the order of product_images_product_idx, so no sort. */
const imagesOf = preparedRead((db: Queryable, count: number) => {
  const i = tablesOf(db).productImages;
  return db
    .select()
    .from(i)
    .where(inArray(i.productId, ids(count)))
    .orderBy(asc(i.productId), asc(i.position), asc(i.id));
});
const documentsOf = preparedRead((db: Queryable, count: number) => {
  const d = tablesOf(db).productDocuments;
  return db
    .select()
    .from(d)
    .where(inArray(d.productId, ids(count)))
    .orderBy(asc(d.id));
});

/** What a card shows of a listing: the alias each column has in the page's statement, which is its name in the listing table. */
const CARD_FIELDS = [
  'id',
  'titleFr',
  'titleEn',
  'price',
  'type',
  'brand',
  'year',
  'powerOutput',
  'powerUnit',
  'condition',
  'featured',
] as const;

/**
 * CARD_FIELDS as columns of a raw select (the search reads them with the page's ids, in one statement:
 * each statement of a render meets cold caches). Aliases are quoted for PostgreSQL, which would fold them
 * to lower case.
 */
const cardColumns = (p: Tables['products']) =>
  sql.join(
    CARD_FIELDS.map((alias) => sql`${p[alias]} as ${sql.identifier(alias)}`),
    sql`, `,
  );

/**
 * The cards of a page with each one's first image, in one statement (docs/perf/serving-speed-history.md): `page` selects
 * the card columns in its own order and limit; `order(alias)` sorts its rows again by the same keys, read from
 * the page's result named `alias` (a join keeps no order the standard promises). The first image is looked
 * up by index for each card of the page only, never for every match of a search. Its variants come as their
 * JSON text on both engines (PostgreSQL's driver would parse jsonb): images.ts parses it only for a picture
 * it has not seen yet.
 */
function cardsWithFirstImage(page: SQL, order: (alias: string) => SQL, extra?: SQL): SQL {
  const card = sql.join(
    CARD_FIELDS.map((alias) => sql`card.${sql.identifier(alias)}`),
    sql`, `,
  );
  return sql`select ${card}, cover.id as "imageId", cover.storage_key as "imageKey", cover.alt as "imageAlt", cover.position as "imagePosition", cover.width as "imageWidth", cover.height as "imageHeight", cast(cover.variants as text) as "imageVariants"${extra ? sql`, ${extra}` : sql``}
    from (${page}) as card
    left join product_images as cover on cover.id = (select candidate.id from product_images as candidate where candidate.product_id = card.id order by candidate.position, candidate.id limit 1)
    order by ${order('card')}`;
}

/** The search page read as cards on this handle's tables (catalogue-search.ts searchListings); defined here, where its parts are. */
export const cardRead = (db: Db): PageRead => ({ name: 'cards', columns: cardColumns(tablesOf(db).products), around: cardsWithFirstImage });

/** A row of cardsWithFirstImage as the driver gives it (SQLite answers a boolean as 0 or 1). */
export type CardRow = Omit<ListingSummary, 'images' | 'featured' | 'type' | 'powerUnit' | 'condition'> & {
  featured: boolean | number;
  type: string;
  powerUnit: string;
  condition: string;
  imageId: number | null;
  imageKey: string | null;
  imageAlt: string;
  imagePosition: number;
  imageWidth: number;
  imageHeight: number;
  imageVariants: string;
};

/** These rows of cardsWithFirstImage as cards show them, in their order, each with its first image. */
export function listingSummaries(rows: CardRow[]): ListingSummary[] {
  return rows.map(({ imageId, imageKey, imageAlt, imagePosition, imageWidth, imageHeight, imageVariants, ...row }) => ({
    ...row,
    featured: Boolean(row.featured),
    type: row.type === 'generator' ? 'generator' : 'engine',
    powerUnit: row.powerUnit as Product['powerUnit'],
    condition: row.condition as Product['condition'],
    images:
      imageId === null || imageKey === null
        ? []
        : [
            toProductImage({
              id: imageId,
              productId: row.id,
              storageKey: imageKey,
              alt: imageAlt,
              position: imagePosition,
              width: imageWidth,
              height: imageHeight,
              variants: imageVariants,
            }),
          ],
  }));
}

/** The rows of these listings, in no particular order. */
export function findProductRows(q: Queryable, list: number[]): Promise<ProductRow[]> {
  return list.length ? productsByIds(q, list.length, idValues(list)) : Promise.resolve([]);
}

/** Rows → products, loading the images and documents of all of them in two queries. */
export async function toProducts(q: Queryable, rows: ProductRow[]): Promise<Product[]> {
  if (!rows.length) return [];
  const list = rows.map((r) => r.id);
  const images = await imagesOf(q, list.length, idValues(list));
  const documents = await documentsOf(q, list.length, idValues(list));
  return rows.map((row) =>
    toProduct(
      row,
      images.filter((i) => i.productId === row.id).map(toProductImage),
      documents.filter((d) => d.productId === row.id).map(toProductDocument),
    ),
  );
}

export async function findProductRow(q: Queryable, id: number): Promise<ProductRow | undefined> {
  return (await productById(q, undefined, { id }))[0];
}

/** Refused as not found ('Annonce introuvable') when the listing does not exist. */
export async function requireProductRow(q: Queryable, id: number): Promise<ProductRow> {
  const row = await findProductRow(q, id);
  if (!row) throw new Refusal('not-found', PRODUCT_NOT_FOUND);
  return row;
}

export async function getProduct(deps: Deps, id: number): Promise<Product> {
  return (await toProducts(deps.db, [await requireProductRow(deps.db, id)]))[0]!;
}

/** The listing, or null when it does not exist (the public pages' read: no refusal to catch). */
export async function findProduct(deps: Deps, id: number): Promise<Product | null> {
  const row = await findProductRow(deps.db, id);
  return row ? (await toProducts(deps.db, [row]))[0]! : null;
}

const columns = (input: ProductInput) => ({ ...input, powerKw: toKw(input.powerOutput, input.powerUnit) });

/** The listing as GET /api/products/{id} answers it, announced to the webhooks in the caller's transaction. */
async function announced(deps: Deps, tx: Queryable, type: 'listing.created' | 'listing.updated', row: ProductRow): Promise<Product> {
  const product = (await toProducts(tx, [row]))[0]!;
  await emitWebhookEvent(deps, tx, type, product);
  return product;
}

/**
 * Runs a change of a listing's images or documents and announces `listing.updated` in the same
 * transaction (docs/decisions/131); nothing is announced when it answers false or the listing is gone.
 */
export function withListingUpdated<T>(deps: Deps, q: Queryable, id: number, write: (tx: Queryable) => Promise<T>): Promise<T> {
  return q.transaction(async (tx) => {
    const result = await write(tx);
    const row = result === false ? undefined : await findProductRow(tx, id);
    if (row) await announced(deps, tx, 'listing.updated', row);
    return result;
  });
}

export async function createProduct(deps: Deps, q: Queryable, input: ProductInput): Promise<Product> {
  const tables = tablesOf(q);
  return q.transaction(async (tx) => {
    const row = (await tx.insert(tables.products).values(columns(input)).returning())[0]!;
    return announced(deps, tx, 'listing.created', row);
  });
}

/** Applies the edit only if the stored version is the one the client edited; otherwise 409. */
export async function updateProduct(deps: Deps, q: Queryable, id: number, input: ProductUpdate): Promise<Product> {
  const tables = tablesOf(q);
  const { version, ...fields } = input;
  return q.transaction(async (tx) => {
    const row = (
      await tx
        .update(tables.products)
        .set({ ...columns(fields), version: sql`${tables.products.version} + 1`, updatedAt: new Date() })
        .where(and(eq(tables.products.id, id), eq(tables.products.version, version)))
        .returning()
    )[0];
    if (!row) {
      await requireProductRow(tx, id);
      throw new Refusal('conflict', STALE_VERSION_MESSAGE);
    }
    return announced(deps, tx, 'listing.updated', row);
  });
}

/**
 * The columns a partial edit sets: the fields sent; voltage and phase as the generator rule leaves them when
 * the type, voltage or phase changes (400 when a generator would lack one); the power in kW when its value or
 * unit changes. The other stored fields are neither read nor checked.
 */
function changedColumns(row: ProductRow, changes: ProductChanges) {
  const out: Record<string, unknown> = { ...changes };
  if (changes.type !== undefined || changes.voltage !== undefined || changes.phase !== undefined) {
    const parts = { type: row.type, voltage: row.voltage, phase: row.phase, ...pick(changes, ['type', 'voltage', 'phase']) };
    Object.assign(out, parseOrThrow(GeneratorPartsSchema, parts));
  }
  if (changes.powerOutput !== undefined || changes.powerUnit !== undefined)
    out.powerKw = toKw(changes.powerOutput ?? row.powerOutput, changes.powerUnit ?? (row.powerUnit as Product['powerUnit']));
  return out;
}

const pick = <T extends object, K extends keyof T>(o: T, keys: K[]) =>
  Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]])) as Partial<Pick<T, K>>;

/** Changes only the fields sent (PATCH), if the stored version is the one the client edited; otherwise 409. 404 when missing. */
export async function patchProduct(deps: Deps, q: Queryable, id: number, patch: ProductPatch): Promise<Product> {
  const tables = tablesOf(q);
  const { version, ...changes } = patch;
  return q.transaction(async (tx) => {
    const stored = await requireProductRow(tx, id);
    const row = (
      await tx
        .update(tables.products)
        .set({ ...changedColumns(stored, changes), version: sql`${tables.products.version} + 1`, updatedAt: new Date() })
        .where(and(eq(tables.products.id, id), eq(tables.products.version, version)))
        .returning()
    )[0];
    if (!row) throw new Refusal('conflict', STALE_VERSION_MESSAGE);
    return announced(deps, tx, 'listing.updated', row);
  });
}

/**
 * Deletes the listing and its rows (cascade); its files go once that commits (`afterCommit`), so a rollback
 * keeps them with the rows. false when it did not exist.
 */
export async function deleteProduct(deps: Deps, q: Queryable, id: number, afterCommit: AfterCommit): Promise<boolean> {
  const tables = tablesOf(q);
  return q.transaction(async (tx) => {
    const images = await tx
      .select({ key: tables.productImages.storageKey })
      .from(tables.productImages)
      .where(eq(tables.productImages.productId, id));
    const documents = await tx
      .select({ key: tables.productDocuments.storageKey })
      .from(tables.productDocuments)
      .where(eq(tables.productDocuments.productId, id));
    const deleted = (await tx.delete(tables.products).where(eq(tables.products.id, id)).returning({ id: tables.products.id }))[0];
    if (!deleted) return false;
    await emitWebhookEvent(deps, tx, 'listing.deleted', { id });
    const storage = deps.storage;
    afterCommit(() => {
      for (const { key } of images) storage.removeImage(key);
      for (const { key } of documents) storage.removeDocument(key);
    });
    return true;
  });
}
