// /api/products/{id}/documents: files attached to a listing (batch upload with titles and
// descriptions one part per file, refused files reported), counted downloads and sandboxed previews.
import { Hono, type Context } from 'hono';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES, PRODUCT_DOCUMENT_TYPES } from '@app/domain/documents';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError, PROBLEM_TYPE, problem } from '../http/errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import {
  classify,
  countProductDocumentDownload,
  deleteProductDocument,
  findProductDocument,
  listProductDocuments,
  storeProductDocuments,
} from '../services/catalogue-documents.ts';
import { requireProductRow, withListingUpdated } from '../services/catalogue-products.ts';
import { sendDocument } from '../http/document-delivery.ts';
import { respondOnce } from '../http/commit-once.ts';
import { parseMultipart } from '../http/uploads.ts';
import { removeTemp } from '../services/uploads.ts';
import { nulRefusal } from '../services/parse-input.ts';
import { ProductDocumentSchema } from '@app/domain/products';
import { doc, fileDoc } from '../http/openapi-meta.ts';
import * as A from './answers.ts';
import { z } from 'zod';
import { notFoundMessages, requestMessages } from '@app/domain/api-messages';
import { fill } from '@app/domain/i18n/index';

const DOCUMENT_NOT_FOUND = notFoundMessages.document;
const MAX_FILES_PER_BATCH = 10;
/** A document's title and description, as the listing's own fields and the library's. */
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;

/**
 * For the document: the texts of a batch, the i-th for the i-th file, one part each (OpenAPI 3.1 sends an
 * array in a form as repeated parts). One part is the same on the wire whether a client meant a text or
 * an array of one, so the schema takes both. A lone part holding a JSON array of texts, as the admin sends
 * (`["Fiche technique"]`), is read as that array.
 */
const perFileTexts = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .meta({
      type: ['string', 'array'],
      items: { type: 'string', maxLength: max },
      maxItems: MAX_FILES_PER_BATCH,
      description: `One part per file, in the files' order, or one part holding a JSON array of texts or nulls (\`["…", null]\`); ${max} characters at most per text`,
    });

