// Listing pictures: decoded and re-encoded with sharp (metadata such as EXIF/GPS dropped, a pixel
// limit against decompression bombs) into responsive variants, stored under a generated key.
import fs from 'node:fs';
import path from 'node:path';
import type { Metadata } from 'sharp';
import { and, asc, eq, sql } from 'drizzle-orm';
import { tablesOf, type schema, type Queryable, first } from '@app/db';
import type { ImageVariant } from '@app/db/schema/catalogue';
import { IMAGE_MESSAGES } from '@app/domain/documents';
import type { ProductImage } from '@app/domain/products';
import type { Deps } from '../context.ts';
import { Refusal } from './refusal.ts';
import type { AfterCommit } from './idempotency.ts';
import type { Storage } from './storage.ts';

/** 40 megapixels: more than any camera picture a listing needs, far below what exhausts memory. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const IMAGE_WIDTHS = [320, 640, 1024, 1600] as const;
const THUMBNAIL = { width: 400, height: 300, file: 'thumb.webp' };
/** One JPEG for clients that read neither WebP nor AVIF (link previews, structured data). */
const JPEG_WIDTH = 1024;

export type StoredImage = { key: string; width: number; height: number; variants: ImageVariant[] };

type ImageRow = typeof schema.productImages.$inferSelect;

export const imageUrl = (key: string, file: string) => `/api/media/images/${key}/${file}`;

type VariantUrls = Pick<ProductImage, 'url' | 'thumbnailUrl' | 'sources'>;

/** The URLs of a stored picture's variants: the largest WebP, the thumbnail, and every source for srcset. */
function variantUrls(key: string, variants: ImageVariant[] | string): VariantUrls {
  const all = typeof variants === 'string' ? (JSON.parse(variants) as ImageVariant[]) : variants;
  const webp = all.filter((v) => v.format === 'webp' && v.file !== THUMBNAIL.file).sort((a, b) => a.width - b.width);
  const main = webp.find((v) => v.width >= 1024) ?? webp.at(-1);
  const thumb = all.find((v) => v.file === THUMBNAIL.file) ?? webp[0];
  return {
    url: main ? imageUrl(key, main.file) : '',
    thumbnailUrl: thumb ? imageUrl(key, thumb.file) : '',
    sources: all.filter((v) => v.file !== THUMBNAIL.file).map((v) => ({ width: v.width, format: v.format, url: imageUrl(key, v.file) })),
  };
}

/**
 * The API shape of an image row: the largest WebP as url, the thumbnail, and every source for srcset.
 * `variants` may still be the column's JSON text (a raw read on SQLite).
 */
export function toProductImage(row: Omit<ImageRow, 'createdAt' | 'variants'> & { variants: ImageVariant[] | string }): ProductImage {
  const { url, thumbnailUrl, sources } = variantUrls(row.storageKey, row.variants);
  return {
    id: row.id,
    productId: row.productId,
    url,
    thumbnailUrl,
    alt: row.alt,
    position: row.position,
    width: row.width,
    height: row.height,
    sources,
  };
}

/**
 * sharp, loaded with the first picture rather than at start: libvips holds ~30 MB resident once loaded
 * (decision 123). Its operation cache is off: every upload is a new picture, nothing is asked twice.
 */
const loadSharp = async () => {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  return sharp;
};

/**
 * Decodes the input (a file path or bytes) and writes every variant into a new key folder.
 * Unreadable, truncated or oversized pictures are refused with 422 and leave nothing behind.
 */
