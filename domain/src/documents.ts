// Files attached to listings and the technical library: accepted types (decided from the bytes by
// the API, then classified here), size limits and the spec's French messages, list queries and shapes.
import { z } from 'zod';
import { MAX_ID, optionalText, queryInteger } from './fields.ts';

const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * MB;
export const DOCUMENT_MAX_BYTES = 50 * MB;

export const IMAGE_MESSAGES = {
  type: 'Seuls les formats JPEG, PNG et WebP sont acceptés',
  size: 'Chaque image ne peut pas dépasser 5 MB',
  missing: 'Veuillez sélectionner une image',
  unreadable: "L'image est illisible ou endommagée",
  tooManyPixels: "L'image est trop grande (40 mégapixels au maximum)",
} as const;

export const DOCUMENT_MESSAGES = {
  type: 'Formats acceptés: PDF, images, vidéos, documents Word, fichiers texte',
  size: 'Chaque document ne peut pas dépasser 50 MB',
  missing: 'Veuillez sélectionner au moins un document',
} as const;

export const TECHNICAL_MESSAGES = {
  missingFile: 'Veuillez sélectionner un fichier',
  missingTitle: 'Veuillez saisir un titre',
  size: 'Le fichier ne peut pas dépasser 50MB',
  type: 'Type de fichier non supporté. Formats acceptés: PDF, images (JPEG, PNG, WebP), vidéos (MP4, WebM, OGG)',
  notFound: 'Document introuvable',
} as const;

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type DocumentKind = 'pdf' | 'image' | 'video' | 'word' | 'text';

/** Listing documents (back-office section 5): pdf, jpeg, png, webp, gif, mp4, avi, quicktime, Word doc/docx, plain text. */
export const PRODUCT_DOCUMENT_TYPES: Record<string, DocumentKind> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/x-msvideo': 'video',
  'video/quicktime': 'video',
  'application/msword': 'word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'text/plain': 'text',
};

/** Technical library (back-office section 5): pdf, jpeg, png, webp, mp4, webm, ogg. */
export const TECHNICAL_DOCUMENT_TYPES: Record<string, 'pdf' | 'image' | 'video'> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/ogg': 'video',
};

/** What a browser may show inline in preview mode; everything else is only downloaded. */
export const previewable = (mimeType: string) =>
  /^(application\/pdf|image\/(jpeg|png|webp|gif)|video\/(mp4|webm|ogg|quicktime))$/.test(mimeType);

/** Title defaults to the file name (back-office section 5). */
export const defaultTitle = (fileName: string) => fileName.replace(/\.[^.]+$/, '') || fileName;

const optionalProductId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? null : Number(v)))
  .pipe(z.number().int().min(1).max(MAX_ID).nullable())
  // For the document: what the transform and the pipe accept (decision 023): an id, as a number or
  // digits, or nothing ('' or null).
  .meta({
    anyOf: [{ type: 'integer', minimum: 1, maximum: MAX_ID }, { type: 'string', pattern: '^(|[1-9][0-9]{0,8})$' }, { type: 'null' }],
  });

export const TECHNICAL_SORT_FIELDS = ['createdAt', 'title', 'downloadCount'] as const;
export const TECHNICAL_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The admin list's query: each value as the document says it (no '' or `all` for "none", docs/decisions/122). */
export const TechnicalDocumentQuerySchema = z.object({
  page: queryInteger(z.number().int().min(1).default(1)),
  limit: queryInteger(
    z
      .number()
      .refine((n) => (TECHNICAL_PAGE_SIZES as readonly number[]).includes(n), 'La taille de page doit être 10, 20, 50 ou 100')
      .default(20),
  ).meta({ enum: [...TECHNICAL_PAGE_SIZES] }), // the refine is invisible to JSON Schema: clients read the choices here
  search: z.string().max(200).trim().optional(),
  type: z.enum(['pdf', 'image', 'video']).optional(),
  sortBy: z.enum(TECHNICAL_SORT_FIELDS).default('createdAt'),
  sortOrder: z.enum(['ASC', 'DESC']).default('DESC'),
});
export type TechnicalDocumentQuery = z.output<typeof TechnicalDocumentQuerySchema>;

export const PUBLIC_TECHNICAL_PAGE_SIZE = 12;
export const PublicTechnicalDocumentQuerySchema = z.object({
  page: queryInteger(z.number().int().min(1).default(1)),
  limit: queryInteger(z.number().int().min(1).max(48).default(PUBLIC_TECHNICAL_PAGE_SIZE)),
  search: z.string().max(200).trim().optional(),
  type: z.enum(['pdf', 'image', 'video']).optional(),
});

export type PublicTechnicalDocumentQuery = z.output<typeof PublicTechnicalDocumentQuerySchema>;

/** The text fields of an upload or an edit; optional ones trimmed and empty ones omitted (stored null). */
export const TechnicalDocumentFieldsSchema = z.object({
  // A refinement (not min(1)) so that the spec's message is answered as it is, without a field prefix.
  title: z
    .string({ error: TECHNICAL_MESSAGES.missingTitle })
    // Counted as sent, before the trim, as the other texts are (and as the document's maxLength says).
    .max(200)
    .trim()
    .refine((v) => v.length > 0, TECHNICAL_MESSAGES.missingTitle)
    // For the document: what the refinement checks (decision 023).
    .meta({ minLength: 1, pattern: '\\S' }),
  titleFr: optionalText(200),
  titleEn: optionalText(200),
  descriptionFr: optionalText(5000),
  descriptionEn: optionalText(5000),
  productId: optionalProductId,
});
export type TechnicalDocumentFields = z.output<typeof TechnicalDocumentFieldsSchema>;

export const TechnicalDocumentUpdateSchema = TechnicalDocumentFieldsSchema.partial();

/** JSON creation publishes a file already stored with a listing into the library (no second upload). */
export const TechnicalDocumentCreateSchema = TechnicalDocumentFieldsSchema.extend({
  sourceDocumentId: z.coerce.number({ error: TECHNICAL_MESSAGES.missingFile }).int().min(1).max(MAX_ID),
});

export const TechnicalDocumentSchema = z.object({
  id: z.number(),
  title: z.string(),
  titleFr: z.string().nullable(),
  titleEn: z.string().nullable(),
  descriptionFr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  type: z.enum(['pdf', 'image', 'video']),
  mimeType: z.string(),
  url: z.string(),
  previewUrl: z.string(),
  originalFilename: z.string(),
  size: z.number(),
  downloadCount: z.number(),
  productId: z.number().nullable(),
  product: z.object({ id: z.number(), titleFr: z.string(), titleEn: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TechnicalDocument = z.infer<typeof TechnicalDocumentSchema>;

export const TechnicalDocumentListSchema = z.object({
  documents: z.array(TechnicalDocumentSchema),
  pagination: z.object({ currentPage: z.number(), totalPages: z.number(), totalDocuments: z.number(), limit: z.number() }),
});
export const TechnicalDocumentStatsSchema = z.object({
  totalDocuments: z.number(),
  totalDownloads: z.number(),
  documentsByType: z.array(z.object({ type: z.string(), count: z.number() })),
});

/** Sizes in each language's own units ('36,98 ko', '36.98 KB'): see format.ts and decision 082. */
export { formatFileSize } from './format.ts';
