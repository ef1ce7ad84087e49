import { describe, expect, it } from 'vitest';
import { ProductInputSchema } from '@app/domain/products';
import { demoListings } from './seed-catalogue.ts';
import { makePdf } from './seed-assets.ts';

describe('demo catalogue', () => {
  const listings = demoListings();

  it('has at least 24 valid listings across every kind, unit and condition', () => {
    expect(listings.length).toBeGreaterThanOrEqual(24);
    for (const { illustration: _i, images: _n, documents: _d, ...input } of listings)
      expect(ProductInputSchema.safeParse(input).success).toBe(true);
    expect(new Set(listings.map((l) => l.illustration))).toEqual(new Set(['engine', 'generator', 'gearbox', 'propeller', 'shaft']));
    expect(new Set(listings.map((l) => l.powerUnit))).toEqual(new Set(['kw', 'kva', 'hp', 'cv', 'ekw']));
    expect(new Set(listings.map((l) => l.condition))).toEqual(new Set(['new', 'used']));
    expect(listings.filter((l) => l.featured).length).toBeGreaterThanOrEqual(3);
    expect(listings.filter((l) => l.price === null).length).toBeGreaterThanOrEqual(3);
    expect(listings.every((l) => l.titleFr !== l.titleEn && l.descriptionFr !== l.descriptionEn)).toBe(true);
  });

  it('is deterministic', () => {
    expect(demoListings()).toEqual(listings);
  });

  it('makes PDFs with a valid cross-reference table', () => {
    const pdf = makePdf('Fiche été', ['Puissance (kW)']).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.matchAll(/(\d{10}) 00000 n/g)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(pdf.startsWith(`${i + 1} 0 obj\n`, o)).toBe(true));
  });
});
