import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoListings } from './seed-catalogue.ts';
import { heroSvg, paintOf, productSvg, PRODUCT_VIEWS, valuesSvg, type Illustration } from './seed-illustrations.ts';

const KINDS: Illustration[] = ['engine', 'generator', 'gearbox', 'propeller', 'shaft'];
const render = async (svg: string) => sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });

describe('demo pictures', () => {
  it('every view of every kind is a 4:3 picture, the card and gallery frame, with no text drawn in it', async () => {
    for (const kind of KINDS) {
      for (let view = 0; view < PRODUCT_VIEWS; view++) {
        const svg = productSvg(kind, 0, view, 'Caterpillar <C18>');
        expect(svg).not.toMatch(/<text/);
        expect(svg).toContain('<title>Caterpillar &#60;C18&#62;</title>');
        const { info } = await render(svg);
        expect([info.width, info.height]).toEqual([1024, 768]);
      }
    }
  });

  it('the views of one product differ from one another, and the same product always looks the same', async () => {
    const views = await Promise.all(
      Array.from({ length: PRODUCT_VIEWS }, async (_, v) => (await render(productSvg('engine', 0, v))).data.toString('base64')),
    );
    expect(new Set(views).size).toBe(PRODUCT_VIEWS);
    expect(productSvg('gearbox', 3, 2)).toBe(productSvg('gearbox', 3, 2));
  });

  it('a maker keeps its colour across its products; unknown makers still get one', () => {
    expect(paintOf('Caterpillar')).toBe(paintOf('Caterpillar'));
    expect(paintOf('Caterpillar')).not.toBe(paintOf('Volvo Penta'));
    expect(productSvg('engine', paintOf('Caterpillar'))).not.toBe(productSvg('engine', paintOf('Cummins')));
    expect(paintOf('Marque inconnue')).toBeGreaterThanOrEqual(0);
  });

  it('every demo listing shows at least three views, featured ones all four', () => {
    for (const listing of demoListings()) expect(listing.images).toBe(listing.featured ? PRODUCT_VIEWS : 3);
  });

  it('the home hero and values pictures are wide pictures without text', async () => {
    for (const [svg, size] of [
      [heroSvg(), [1600, 1000]],
      [valuesSvg(), [1280, 840]],
    ] as const) {
      expect(svg).not.toMatch(/<text/);
      const { info } = await render(svg);
      expect([info.width, info.height]).toEqual(size);
    }
  });
});
