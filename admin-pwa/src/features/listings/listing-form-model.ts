// The listing form's values (as typed), its defaults, the loaded listing's values, and validation
// with the shared schema after the spec's numeric coercion (back-office section 5).
import { coerceListingNumbers, NEW_LISTING_DEFAULTS, ProductInputSchema, type Product, type ProductInput } from '@app/domain/products';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  IMAGE_MIME_TYPES,
  PRODUCT_DOCUMENT_TYPES,
} from '@app/domain/documents';
import type { LocalProduct } from '../../db/db.ts';

export type ListingForm = {
  titleFr: string;
  titleEn: string;
  descriptionFr: string;
  descriptionEn: string;
  type: 'generator' | 'engine';
  category: string;
  brand: string;
  model: string;
  condition: 'new' | 'used' | 'refurbished';
  powerOutput: string;
  powerUnit: string;
  fuelType: string;
  voltage: string;
  phase: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  price: string;
  featured: boolean;
  year: string;
  /** One row per specification: its (French) name, the French value and the English one. */
  specifications: { key: string; value: string; valueEn: string }[];
};

export type FormErrors = Partial<Record<keyof ListingForm | 'images' | 'documents', string>>;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function emptyForm(): ListingForm {
  const d = NEW_LISTING_DEFAULTS;
  return {
    titleFr: '',
    titleEn: '',
    descriptionFr: '',
    descriptionEn: '',
    type: d.type,
    category: '',
    brand: '',
    model: '',
    condition: d.condition,
    powerOutput: str(d.powerOutput),
    powerUnit: d.powerUnit,
    fuelType: d.fuelType,
    voltage: d.voltage,
    phase: d.phase,
    weight: str(d.weight),
    length: '',
    width: '',
    height: '',
    price: '',
    featured: d.featured,
    year: '',
    specifications: [],
  };
}

export function formFromProduct(p: LocalProduct | Product): ListingForm {
  return {
    titleFr: p.titleFr,
    titleEn: p.titleEn,
    descriptionFr: p.descriptionFr,
    descriptionEn: p.descriptionEn,
    type: p.type,
    category: p.category ?? '',
    brand: p.brand,
    model: p.model,
    condition: p.condition,
    powerOutput: str(p.powerOutput),
    powerUnit: p.powerUnit,
    fuelType: p.fuelType,
    voltage: p.voltage ?? '',
    phase: p.phase ?? '',
    weight: str(p.weight),
    length: str(p.length),
    width: str(p.width),
    height: str(p.height),
    price: str(p.price),
    featured: p.featured,
    year: str(p.year),
    specifications: Object.entries(p.specifications ?? {}).map(([key, value]) => ({
      key,
      value,
      valueEn: p.specificationsEn?.[key] ?? '',
    })),
  };
}

/** The payload the API receives, or the first message per field. Engines send voltage and phase as null. */
export function validateListing(form: ListingForm): { ok: true; input: ProductInput } | { ok: false; errors: FormErrors } {
  const rows = form.specifications.filter((s) => s.key.trim());
  const specifications = Object.fromEntries(rows.map((s) => [s.key.trim(), s.value]));
  const specificationsEn = Object.fromEntries(rows.map((s) => [s.key.trim(), s.valueEn]));
  const raw = coerceListingNumbers({ ...form, specifications, specificationsEn, category: form.category || null });
  const parsed = ProductInputSchema.safeParse(raw);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '') as keyof FormErrors;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The picked images that are refused, with the spec's message (type first, then size). */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return IMAGE_MESSAGES.type;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.size;
  return null;
}

export function documentProblem(file: File): string | null {
  if (!(file.type in PRODUCT_DOCUMENT_TYPES)) return DOCUMENT_MESSAGES.type;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_MESSAGES.size;
  return null;
}