export async function encodeImage(storage: Storage, input: string | Buffer): Promise<StoredImage> {
  const sharp = await loadSharp();
  const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', sequentialRead: true }).rotate();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new Refusal('unusable', IMAGE_MESSAGES.unreadable);
  }
  if (!meta.width || !meta.height) throw new Refusal('unusable', IMAGE_MESSAGES.unreadable);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new Refusal('unusable', IMAGE_MESSAGES.tooManyPixels);

  const key = storage.newKey();
  const dir = storage.imageDir(key);
  fs.mkdirSync(dir, { mode: 0o700 });
  try {
    // One full decode first, into a master no larger than the biggest variant: a truncated or corrupt
    // file fails here, before any variant is written, and memory stays bounded (1600 × 4800 at most).
    const { data, info } = await open()
      .resize({ width: IMAGE_WIDTHS.at(-1), height: IMAGE_WIDTHS.at(-1)! * 3, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const base = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const variants: ImageVariant[] = [];
    const widths = [...new Set(IMAGE_WIDTHS.map((w) => Math.min(w, info.width)))];
    for (const width of widths) {
      const height = Math.round((info.height * width) / info.width);
      for (const format of ['webp', 'avif'] as const) {
        const file = `${width}.${format}`;
        const pipeline = base().resize({ width, withoutEnlargement: true });
        // AVIF effort falls with size: large AVIFs at higher effort cost seconds of CPU per upload.
        const out = format === 'webp' ? pipeline.webp({ quality: 80 }) : pipeline.avif({ quality: 50, effort: width >= 1024 ? 0 : 2 });
        const written = await out.toFile(path.join(dir, file));
        variants.push({ width, height, format, file, bytes: written.size });
      }
    }
    const jpegWidth = Math.min(JPEG_WIDTH, info.width);
    const jpeg = await base()
      .resize({ width: jpegWidth })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(path.join(dir, `${jpegWidth}.jpg`));
    variants.push({ width: jpeg.width, height: jpeg.height, format: 'jpeg', file: `${jpegWidth}.jpg`, bytes: jpeg.size });
    const thumb = await base()
      .resize({ width: THUMBNAIL.width, height: THUMBNAIL.height, fit: 'cover' })
      .webp({ quality: 75 })
      .toFile(path.join(dir, THUMBNAIL.file));
    variants.push({ width: thumb.width, height: thumb.height, format: 'webp', file: THUMBNAIL.file, bytes: thumb.size });
    return { key, width: info.width, height: info.height, variants };
  } catch (err) {
    storage.removeImage(key);
    if (err instanceof Refusal) throw err;
    throw new Refusal('unusable', IMAGE_MESSAGES.unreadable);
  }
}

/** Stores an encoded image as the product's last picture (the first one becomes the cover). */
export async function insertImage(db: Queryable, productId: number, stored: StoredImage, alt: string): Promise<ImageRow> {
  const tables = tablesOf(db);
  const next = await first(
    db
      .select({ n: sql<number>`coalesce(max(${tables.productImages.position}) + 1, 0)` })
      .from(tables.productImages)
      .where(eq(tables.productImages.productId, productId)),
  );
  return (
    await db
      .insert(tables.productImages)
      .values({
        productId,
        storageKey: stored.key,
        alt,
        position: next?.n ?? 0,
        width: stored.width,
        height: stored.height,
        variants: stored.variants,
      })
      .returning()
  )[0]!;
}

/**
 * The service used by uploads and by the demo seed alike. `commit` runs the row's insert on the queryable
 * it gives (an upload runs it in the transaction that records its Idempotency-Key).
 */
export async function addProductImage(
  deps: Deps,
  productId: number,
  input: string | Buffer,
  alt: string,
  commit: (insert: (q: Queryable) => Promise<ProductImage>) => Promise<ProductImage> = (insert) => insert(deps.db),
) {
  const stored = await encodeImage(deps.storage, input);
  try {
    return await commit(async (q) => toProductImage(await insertImage(q, productId, stored, alt)));
  } catch (err) {
    deps.storage.removeImage(stored.key);
    throw err;
  }
}

export async function listProductImages(q: Queryable, productId: number): Promise<ProductImage[]> {
  const tables = tablesOf(q);
  return (
    await q
      .select()
      .from(tables.productImages)
      .where(eq(tables.productImages.productId, productId))
      .orderBy(asc(tables.productImages.position), asc(tables.productImages.id))
  ).map(toProductImage);
}

/** Deletes the image and renumbers the others in one transaction; its files go once that commits. */
export async function deleteProductImage(
  deps: Deps,
  q: Queryable,
  productId: number,
  imageId: number,
  afterCommit: AfterCommit,
): Promise<boolean> {
  const tables = tablesOf(q);
  return q.transaction(async (tx) => {
    const row = (
      await tx
        .delete(tables.productImages)
        .where(and(eq(tables.productImages.id, imageId), eq(tables.productImages.productId, productId)))
        .returning()
    )[0];
    if (!row) return false;
    await renumber(tx, productId);
    afterCommit(() => deps.storage.removeImage(row.storageKey));
    return true;
  });
}

/** Positions 0..n-1 in the current order; position 0 is the cover. */
async function renumber(q: Queryable, productId: number, order?: number[]) {
  const tables = tablesOf(q);
  const ids = order ?? (await listProductImages(q, productId)).map((i) => i.id);
  await q.transaction(async (tx) => {
    for (const [position, id] of ids.entries()) {
      await tx
        .update(tables.productImages)
        .set({ position })
        .where(and(eq(tables.productImages.id, id), eq(tables.productImages.productId, productId)));
    }
  });
}

/** Reorders with the given ids first (in that order); images not named keep their relative order after them. */
export async function reorderProductImages(q: Queryable, productId: number, ids: number[]): Promise<ProductImage[]> {
  const current = (await listProductImages(q, productId)).map((i) => i.id);
  const wanted = ids.filter((id, i) => current.includes(id) && ids.indexOf(id) === i);
  await renumber(q, productId, [...wanted, ...current.filter((id) => !wanted.includes(id))]);
  return listProductImages(q, productId);
}

export async function setImageAlt(q: Queryable, imageId: number, alt: string) {
  const tables = tablesOf(q);
  await q.update(tables.productImages).set({ alt }).where(eq(tables.productImages.id, imageId));
}
