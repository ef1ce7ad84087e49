import { describe, expect, it } from 'vitest';
import { imagePathOf, shortImageUrl } from './image-paths.ts';

const key = '9c70abae315aa9e7c5068c3eef37e85a';

describe('image paths', () => {
  it("shortens the API's variant URLs and leaves other URLs alone", () => {
    expect(shortImageUrl(`/api/media/images/${key}/320.avif`)).toBe(`/i/${key}/320.avif`);
    expect(shortImageUrl('/images/default-generator.svg')).toBe('/images/default-generator.svg');
  });

  it('reads back only a key and a file name, never another path', () => {
    expect(imagePathOf(`/i/${key}/thumb.webp`)).toBe(`/api/media/images/${key}/thumb.webp`);
    expect(imagePathOf(`/i/${key}/640.webp?v=1`)).toBe(`/api/media/images/${key}/640.webp?v=1`);
    for (const url of [`/i/${key}/../../products`, `/i/../products`, `/i/${key}`, `/i/${key}/a/b.webp`, '/i/', '/index']) {
      expect(imagePathOf(url), url).toBeNull();
    }
  });
});
