// The Listing display model (public-site section 3): what a card or a detail page shows of a product
// in one language. Pure, so the public site and the admin build it the same way.
import { powerDisplay, type Lang, type PowerDisplay } from './power.ts';
import { formatPrice, isPriceOnRequest, type Product, type ProductDocument, type ProductImage } from './products.ts';
import { specificationLabel } from './spec-keys.ts';

export type ListingImage = {
  url: string;
  thumbnailUrl: string;
  alt: string;
  width?: number;
  height?: number;
  sources?: ProductImage['sources'];
};
export type ListingSpecification = { key: string; label: string; value: string };

export type Listing = {
  id: number;
  title: string;
  description: string;
  price: number | null;
  priceLabel: string;
  priceOnRequest: boolean;
  /** The public site's two kinds: generator sets, and every other listing shown as a marine engine. */
  type: 'generator' | 'marine';
  typeLabel: string;
  brand: string;
  model: string;
  power: PowerDisplay;
  powerLabel: string;
  year: number | null;
  condition: Product['condition'];
  conditionLabel: string;
  featured: boolean;
  images: ListingImage[];
  specifications: ListingSpecification[];
  documents: ProductDocument[];
};

const LABELS = {
  fr: {
    power: 'Puissance',
    brand: 'Marque',
    model: 'Modèle',
    fuelType: 'Carburant',
    voltage: 'Tension',
    phase: 'Phase',
    weight: 'Poids (kg)',
    dimensions: 'Dimensions LxlxH (mm)',
    generator: 'Groupe électrogène',
    marine: 'Moteur marin',
    new: 'Neuf',
    used: 'Occasion',
    refurbished: 'Reconditionné',
  },
  en: {
    power: 'Power',
    brand: 'Brand',
    model: 'Model',
    fuelType: 'Fuel type',
    voltage: 'Voltage',
    phase: 'Phase',
    weight: 'Weight (kg)',
    dimensions: 'Dimensions LxWxH (mm)',
    generator: 'Generator',
    marine: 'Marine engine',
    new: 'New',
    used: 'Used',
    refurbished: 'Refurbished',
  },
} as const;

export const listingLabels = (lang: Lang) => LABELS[lang];

/** Used when a product has no image (public-site section 9); the site serves this file. */
export const DEFAULT_LISTING_IMAGE: ListingImage = {
  url: '/images/default-generator.svg',
  thumbnailUrl: '/images/default-generator.svg',
  alt: '',
};

const integer = { fr: new Intl.NumberFormat('fr-FR'), en: new Intl.NumberFormat('en-GB') };

/** specificationsEn is optional: listings read from an older offline copy may not carry it. */
type ProductLike = Omit<Product, 'images' | 'documents' | 'specificationsEn'> & {
  images?: ProductImage[];
  documents?: ProductDocument[];
  specificationsEn?: Record<string, string>;
};

/**
 * What a listing card shows of a product, and what the catalogue reads for a list of cards: the detail
 * page's fields (descriptions, specifications, documents) stay unread (issue #17: a listings page read
 * and mapped every column of every listing). Its first image is the card's.
 */
export type ListingSummary = Pick<
  Product,
  'id' | 'titleFr' | 'titleEn' | 'price' | 'type' | 'brand' | 'year' | 'powerOutput' | 'powerUnit' | 'condition' | 'featured'
> & { images?: ProductImage[] };

/** The display fields of a summary: the part of a Listing a card draws. */
export type ListingHead = Pick<
  Listing,
  | 'id'
  | 'title'
  | 'price'
  | 'priceLabel'
  | 'priceOnRequest'
  | 'type'
  | 'typeLabel'
  | 'brand'
  | 'power'
  | 'powerLabel'
  | 'year'
  | 'condition'
  | 'conditionLabel'
  | 'featured'
  | 'images'
>;

type DisplayOptions = { apiBase?: string; defaultImage?: ListingImage };

export function toListingHead(product: ListingSummary, lang: Lang, options: DisplayOptions = {}): ListingHead {
  const L = LABELS[lang];
  const power = powerDisplay(product.powerOutput, product.powerUnit);
  const type = product.type === 'generator' ? 'generator' : 'marine';
  const prefix = (url: string) => (options.apiBase && url.startsWith('/') ? `${options.apiBase.replace(/\/$/, '')}${url}` : url);
  const images = (product.images ?? []).map((i) => ({
    url: prefix(i.url),
    thumbnailUrl: prefix(i.thumbnailUrl),
    alt: i.alt || (lang === 'fr' ? product.titleFr : product.titleEn),
    width: i.width,
    height: i.height,
    // Without an apiBase the URLs stay as they are, and so can the sources (nothing changes them).
    sources: options.apiBase ? i.sources.map((s) => ({ ...s, url: prefix(s.url) })) : i.sources,
  }));
  return {
    id: product.id,
    title: lang === 'fr' ? product.titleFr : product.titleEn,
    price: isPriceOnRequest(product.price) ? null : product.price,
    priceLabel: formatPrice(product.price, lang),
    priceOnRequest: isPriceOnRequest(product.price),
    type,
    typeLabel: L[type],
    brand: product.brand,
    power,
    powerLabel: lang === 'fr' ? power.displayFr : power.displayEn,
    year: product.year ?? null,
    condition: product.condition,
    conditionLabel: L[product.condition],
    featured: product.featured,
    images: images.length ? images : [options.defaultImage ?? DEFAULT_LISTING_IMAGE],
  };
}

/**
 * Builds the display form. Departure from the spec: `year` is the product's own year (the original
 * showed the current year for every product), see docs/decisions/021-listing-api-shapes.md.
 * `apiBase` prefixes relative image URLs (spec: "Relative URLs are prefixed with the API host").
 */
export function toListing(product: ProductLike, lang: Lang, options: DisplayOptions = {}): Listing {
  const L = LABELS[lang];
  const head = toListingHead(product, lang, options);

  const specs: ListingSpecification[] = [];
  const add = (key: string, label: string, value: string | number | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    specs.push({ key, label, value: typeof value === 'number' ? integer[lang].format(value) : value });
  };
  add('power', L.power, head.powerLabel);
  add('brand', L.brand, product.brand);
  add('model', L.model, product.model);
  add('fuelType', L.fuelType, product.fuelType);
  if (product.type === 'generator') {
    add('voltage', L.voltage, product.voltage);
    add('phase', L.phase, product.phase);
  }
  add('weight', L.weight, product.weight);
  // Dimensions only when all three exist (public-site section 3).
  if (product.length && product.width && product.height) {
    add('dimensions', L.dimensions, [product.length, product.width, product.height].map((n) => integer[lang].format(n)).join(' × '));
  }
  // Row names from the common list, values in the page's language when the admin gave one.
  const english = lang === 'en' ? (product.specificationsEn ?? {}) : {};
  for (const [key, value] of Object.entries(product.specifications ?? {}))
    add(`spec:${key}`, specificationLabel(key, lang), english[key] || value);

  return {
    ...head,
    description: lang === 'fr' ? product.descriptionFr : product.descriptionEn,
    model: product.model,
    specifications: specs,
    // Each document under its title in the page's language (the French one when no English was given).
    documents: (product.documents ?? []).map((d) => (lang === 'en' && d.titleEn ? { ...d, title: d.titleEn } : d)),
  };
}

/** Home offers (public-site section 5): the featured products, first three; if none, the first three. */
export function homeOffers<T extends { featured: boolean }>(products: T[], count = 3): T[] {
  const featured = products.filter((p) => p.featured);
  return (featured.length ? featured : products).slice(0, count);
}
