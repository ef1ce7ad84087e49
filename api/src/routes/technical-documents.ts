// The technical library: admin list, statistics, upload, JSON creation, edit and delete under
// /api/admin/technical-documents; public list, counted download and preview under /api/technical-documents.
import { Hono, type Context } from 'hono';
import {
  DOCUMENT_MAX_BYTES,
  PublicTechnicalDocumentQuerySchema,
  TECHNICAL_DOCUMENT_TYPES,
  TECHNICAL_MESSAGES,
  TechnicalDocumentCreateSchema,
  TechnicalDocumentFieldsSchema,
  TechnicalDocumentQuerySchema,
  TechnicalDocumentUpdateSchema,
} from '@app/domain/documents';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { parseOrThrow } from '../services/parse-input.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { classify, copyFile, countTechnicalDownload, keepFile } from '../services/catalogue-documents.ts';
import { PRODUCT_NOT_FOUND, findProductRow } from '../services/catalogue-products.ts';
import { sendDocument } from '../http/document-delivery.ts';
import {
  addTechnicalDocument,
  deleteTechnicalDocument,
  findTechnicalDocumentRow,
  getTechnicalDocument,
  listTechnicalDocuments,
  publishableDocument,
  technicalStats,
  updateTechnicalDocument,
} from '../services/technical-library.ts';
import { parseMultipart } from '../http/uploads.ts';
import { removeTemp } from '../services/uploads.ts';
import { TechnicalDocumentListSchema, TechnicalDocumentSchema, TechnicalDocumentStatsSchema } from '@app/domain/documents';
import { doc, fileDoc } from '../http/openapi-meta.ts';
import { respondOnce } from '../http/commit-once.ts';
import * as A from './answers.ts';
import { z } from 'zod';

