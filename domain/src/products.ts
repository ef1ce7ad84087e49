// Listings: the input schema shared by the API and the admin form (back-office section 5), the
// query of the public and admin lists, the product as the API returns it, and price formatting.
import { z } from 'zod';
import { optionalText, queryInteger, queryNumber } from './fields.ts';
import type { Lang } from './lang.ts';
import { LangSchema } from './lang-schema.ts';
import { PowerUnitSchema } from './power.ts';

export const PRODUCT_TYPES = ['generator', 'engine'] as const;
export const CONDITIONS = ['new', 'used', 'refurbished'] as const;
/** The admin list's category filter values (back-office section 2). */
export const CATEGORIES = ['Marine', 'Industriel', 'Groupes électrogènes', 'Moteurs', 'Pièces détachées'] as const;
export const ProductTypeSchema = z.enum(PRODUCT_TYPES);
export const ConditionSchema = z.enum(CONDITIONS);
export const CategorySchema = z.enum(CATEGORIES);
export type ProductType = z.infer<typeof ProductTypeSchema>;
export type Condition = z.infer<typeof ConditionSchema>;
export type Category = z.infer<typeof CategorySchema>;

export const LISTING_LIMITS = { adminPageSize: 10, pickerSize: 100, publicPageSize: 12, maxPageSize: 100, homeOffers: 3 } as const;

// The `.meta()` below state in the OpenAPI document what the transforms and refinements check, so
// that a client (and the contract test) can tell a valid request from the schema alone (decision 023).
const NOT_BLANK = '\\S';
/** A required text: at most `max` characters as sent (the document's maxLength), then trimmed and not empty. */
const text = (max: number, required: string) => z.string({ error: required }).max(max).trim().min(1, required).meta({ pattern: NOT_BLANK });

/**
 * A number, or its text with a comma or a point ('12,5'), from `min` (0 or 1) up; the text is trimmed,
 * and for an optional number an empty text means none (what numberInput reads, decision 122).
 */
const numberText = (min: number, nullable: boolean) => ({
  type: 'string',
  pattern: `^\\s*(${min >= 1 ? '[1-9][0-9]{0,6}' : '[0-9]{1,7}'}([.,][0-9]{1,2})?)${nullable ? '?' : ''}\\s*$`,
});
const numberMeta = (min: number, nullable: boolean) => ({
  anyOf: [{ type: 'number', minimum: min, maximum: 1e9 }, numberText(min, nullable), ...(nullable ? [{ type: 'null' }] : [])],
});

/** '' / null / missing → null; '12,5' → 12.5; anything else must be a number. */
const numberInput = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => {
    if (v === undefined || v === null) return null;
    if (typeof v === 'number') return v;
    const s = v.trim().replace(',', '.');
    return s === '' ? null : Number(s);
  });
// At most 1e9, as the document says (decision 122).
const requiredNumber = (message: string) =>
  numberInput.pipe(z.number({ error: message }).min(1, message).max(1e9)).meta(numberMeta(1, false));
const optionalNumber = (min: number, message: string) =>
  numberInput.pipe(z.number({ error: message }).min(min, message).max(1e9).nullable()).meta(numberMeta(min, true));

