import { describe, expect, it } from 'vitest';
import { DEFAULT_LISTING_IMAGE, homeOffers, toListing } from './catalogue-listing.ts';
import type { Product } from './products.ts';

const product: Product = {
  id: 7,
  titleFr: 'Groupe électrogène',
  titleEn: 'Generator set',
  descriptionFr: 'Desc FR',
  descriptionEn: 'Desc EN',
  type: 'generator',
  category: null,
  brand: 'Kohler',
  model: '40EFOZD',
  fuelType: 'Diesel',
  voltage: '230V',
  phase: '1',
  weight: 720,
  length: 1500,
  width: 700,
  height: null,
  powerOutput: 40,
  powerUnit: 'ekw',
  powerKw: 40,
  condition: 'used',
  featured: true,
  year: 2017,
  price: 0,
  specifications: { Heures: '3200' },
  specificationsEn: {},
  version: 1,
  createdAt: '',
  updatedAt: '',
  images: [],
  documents: [],
};

describe('listing display model', () => {
  it('builds the French listing: type, power label, price on request, default picture', () => {
    const l = toListing(product, 'fr');
    expect(l).toMatchObject({
      id: 7,
      title: 'Groupe électrogène',
      type: 'generator',
      typeLabel: 'Groupe électrogène',
      powerLabel: '40\u00a0ekW',
      priceLabel: 'Prix sur demande',
      priceOnRequest: true,
      year: 2017,
      conditionLabel: 'Occasion',
    });
    expect(l.images).toEqual([DEFAULT_LISTING_IMAGE]);
  });

  it('lists specifications in the spec order, dimensions only when all three exist', () => {
    const keys = toListing(product, 'en').specifications.map((s) => s.key);
    expect(keys).toEqual(['power', 'brand', 'model', 'fuelType', 'voltage', 'phase', 'weight', 'spec:Heures']);
    const withDims = toListing({ ...product, height: 900 }, 'en').specifications.find((s) => s.key === 'dimensions');
    expect(withDims).toEqual({ key: 'dimensions', label: 'Dimensions LxWxH (mm)', value: '1,500 × 700 × 900' });
  });

  it('names the common specification rows and shows their values in the page language', () => {
    const specs = { Cylindres: '6', Refroidissement: 'Échangeur eau de mer', Garantie: '24 mois', 'Réglage maison': 'oui' };
    const withEn = {
      ...product,
      specifications: specs,
      specificationsEn: { Refroidissement: 'Seawater heat exchanger', Garantie: '24 months' },
    };
    const rows = (lang: 'fr' | 'en') =>
      toListing(withEn, lang)
        .specifications.filter((s) => s.key.startsWith('spec:'))
        .map((s) => `${s.label}=${s.value}`);
    expect(rows('en')).toEqual(['Cylinders=6', 'Cooling=Seawater heat exchanger', 'Warranty=24 months', 'Réglage maison=oui']);
    expect(rows('fr')).toEqual(['Cylindres=6', 'Refroidissement=Échangeur eau de mer', 'Garantie=24 mois', 'Réglage maison=oui']);
  });

  it('shows engines as marine, without voltage and phase, and prefixes relative image URLs', () => {
    const engine = {
      ...product,
      type: 'engine' as const,
      images: [
        {
          id: 1,
          productId: 7,
          url: '/api/media/images/k/1024.webp',
          thumbnailUrl: '/api/media/images/k/thumb.webp',
          alt: '',
          position: 0,
          width: 1,
          height: 1,
          sources: [],
        },
      ],
    };
    const l = toListing(engine, 'en', { apiBase: 'https://api.example.test' });
    expect(l.type).toBe('marine');
    expect(l.specifications.some((s) => s.key === 'voltage')).toBe(false);
    expect(l.images[0]).toMatchObject({ url: 'https://api.example.test/api/media/images/k/1024.webp', alt: 'Generator set' });
  });

  it('picks the first three featured products for the home page, else the first three', () => {
    const list = [1, 2, 3, 4, 5].map((id) => ({ id, featured: id === 2 || id === 5 }));
    expect(homeOffers(list).map((p) => p.id)).toEqual([2, 5]);
    expect(homeOffers(list.map((p) => ({ ...p, featured: false }))).map((p) => p.id)).toEqual([1, 2, 3]);
  });
});
