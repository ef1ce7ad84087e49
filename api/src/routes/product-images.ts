// /api/products/{id}/images: listing pictures (streamed upload, type from the bytes, re-encoded
// variants, order and cover, alt text, delete) and /api/media/images: the variants themselves.
import fs from 'node:fs';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Queryable } from '@app/db';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_MIME_TYPES } from '@app/domain/documents';
import { MAX_ID } from '@app/domain/fields';
import type { ProductImage } from '@app/domain/products';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { requireProductRow, withListingUpdated } from '../services/catalogue-products.ts';
import { serveFile } from '../http/files.ts';
import { commitOnce, respondOnce } from '../http/commit-once.ts';
import { addProductImage, deleteProductImage, listProductImages, reorderProductImages, setImageAlt } from '../services/images.ts';
import { parseMultipart } from '../http/uploads.ts';
import { removeTemp, sniffType } from '../services/uploads.ts';
import { ProductImageSchema } from '@app/domain/products';
import { doc } from '../http/openapi-meta.ts';
import * as A from './answers.ts';
import { notFoundMessages, requestMessages } from '@app/domain/api-messages';

const IMAGE_NOT_FOUND = notFoundMessages.image;
const AltSchema = z.string().trim().max(300);
const ImagePatchSchema = z.object({ alt: AltSchema.optional(), cover: z.boolean().optional() });
const ImageOrderSchema = z.object({ imageIds: z.array(z.number().int().positive().max(MAX_ID)).min(1).max(100) });

const MIME_BY_EXT: Record<string, string> = { webp: 'image/webp', avif: 'image/avif', jpg: 'image/jpeg' };

export const productImagesRoutes = (deps: Deps) => {
  const storage = deps.storage;
  const productId = async (id: string) => (await requireProductRow(deps.db, Number(id))).id;

  return new Hono<AppEnv>()
    .get(
      '/products/:id{[0-9]+}/images',
      doc({ summary: 'Images in display order (cover first)', responses: { 200: z.object({ images: z.array(ProductImageSchema) }) } }),
      async (c) => c.json({ images: await listProductImages(deps.db, await productId(c.req.param('id'))) }),
    )
    .post(
      '/products/:id{[0-9]+}/images',
      doc({
        summary: 'Upload an image (JPEG, PNG, WebP; 5 MB)',
        multipart: { image: 'file', alt: AltSchema.optional() },
        responses: { 201: z.object({ image: ProductImageSchema }) },
        fileTypes: IMAGE_MIME_TYPES,
        errors: {
          400: 'No image, an empty one, or alt text too long',
          413: 'Image too large',
          415: 'Not an accepted image type (read from its bytes)',
          422: 'The image cannot be decoded, or has too many pixels',
        },
      }),
      requireAdmin(deps),
      async (c) => {
        const id = await productId(c.req.param('id'));
        const { fields, files } = await parseMultipart(c, {
          storage,
          fileFields: ['image'],
          maxFiles: 1,
          maxFileBytes: IMAGE_MAX_BYTES,
          tooLargeMessage: IMAGE_MESSAGES.size,
          abortOnTooLarge: true,
        });
        try {
          const file = files[0];
          if (!file || file.size === 0) throw new ApiError(400, IMAGE_MESSAGES.missing);
          const sniffed = await sniffType(file);
          if (!sniffed || !(IMAGE_MIME_TYPES as readonly string[]).includes(sniffed.mime)) throw new ApiError(415, IMAGE_MESSAGES.type);
          const alt = AltSchema.safeParse(fields.alt ?? '');
          if (!alt.success) throw new ApiError(400, requestMessages.altTooLong);
          const recorded = async (insert: (q: Queryable) => Promise<ProductImage>) =>
            (await commitOnce(c, deps.db, 201, async (q) => ({ image: await withListingUpdated(deps, q, id, insert) }))).image;
          const image = await addProductImage(deps, id, file.tempPath, alt.data, recorded);
          return c.json({ image }, 201);
        } finally {
          removeTemp(files);
        }
      },
    )
    .put(
      '/products/:id{[0-9]+}/images/order',
      doc({ summary: 'Reorder images (first = cover)', responses: { 200: z.object({ images: z.array(ProductImageSchema) }) } }),
      requireAdmin(deps),
      validate('json', ImageOrderSchema),
      async (c) => {
        const id = await productId(c.req.param('id'));
        return respondOnce(c, deps.db, 200, async (q) => ({
          images: await withListingUpdated(deps, q, id, (tx) => reorderProductImages(tx, id, c.req.valid('json').imageIds)),
        }));
      },
    )
    .patch(
      '/products/:id{[0-9]+}/images/:imageId{[0-9]+}',
      doc({
        summary: 'Edit alt text or make it the cover',
        responses: { 200: z.object({ image: ProductImageSchema, images: z.array(ProductImageSchema) }) },
      }),
      requireAdmin(deps),
      validate('json', ImagePatchSchema),
      async (c) => {
        const id = await productId(c.req.param('id'));
        const imageId = Number(c.req.param('imageId'));
        const body = c.req.valid('json');
        if (!(await listProductImages(deps.db, id)).some((i) => i.id === imageId)) throw new ApiError(404, IMAGE_NOT_FOUND);
        const images = await withListingUpdated(deps, deps.db, id, async (tx) => {
          if (body.alt !== undefined) await setImageAlt(tx, imageId, body.alt);
          return body.cover ? reorderProductImages(tx, id, [imageId]) : listProductImages(tx, id);
        });
        return c.json({ image: images.find((i) => i.id === imageId), images });
      },
    )
    .delete(
      '/products/:id{[0-9]+}/images/:imageId{[0-9]+}',
      doc({ summary: 'Delete an image and its files', responses: { 200: A.Success } }),
      requireAdmin(deps),
      async (c) => {
        const id = await productId(c.req.param('id'));
        return respondOnce(c, deps.db, 200, async (q, afterCommit) => {
          const imageId = Number(c.req.param('imageId'));
          if (!(await withListingUpdated(deps, q, id, (tx) => deleteProductImage(deps, tx, id, imageId, afterCommit))))
            throw new ApiError(404, IMAGE_NOT_FOUND);
          return { success: true };
        });
      },
    )
    .on(
      ['GET', 'HEAD'],
      '/media/images/:key/:file',
      doc({ summary: 'An image variant (immutable)', responses: { 200: 'binary' }, errors: { 304: 'Not modified (ETag)' } }),
      (c) => {
        const file = storage.imageFile(c.req.param('key'), c.req.param('file'));
        if (!file || !fs.existsSync(file)) throw new ApiError(404, IMAGE_NOT_FOUND);
        const ext = file.slice(file.lastIndexOf('.') + 1);
        // The folder name is random per upload and never reused: the content behind a URL never changes.
        return serveFile(c, {
          path: file,
          mimeType: MIME_BY_EXT[ext] ?? 'application/octet-stream',
          cacheControl: 'public, max-age=31536000, immutable',
        });
      },
    );
};