const booleanInput = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', ''])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** The listing's editable fields, each checked on its own (the cross-field rules follow). */
const ProductFieldsSchema = z.object({
  titleFr: text(200, 'Le titre en français est requis'),
  titleEn: text(200, 'Le titre en anglais est requis'),
  descriptionFr: text(10_000, 'La description en français est requise'),
  descriptionEn: text(10_000, 'La description en anglais est requise'),
  type: ProductTypeSchema,
  category: z
    .union([CategorySchema, z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  brand: text(100, 'La marque est requise'),
  model: text(100, 'Le modèle est requis'),
  condition: ConditionSchema.default('new'),
  powerOutput: requiredNumber('La puissance doit être au moins 1'),
  powerUnit: PowerUnitSchema.default('kw'),
  fuelType: text(60, 'Le type de carburant est requis'),
  voltage: optionalText(60),
  phase: optionalText(30),
  weight: requiredNumber('Le poids doit être au moins 1'),
  length: optionalNumber(1, 'La longueur doit être au moins 1'),
  width: optionalNumber(1, 'La largeur doit être au moins 1'),
  height: optionalNumber(1, 'La hauteur doit être au moins 1'),
  price: optionalNumber(0, 'Le prix doit être positif').transform((v) => (v === null ? null : Math.round(v * 100) / 100)),
  featured: booleanInput,
  year: numberInput.pipe(z.number().int().min(1900).max(2100).nullable()).meta({
    anyOf: [
      { type: 'integer', minimum: 1900, maximum: 2100 },
      { type: 'string', pattern: '^\\s*(19[0-9]{2}|20[0-9]{2}|2100)?\\s*$' },
      { type: 'null' },
    ],
  }),
  specifications: z
    .record(z.string().trim().min(1).max(100).meta({ pattern: NOT_BLANK }), z.union([z.string().max(500), z.number()]).transform(String))
    .refine((m) => Object.keys(m).length <= 50, 'Au plus 50 caractéristiques')
    .default({}),
  /** English values under the same keys as `specifications`; an empty one is dropped. */
  specificationsEn: z
    .record(
      z.string().trim().min(1).max(100).meta({ pattern: NOT_BLANK }),
      z.union([z.string().max(500), z.number()]).transform((v) => String(v).trim()),
    )
    .refine((m) => Object.keys(m).length <= 50, 'Au plus 50 caractéristiques')
    .transform((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== '')))
    .default({}),
});
export const PRODUCT_FIELDS = Object.keys(ProductFieldsSchema.shape) as (keyof typeof ProductFieldsSchema.shape)[];

/** The generator rule below, for the document: a generator set names its voltage and phase. */
const GENERATOR_RULE = {
  if: { properties: { type: { const: 'generator' } }, required: ['type'] },
  then: {
    required: ['voltage', 'phase'],
    properties: {
      voltage: { type: 'string', minLength: 1, maxLength: 60, pattern: NOT_BLANK },
      phase: { type: 'string', minLength: 1, maxLength: 30, pattern: NOT_BLANK },
    },
  },
};

const REQUIRED_FIELDS = [
  'titleFr',
  'titleEn',
  'descriptionFr',
  'descriptionEn',
  'type',
  'brand',
  'model',
  'powerOutput',
  'fuelType',
  'weight',
];

/** A whole listing's rules across fields: a generator set names its voltage and phase; an engine stores neither. */
type GeneratorParts = { type: ProductType; voltage: string | null; phase: string | null };

function checkGeneratorParts(p: GeneratorParts, ctx: z.RefinementCtx) {
  if (p.type !== 'generator') return;
  if (!p.voltage) ctx.addIssue({ code: 'custom', path: ['voltage'], message: 'La tension est requise pour un groupe électrogène' });
  if (!p.phase) ctx.addIssue({ code: 'custom', path: ['phase'], message: 'La phase est requise pour un groupe électrogène' });
}

/** Engines store voltage and phase as null (back-office section 2, listing form). */
const dropEngineParts = <P extends GeneratorParts>(p: P): P => (p.type === 'generator' ? p : { ...p, voltage: null, phase: null });

function withGeneratorRule<T extends z.ZodType<z.output<typeof ProductFieldsSchema>>>(fields: T, required: string[]) {
  return (
    fields
      .superRefine(checkGeneratorParts)
      .transform(dropEngineParts)
      // powerOutput and weight may be left out of the zod input (they then fail with the spec's message).
      .meta({ required, ...GENERATOR_RULE })
  );
}

export const ProductInputSchema = withGeneratorRule(ProductFieldsSchema, REQUIRED_FIELDS);
export type ProductInput = z.output<typeof ProductInputSchema>;

/**
 * PUT carries the version it edits: a stale one is refused with 409 so an offline edit never overwrites a newer one.
 * One object with the version beside the fields, so the document describes one body rather than an intersection.
 */
export const ProductUpdateSchema = withGeneratorRule(
  ProductFieldsSchema.extend({ version: z.coerce.number({ error: 'La version modifiée est requise' }).int().min(1) }),
  [...REQUIRED_FIELDS, 'version'],
);
export type ProductUpdate = z.output<typeof ProductUpdateSchema>;

const FIELDS = ProductFieldsSchema.shape;
type PatchShape = { [K in keyof typeof FIELDS]: z.ZodExactOptional<(typeof FIELDS)[K]> };
/** A field of a partial edit: checked as in PUT when sent, absent otherwise (its default is the full form's, not the edit's). */
const patchShape = Object.fromEntries(
  Object.entries(FIELDS).map(([key, field]) => [key, (field instanceof z.ZodDefault ? field.removeDefault() : field).exactOptional()]),
) as unknown as PatchShape;

export const PATCH_NOTHING_MESSAGE = 'Indiquez au moins un champ à modifier';

/**
 * PATCH /products/{id}: only the fields that change, with the version edited. Each field sent is checked
 * as in PUT; an unknown one is refused; the other fields stay as stored, checked or not. A change of type,
 * voltage or phase is checked with the stored values of the others (GeneratorPartsSchema).
 */
export const ProductPatchSchema = z
  .strictObject({
    ...patchShape,
    version: z.coerce.number({ error: 'La version modifiée est requise' }).int().min(1),
  })
  .refine((p) => PRODUCT_FIELDS.some((k) => k in p), { message: PATCH_NOTHING_MESSAGE })
  .meta({ minProperties: 2, ...GENERATOR_RULE });
export type ProductPatch = z.output<typeof ProductPatchSchema>;
/** The fields a partial edit changes (without its version). */
export type ProductChanges = Omit<ProductPatch, 'version'>;

/** The generator rule on the type, voltage and phase a listing has once an edit applies (the sent ones over the stored ones). */
export const GeneratorPartsSchema = z
  .object({ type: ProductTypeSchema, voltage: z.string().nullable(), phase: z.string().nullable() })
  .superRefine(checkGeneratorParts)
  .transform(dropEngineParts);

export const STALE_VERSION_MESSAGE = "L'annonce a été modifiée entre-temps. Rechargez-la avant d'enregistrer.";

/**
 * The admin form's numeric coercion (back-office section 5), for the form fields as typed:
 * empty optional numbers become null; powerOutput and weight invalid or not positive become 1;
 * other invalid numbers become 0.
 */
export function coerceListingNumbers<T extends Record<string, unknown>>(form: T): T {
  const out: Record<string, unknown> = { ...form };
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : NaN);
  for (const key of ['powerOutput', 'weight']) {
    const n = num(out[key]);
    out[key] = Number.isFinite(n) && n > 0 ? n : 1;
  }
  for (const key of ['length', 'width', 'height', 'price', 'year']) {
    const v = out[key];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) out[key] = null;
    else {
      const n = num(v);
      out[key] = Number.isFinite(n) ? n : 0;
    }
  }
  return out as T;
}

