import { describe, expect, it } from 'vitest';
import { toPictureImage } from '../../site/src/lib/picture.ts';

const variants = (key: string) =>
  [1024, 320, 640].flatMap((width) => [
    { width, format: 'webp' as const, url: `/api/media/images/${key}/${width}.webp` },
    { width, format: 'avif' as const, url: `/api/media/images/${key}/${width}.avif` },
  ]);
const image = (key: string) => ({
  url: `/api/media/images/${key}/1024.webp`,
  thumbnailUrl: `/api/media/images/${key}/thumb.webp`,
  alt: 'Moteur',
  width: 1024,
  height: 768,
  sources: variants(key),
});

describe('toPictureImage', () => {
  it('gives each format its srcset, narrowest first, under the short image path, and keeps the rest of the image', () => {
    expect(toPictureImage(image('a1'))).toEqual({
      url: '/i/a1/1024.webp',
      thumbnailUrl: '/i/a1/thumb.webp',
      alt: 'Moteur',
      width: 1024,
      height: 768,
      avif: '/i/a1/320.avif 320w,/i/a1/640.avif 640w,/i/a1/1024.avif 1024w',
      webp: '/i/a1/320.webp 320w,/i/a1/640.webp 640w,/i/a1/1024.webp 1024w',
    });
  });

  it('gives the same srcsets again for a picture it has seen, and its own to another picture', () => {
    const first = toPictureImage(image('b2'));
    expect(toPictureImage({ ...image('b2'), alt: 'Autre texte' })).toEqual({ ...first, alt: 'Autre texte' });
    expect(toPictureImage(image('c3')).webp).toBe('/i/c3/320.webp 320w,/i/c3/640.webp 640w,/i/c3/1024.webp 1024w');
  });

  it('writes no srcset for an image without variants (the default picture) or without a format', () => {
    expect(toPictureImage({ url: '/images/default-generator.svg', thumbnailUrl: '/images/default-generator.svg', alt: '' })).toEqual({
      url: '/images/default-generator.svg',
      thumbnailUrl: '/images/default-generator.svg',
      alt: '',
    });
    const webpOnly = { ...image('d4'), sources: variants('d4').filter((s) => s.format === 'webp') };
    expect(toPictureImage(webpOnly)).not.toHaveProperty('avif');
  });
});
