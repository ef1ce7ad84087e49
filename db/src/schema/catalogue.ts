// Listings with their images and documents, and the public technical library.
import { sql, type SQL } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, id, storedFile, updatedAt } from './columns.ts';

/**
 * The price sort keys, shared by the indexes below and the search query (SQLite uses an expression index
 * only for the very same expression). Prices on request (null or ≤ 0) come last in both orders: ascending
 * sorts on `onRequest, price, id`; descending on `priced desc, price desc, id desc`, where `price > 0` is
 * null for a null price, so nulls fall after zeros exactly as a plain `price desc` would put them.
 */
export const priceSortKeys = (price: AnySQLiteColumn) => ({
  onRequest: sql`(${price} is null or ${price} <= 0)` as SQL,
  priced: sql`(${price} > 0)` as SQL,
});

export const products = sqliteTable(
  'products',
  {
    id: id(),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en').notNull(),
    descriptionFr: text('description_fr').notNull(),
    descriptionEn: text('description_en').notNull(),
    type: text('type').notNull(), // 'generator' | 'engine'
    category: text('category'), // Marine, Industriel, Groupes électrogènes, Moteurs, Pièces détachées
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    fuelType: text('fuel_type').notNull(),
    voltage: text('voltage'), // generators only
    phase: text('phase'), // generators only
    weight: real('weight').notNull(), // kg
    length: real('length'), // mm
    width: real('width'),
    height: real('height'),
    powerOutput: real('power_output').notNull(),
    powerUnit: text('power_unit').notNull().default('kw'),
    powerKw: real('power_kw').notNull(), // powerOutput converted to kW, for filters across units
    condition: text('condition').notNull().default('new'),
    featured: bool('featured').notNull().default(false),
    year: integer('year'),
    price: real('price'), // euros excl. VAT; null or 0 = price on request
    specifications: text('specifications', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    // The English value of each specification, under the same (French) key; a key without one shows the French value.
    specificationsEn: text('specifications_en', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    version: integer('version').notNull().default(1), // optimistic concurrency for offline edits
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_featured_idx').on(t.featured, t.createdAt),
    index('products_condition_idx').on(t.condition),
    index('products_type_idx').on(t.type),
    index('products_category_idx').on(t.category),
    index('products_brand_idx').on(t.brand),
    // The public brand filter compares without case (`brand = ? collate nocase`).
    index('products_brand_nocase_idx').on(sql`${t.brand} collate nocase`),
    // One brand's listings in power order (`brand=…&sort=power`): the page is read from the index, not sorted.
    index('products_brand_power_idx').on(sql`${t.brand} collate nocase`, t.powerKw, t.id),
    index('products_price_idx').on(t.price),
    // One index per price order, so a price sort reads the first page from an index instead of sorting.
    index('products_price_asc_idx').on(priceSortKeys(t.price).onRequest, t.price),
    index('products_price_desc_idx').on(priceSortKeys(t.price).priced, t.price),
    // Facet counts and the filters they combine read this index alone, never the wide rows.
    index('products_facets_idx').on(t.brand, t.condition, t.type, t.category, t.featured, t.price, t.powerKw),
    index('products_updated_idx').on(t.updatedAt),
    index('products_power_idx').on(t.powerKw),
    index('products_created_idx').on(t.createdAt),
    index('products_title_fr_idx').on(t.titleFr),
    index('products_title_en_idx').on(t.titleEn),
  ],
);

export type ImageVariant = { width: number; height: number; format: 'webp' | 'avif' | 'jpeg'; file: string; bytes: number };

export const productImages = sqliteTable(
  'product_images',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(), // generated folder name under DATA_DIR/images
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull().default(0), // 0 = cover
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    variants: text('variants', { mode: 'json' }).$type<ImageVariant[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const productDocuments = sqliteTable(
  'product_documents',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // The English title; the English page falls back to `title` without one.
    titleEn: text('title_en'),
    description: text('description'),
    descriptionFr: text('description_fr'),
    descriptionEn: text('description_en'),
    ...storedFile(),
    createdAt: createdAt(),
  },
  (t) => [index('product_documents_product_idx').on(t.productId)],
);

export const technicalDocuments = sqliteTable(
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