/** Defaults of a new listing (back-office section 9). */
export const NEW_LISTING_DEFAULTS = {
  type: 'generator',
  condition: 'new',
  powerOutput: 100,
  powerUnit: 'kw',
  fuelType: 'diesel',
  voltage: '400V',
  phase: '3',
  weight: 500,
  featured: false,
} as const;

/** `updated`: last change first (desc), what the sitemap's catalogue version reads. */
export const SORT_FIELDS = ['date', 'price', 'name', 'power', 'updated'] as const;

/**
 * GET /products: each value is what the document says (an empty value or `all` is no filter only by
 * leaving the parameter out, docs/decisions/122); free texts are read trimmed, and empty means none.
 */
export const ProductQuerySchema = z.object({
  page: queryInteger(z.number().int().min(1).max(100_000).default(1)),
  limit: queryInteger(z.number().int().min(1).max(LISTING_LIMITS.maxPageSize).default(LISTING_LIMITS.publicPageSize)),
  search: z.string().max(200).trim().optional(),
  category: CategorySchema.optional(),
  /** marine = every listing that is not a generator set (the public card's "marine engine"). */
  type: z.enum(['marine', 'engine', 'generator']).optional(),
  condition: ConditionSchema.optional(),
  brand: z.string().max(100).trim().optional(),
  featured: z.enum(['true', 'false']).optional(),
  /** Euros, inclusive; a price on request counts as 0 (public-site section 5). */
  minPrice: queryNumber(z.number().min(0).optional()),
  maxPrice: queryNumber(z.number().min(0).optional()),
  /** Compared in kW across units; the bounds are in powerUnit (default kW). */
  minPower: queryNumber(z.number().min(0).optional()),
  maxPower: queryNumber(z.number().min(0).optional()),
  powerUnit: PowerUnitSchema.default('kw'),
  sort: z.enum(SORT_FIELDS).default('date'),
  order: z.enum(['asc', 'desc']).optional(),
  /** Which title sorts by name. */
  lang: LangSchema.default('fr'),
});
export type ProductQuery = z.output<typeof ProductQuerySchema>;