/** A JSON array of texts (or nulls, "none for this file") without NUL, or undefined when `raw` is not one. */
function jsonTextArray(raw: string): (string | null)[] | undefined {
  if (!raw.startsWith('[')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const texts = (v: unknown) => v === null || (typeof v === 'string' && !v.includes('\u0000'));
  return Array.isArray(parsed) && parsed.every(texts) ? (parsed as (string | null)[]) : undefined;
}

/**
 * The texts sent for a batch under `name`, one part per file, or a lone JSON array (above), or the one-file
 * form `single`. What the document's schema refuses is refused with 400, naming the field: a text over `max`
 * characters (never cut and stored), one holding a NUL, more parts than files a batch takes.
 */
function perFile(values: Record<string, string[]>, name: string, single: string, max: number): (string | null)[] {
  const field = values[name]?.length ? name : single;
  const parts = field === name ? values[name]! : values[single]?.slice(0, 1);
  if (!parts) return [];
  if (parts.length > MAX_FILES_PER_BATCH)
    throw new ApiError(400, fill(requestMessages.tooManyTexts, { name: field, max: MAX_FILES_PER_BATCH }));
  if (parts.some((v) => v.length > max)) throw new ApiError(400, fill(requestMessages.textTooLong, { name: field, max }));
  const refused = nulRefusal({ [field]: parts });
  if (refused) throw refused;
  return (parts.length === 1 && jsonTextArray(parts[0]!)) || parts;
}

export const productDocumentsRoutes = (deps: Deps) => {
  const storage = deps.storage;
  const productId = async (id: string) => (await requireProductRow(deps.db, Number(id))).id;
  const findDocument = (c: Context) => findProductDocument(deps, Number(c.req.param('id')), Number(c.req.param('docId')));

  return new Hono<AppEnv>()
    .get(
      '/products/:id{[0-9]+}/documents',
      doc({ summary: 'Documents of a listing', responses: { 200: z.object({ documents: z.array(ProductDocumentSchema) }) } }),
      async (c) => {
        const id = await productId(c.req.param('id'));
        return c.json({ documents: await listProductDocuments(deps, id) });
      },
    )
    .post(
      '/products/:id{[0-9]+}/documents',
      doc({
        summary: 'Upload documents (50 MB each); refused files are reported',
        multipart: {
          documents: 'files',
          titles: perFileTexts(TITLE_MAX),
          titlesEn: perFileTexts(TITLE_MAX),
          descriptions: perFileTexts(DESCRIPTION_MAX),
        },
        responses: {
          201: z.object({
            documents: z.array(ProductDocumentSchema),
            refused: z.array(z.object({ filename: z.string(), error: z.string() })),
          }),
        },
        fileTypes: Object.keys(PRODUCT_DOCUMENT_TYPES),
        errors: {
          400: 'No file, or in `titles`, `titlesEn` or `descriptions` a text over its length or holding a NUL, or more parts than files a batch takes',
          413: 'Every file was too large',
          415: 'No file had an accepted type (read from its bytes)',
        },
      }),
      requireAdmin(deps),
      async (c) => {
        const id = await productId(c.req.param('id'));
        const { fieldValues, files } = await parseMultipart(c, {
          storage,
          fileFields: ['documents', 'document', 'file'],
          maxFiles: MAX_FILES_PER_BATCH,
          maxFileBytes: DOCUMENT_MAX_BYTES,
          tooLargeMessage: DOCUMENT_MESSAGES.size,
          abortOnTooLarge: false,
        });
        try {
          if (!files.length) throw new ApiError(400, DOCUMENT_MESSAGES.missing);
          const titles = perFile(fieldValues, 'titles', 'title', TITLE_MAX);
          const titlesEn = perFile(fieldValues, 'titlesEn', 'titleEn', TITLE_MAX);
          const descriptions = perFile(fieldValues, 'descriptions', 'description', DESCRIPTION_MAX);
          const descriptionsFr = perFile(fieldValues, 'descriptionsFr', 'descriptionFr', DESCRIPTION_MAX);
          const descriptionsEn = perFile(fieldValues, 'descriptionsEn', 'descriptionEn', DESCRIPTION_MAX);
          // Files keep their index in the batch so that titles[i] stays with the i-th file.
          const indexed = files.map((file, i) => ({ file, i }));
          const { accepted, refused } = await classify(files, PRODUCT_DOCUMENT_TYPES, DOCUMENT_MESSAGES);
          const refusedOut = refused.map((r) => ({ filename: r.file.originalName, error: r.error }));
          if (!accepted.length) {
            const status = refused.some((r) => r.reason === 'size') ? 413 : 415;
            return c.json({ ...problem(status, refused[0]!.error), documents: [], refused: refusedOut }, status, {
              'content-type': PROBLEM_TYPE,
            });
          }
          return await respondOnce(c, deps.db, 201, async (q) => ({
            documents: await withListingUpdated(deps, q, id, (tx) =>
              storeProductDocuments(
                deps,
                tx,
                id,
                accepted.map((a) => {
                  const i = indexed.find((x) => x.file === a.file)!.i;
                  return {
                    ...a,
                    meta: {
                      title: titles[i] ?? undefined,
                      titleEn: titlesEn[i],
                      description: descriptions[i],
                      descriptionFr: descriptionsFr[i],
                      descriptionEn: descriptionsEn[i],
                    },
                  };
                }),
              ),
            ),
            refused: refusedOut,
          }));
        } finally {
          removeTemp(files);
        }
      },
    )
    .delete(
      '/products/:id{[0-9]+}/documents/:docId{[0-9]+}',
      doc({ summary: 'Delete a document and its file', responses: { 200: A.Success } }),
      requireAdmin(deps),
      (c) =>
        respondOnce(c, deps.db, 200, async (q, afterCommit) => {
          const id = Number(c.req.param('id'));
          if (
            !(await withListingUpdated(deps, q, id, (tx) => deleteProductDocument(deps, tx, id, Number(c.req.param('docId')), afterCommit)))
          )
            throw new ApiError(404, DOCUMENT_NOT_FOUND);
          return { success: true };
        }),
    )
    .on(
      ['GET', 'HEAD'],
      '/products/:id{[0-9]+}/documents/:docId{[0-9]+}/download',
      fileDoc('Download (attachment, Range, counted)'),
      async (c) => {
        const row = await findDocument(c);
        return sendDocument(c, deps, row, 'download', () => countProductDocumentDownload(deps, row.id));
      },
    )
    .on(
      ['GET', 'HEAD'],
      '/products/:id{[0-9]+}/documents/:docId{[0-9]+}/preview',
      fileDoc('Inline preview under a sandboxing CSP'),
      async (c) => sendDocument(c, deps, await findDocument(c), 'preview'),
    );
};
