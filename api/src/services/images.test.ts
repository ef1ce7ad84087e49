import { describe, expect, it } from 'vitest';
import type { ImageVariant } from '@app/db/schema/catalogue';
import { toProductImage } from './images.ts';

const variants: ImageVariant[] = [
  { width: 1024, height: 768, format: 'webp', file: '1024.webp', bytes: 30_000 },
  { width: 320, height: 240, format: 'webp', file: '320.webp', bytes: 8_000 },
  { width: 320, height: 240, format: 'avif', file: '320.avif', bytes: 6_000 },
  { width: 400, height: 300, format: 'webp', file: 'thumb.webp', bytes: 9_000 },
];
const row = (id: number, storageKey: string, alt: string, given: ImageVariant[] | string) => ({
  id,
  productId: 7,
  storageKey,
  alt,
  position: id - 1,
  width: 1024,
  height: 768,
  variants: given,
});

describe('toProductImage', () => {
  it('gives the largest WebP, the thumbnail and every other variant as a source, under the picture key', () => {
    expect(toProductImage(row(1, 'k1', 'Hélice', variants))).toEqual({
      id: 1,
      productId: 7,
      url: '/api/media/images/k1/1024.webp',
      thumbnailUrl: '/api/media/images/k1/thumb.webp',
      alt: 'Hélice',
      position: 0,
      width: 1024,
      height: 768,
      sources: [
        { width: 1024, format: 'webp', url: '/api/media/images/k1/1024.webp' },
        { width: 320, format: 'webp', url: '/api/media/images/k1/320.webp' },
        { width: 320, format: 'avif', url: '/api/media/images/k1/320.avif' },
      ],
    });
  });

  it('reads variants given as the column text (a raw read) the same way', () => {
    const fromText = toProductImage(row(2, 'k2', 'Moteur', JSON.stringify(variants)));
    expect(fromText.url).toBe('/api/media/images/k2/1024.webp');
    expect(fromText.sources.map((s) => s.url)).toEqual([
      '/api/media/images/k2/1024.webp',
      '/api/media/images/k2/320.webp',
      '/api/media/images/k2/320.avif',
    ]);
  });

  it("keeps each row's own id, alt and position when two rows are read for the same picture", () => {
    const first = toProductImage(row(3, 'k3', 'Avant', variants));
    const again = toProductImage(row(4, 'k3', 'Après', JSON.stringify(variants)));
    expect([first.id, first.alt, first.position]).toEqual([3, 'Avant', 2]);
    expect([again.id, again.alt, again.position]).toEqual([4, 'Après', 3]);
    expect(again.sources).toEqual(first.sources);
  });

  it('hands out sources of its own: a change to one answer does not reach the next', () => {
    const { sources } = toProductImage(row(5, 'k5', '', variants));
    (sources as { url: string }[]).push({ url: 'x' });
    Object.assign(sources[0]!, { url: 'x' });
    const next = toProductImage(row(5, 'k5', '', variants)).sources;
    expect(next[0]!.url).toBe('/api/media/images/k5/1024.webp');
    expect(next).toHaveLength(sources.length - 1);
  });
});