export const ImageSourceSchema = z.object({ width: z.number(), format: z.enum(['webp', 'avif', 'jpeg']), url: z.string() });
export const ProductImageSchema = z.object({
  id: z.number(),
  productId: z.number(),
  url: z.string(),
  thumbnailUrl: z.string(),
  alt: z.string(),
  position: z.number(),
  width: z.number(),
  height: z.number(),
  /** Every stored variant, for <picture>/srcset. */
  sources: z.array(ImageSourceSchema),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

export const ProductDocumentSchema = z.object({
  id: z.number(),
  productId: z.number(),
  title: z.string(),
  /** The English title; the English pages show `title` without one. */
  titleEn: z.string().nullable(),
  type: z.enum(['pdf', 'image', 'video', 'word', 'text']),
  url: z.string(),
  previewUrl: z.string().nullable(),
  description: z.string().nullable(),
  descriptionFr: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  mimeType: z.string(),
  originalFilename: z.string(),
  size: z.number(),
  downloadCount: z.number(),
  createdAt: z.string(),
});
export type ProductDocument = z.infer<typeof ProductDocumentSchema>;

export const ProductSchema = z.object({
  id: z.number(),
  titleFr: z.string(),
  titleEn: z.string(),
  descriptionFr: z.string(),
  descriptionEn: z.string(),
  type: ProductTypeSchema,
  category: CategorySchema.nullable(),
  brand: z.string(),
  model: z.string(),
  fuelType: z.string(),
  voltage: z.string().nullable(),
  phase: z.string().nullable(),
  weight: z.number(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  powerOutput: z.number(),
  powerUnit: PowerUnitSchema,
  powerKw: z.number(),
  condition: ConditionSchema,
  featured: z.boolean(),
  year: z.number().nullable(),
  price: z.number().nullable(),
  specifications: z.record(z.string(), z.string()),
  specificationsEn: z.record(z.string(), z.string()),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  images: z.array(ProductImageSchema),
  documents: z.array(ProductDocumentSchema),
});
export type Product = z.infer<typeof ProductSchema>;

const FacetSchema = z.array(z.object({ value: z.string(), count: z.number() }));
export const ProductListSchema = z.object({
  items: z.array(ProductSchema),
  /**
   * The same list under the name the spec's product picker reads (back-office "API", limit 100).
   * Deprecated: `items` is the one list; this copy stays for clients written against the spec.
   */
  products: z.array(ProductSchema).meta({
    deprecated: true,
    description: 'Deprecated: the same array as `items`, kept for the product picker of the spec. Read `items`.',
  }),
  total: z.number(),
  pages: z.number(),
  page: z.number(),
  limit: z.number(),
  /** Counts for the filter panel; each facet ignores its own filter so other choices stay visible. */
  facets: z.object({ brands: FacetSchema, conditions: FacetSchema, types: FacetSchema }),
});
export type ProductList = z.infer<typeof ProductListSchema>;

export const isPriceOnRequest = (price: number | null | undefined) => !price || price <= 0;

const euro = {
  whole: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 }),
  cents: new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};
export const PRICE_ON_REQUEST = { fr: 'Prix sur demande', en: 'Price on request' } as const;

/** '125 000 €' in both languages (the spec asks for fr-FR style), or the price-on-request label. */
export function formatPrice(price: number | null | undefined, lang: Lang): string {
  if (isPriceOnRequest(price)) return PRICE_ON_REQUEST[lang];
  const p = price as number;
  return (Number.isInteger(p) ? euro.whole : euro.cents).format(p);
}