export const technicalDocumentsRoutes = (deps: Deps) => {
  const storage = deps.storage;
  const requireDocument = (id: string) => findTechnicalDocumentRow(deps, Number(id));
  // A listing the body names and that does not exist is a 404, as an unknown `sourceDocumentId` is: which
  // listings exist is state, not something the request's schema can say (docs/decisions/122).
  const checkProduct = async (productId: number | null | undefined) => {
    if (productId && !(await findProductRow(deps.db, productId)))
      throw new ApiError(404, PRODUCT_NOT_FOUND, [{ field: 'productId', message: PRODUCT_NOT_FOUND }]);
  };
  const found = async (c: Context, id: number, status: 200 | 201 = 200) =>
    c.json({ document: (await getTechnicalDocument(deps.db, id))! }, status);

  return new Hono<AppEnv>()
    .get(
      '/technical-documents/public',
      doc({ summary: 'The public technical library', responses: { 200: TechnicalDocumentListSchema } }),
      validate('query', PublicTechnicalDocumentQuerySchema),
      async (c) => {
        const { documents, pagination } = await listTechnicalDocuments(deps, c.req.valid('query'));
        return c.json({ documents, pagination });
      },
    )
    .on(['GET', 'HEAD'], '/technical-documents/download/:id{[0-9]+}', fileDoc('Download (attachment, counted)'), async (c) => {
      const row = await requireDocument(c.req.param('id'));
      return sendDocument(c, deps, row, 'download', () => countTechnicalDownload(deps, row.id));
    })
    .on(['GET', 'HEAD'], '/technical-documents/preview/:id{[0-9]+}', fileDoc('Inline preview'), async (c) =>
      sendDocument(c, deps, await requireDocument(c.req.param('id')), 'preview'),
    )
    .use('/admin/technical-documents', requireAdmin(deps))
    .use('/admin/technical-documents/*', requireAdmin(deps))
    .get(
      '/admin/technical-documents',
      doc({ summary: 'The library as administrators list it', responses: { 200: TechnicalDocumentListSchema } }),
      validate('query', TechnicalDocumentQuerySchema),
      async (c) => c.json(await listTechnicalDocuments(deps, c.req.valid('query'))),
    )
    .get(
      '/admin/technical-documents/stats',
      doc({ summary: 'Library statistics', responses: { 200: TechnicalDocumentStatsSchema } }),
      async (c) => c.json(await technicalStats(deps)),
    )
    .get(
      '/admin/technical-documents/:id{[0-9]+}',
      doc({ summary: 'One library document', responses: { 200: z.object({ document: TechnicalDocumentSchema }) } }),
      async (c) => found(c, (await requireDocument(c.req.param('id'))).id),
    )
    .post(
      '/admin/technical-documents/upload',
      doc({
        summary: 'Upload a document into the library (50 MB)',
        multipart: {
          document: 'file',
          ...TechnicalDocumentFieldsSchema.omit({ productId: true }).shape,
          productId: z
            .string()
            .regex(/^[1-9][0-9]{0,8}$/)
            .optional()
            .meta({ description: 'The id of an existing listing' }),
        },
        responses: { 201: z.object({ document: TechnicalDocumentSchema }) },
        fileTypes: Object.keys(TECHNICAL_DOCUMENT_TYPES),
        errors: {
          400: 'No file, no title, or a bad field',
          404: '`productId` names no listing',
          413: 'File too large',
          415: 'Type not accepted (read from its bytes)',
        },
      }),
      async (c) => {
        const { fields, files } = await parseMultipart(c, {
          storage,
          fileFields: ['document', 'file'],
          maxFiles: 1,
          maxFileBytes: DOCUMENT_MAX_BYTES,
          tooLargeMessage: TECHNICAL_MESSAGES.size,
          abortOnTooLarge: true,
        });
        try {
          // Checked in the order of the spec's form: file, title, size, type.
          const file = files[0];
          if (!file || file.size === 0) throw new ApiError(400, TECHNICAL_MESSAGES.missingFile);
          const parsed = parseOrThrow(TechnicalDocumentFieldsSchema, { title: '', ...fields });
          await checkProduct(parsed.productId);
          const { accepted, refused } = await classify([file], TECHNICAL_DOCUMENT_TYPES, TECHNICAL_MESSAGES);
          if (refused[0]) throw new ApiError(refused[0].reason === 'size' ? 413 : 415, refused[0].error);
          const { mimeType, kind } = accepted[0]!;
          const key = keepFile(deps.storage, file);
          return await respondOnce(c, deps.db, 201, async (q) => ({
            document: await addTechnicalDocument(q, {
              ...parsed,
              type: kind,
              mimeType,
              storageKey: key,
              originalFilename: file.originalName,
              size: file.size,
            }),
          }));
        } finally {
          removeTemp(files);
        }
      },
    )
    .post(
      '/admin/technical-documents',
      doc({
        summary: "Publish a listing's document into the library",
        responses: { 201: z.object({ document: TechnicalDocumentSchema }) },
        errors: {
          404: 'The listing document, or the listing `productId` names, does not exist',
          415: 'Its type cannot go into the library',
        },
      }),
      validate('json', TechnicalDocumentCreateSchema),
      async (c) => {
        const { sourceDocumentId, ...fields } = c.req.valid('json');
        await checkProduct(fields.productId);
        const { source, kind } = await publishableDocument(deps, sourceDocumentId);
        if (!kind) throw new ApiError(415, TECHNICAL_MESSAGES.type);
        // A copy, so that deleting either document never removes the other's file.
        const key = copyFile(deps.storage, source.storageKey);
        return respondOnce(c, deps.db, 201, async (q) => ({
          document: await addTechnicalDocument(q, {
            ...fields,
            productId: fields.productId ?? source.productId,
            type: kind,
            mimeType: source.mimeType,
            storageKey: key,
            originalFilename: source.originalFilename,
            size: source.size,
          }),
        }));
      },
    )
    .put(
      '/admin/technical-documents/:id{[0-9]+}',
      doc({
        summary: 'Edit texts or the linked listing',
        responses: { 200: z.object({ document: TechnicalDocumentSchema }) },
        errors: { 404: 'No such document, or `productId` names no listing' },
      }),
      validate('json', TechnicalDocumentUpdateSchema),
      async (c) => {
        const row = await requireDocument(c.req.param('id'));
        const changes = c.req.valid('json');
        await checkProduct(changes.productId);
        await updateTechnicalDocument(deps, row.id, changes);
        return found(c, row.id);
      },
    )
    .delete(
      '/admin/technical-documents/:id{[0-9]+}',
      doc({ summary: 'Delete a library document and its file', responses: { 200: A.SuccessMessage } }),
      async (c) => {
        const row = await requireDocument(c.req.param('id'));
        return respondOnce(c, deps.db, 200, async (q, afterCommit) => {
          await deleteTechnicalDocument(deps, q, row, afterCommit);
          return { success: true, message: 'Document supprimé' };
        });
      },
    );
};
