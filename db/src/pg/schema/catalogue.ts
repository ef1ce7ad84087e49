// Listings, images, documents and the technical library: the PostgreSQL mirror of ../../schema/catalogue.ts.
// The search vector, its GIN index and the accent-free name-sort indexes are in the custom migration
// (migrations-pg/*_search.sql): they use functions drizzle-kit cannot declare.
import { sql, type SQL } from 'drizzle-orm';
import { doublePrecision, index, integer, json, jsonb, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ImageVariant } from '../../schema/catalogue.ts';
import { bool, createdAt, id, storedFile, updatedAt } from './columns.ts';

/** The price sort keys of ../../schema/catalogue.ts: the same expressions, so the indexes below serve the same sorts. */
export const priceSortKeys = (price: AnyPgColumn) => ({
  onRequest: sql`(${price} is null or ${price} <= 0)` as SQL,
  priced: sql`(${price} > 0)` as SQL,
});

export const products = pgTable(
  'products',
  {
    id: id(),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en').notNull(),
    descriptionFr: text('description_fr').notNull(),
    descriptionEn: text('description_en').notNull(),
    type: text('type').notNull(),
    category: text('category'),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    fuelType: text('fuel_type').notNull(),
    voltage: text('voltage'),
    phase: text('phase'),
    weight: doublePrecision('weight').notNull(),
    length: doublePrecision('length'),
    width: doublePrecision('width'),
    height: doublePrecision('height'),
    powerOutput: doublePrecision('power_output').notNull(),
    powerUnit: text('power_unit').notNull().default('kw'),
    powerKw: doublePrecision('power_kw').notNull(),
    condition: text('condition').notNull().default('new'),
    featured: bool('featured').notNull().default(false),
    year: integer('year'),
    price: doublePrecision('price'),
    specifications: jsonb('specifications').$type<Record<string, string>>().notNull().default({}),
    specificationsEn: jsonb('specifications_en').$type<Record<string, string>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_featured_idx').on(t.featured, t.createdAt),
    index('products_condition_idx').on(t.condition),
    index('products_type_idx').on(t.type),
    index('products_category_idx').on(t.category),
    index('products_brand_idx').on(t.brand),
    // The public brand filter compares without case: `lower(brand) = lower(?)` on PostgreSQL.
    index('products_brand_nocase_idx').on(sql`lower(${t.brand})`),
    // One brand's listings in power order (`brand=…&sort=power`): the page is read from the index, not sorted.
    index('products_brand_power_idx').on(sql`lower(${t.brand})`, t.powerKw, t.id),
    index('products_price_idx').on(t.price),
    // Nulls first, so that one index serves `asc nulls first` forwards and `desc nulls last` backwards: the
    // null order of SQLite, which the search keeps on both engines (api/src/services/search-sql-postgres.ts).
    // Every key of the sort, the id last (SQLite's indexes end with the rowid): the first page is read from
    // the index, where a key in another null order made the price sort read and sort the whole catalogue.
    index('products_price_asc_idx').on(sql`${priceSortKeys(t.price).onRequest} nulls first`, t.price.asc().nullsFirst(), t.id),
    index('products_price_desc_idx').on(sql`${priceSortKeys(t.price).priced} nulls first`, t.price.asc().nullsFirst(), t.id),
    index('products_facets_idx').on(t.brand, t.condition, t.type, t.category, t.featured, t.price, t.powerKw),
    index('products_updated_idx').on(t.updatedAt),
    index('products_power_idx').on(t.powerKw),
    index('products_created_idx').on(t.createdAt),
    index('products_title_fr_idx').on(t.titleFr),
    index('products_title_en_idx').on(t.titleEn),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    // json, not jsonb: a listings page reads twelve covers' variants as text, and PostgreSQL writes jsonb out
    // anew at every read (~30 µs of a page's statement), where json is the text as stored. Nothing queries
    // inside them (docs/perf/serving-speed-history.md).
    variants: json('variants').$type<ImageVariant[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const productDocuments = pgTable(
  'product_documents',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    description: text('description'),
    descriptionFr: text('description_fr'),
    descriptionEn: text('description_en'),
    ...storedFile(),
    createdAt: createdAt(),
  },
  (t) => [index('product_documents_product_idx').on(t.productId)],
);

export const technicalDocuments = pgTable(
  'technical_documents',
  {
    id: id(),
    title: text('title').notNull(),
    titleFr: text('title_fr'),
    titleEn: text('title_en'),
    descriptionFr: text('description_fr'),
    descriptionEn: text('description_en'),
    ...storedFile(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('technical_documents_type_idx').on(t.type),
    index('technical_documents_created_idx').on(t.createdAt),
    index('technical_documents_title_idx').on(t.title),
    index('technical_documents_downloads_idx').on(t.downloadCount),
    index('technical_documents_product_idx').on(t.productId),
  ],
);
