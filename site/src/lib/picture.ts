// An image as <Picture> draws it: the AVIF and WebP srcsets are made once, where the card is made, so
// island props and /site-data answers carry two strings instead of every variant as an object (each
// card's variants were most of the listings page's island props; issue #17).
import type { ListingImage } from '@app/domain/catalogue-listing';

export type PictureImage = Omit<ListingImage, 'sources'> & { avif?: string; webp?: string };

const srcset = (sources: ListingImage['sources'], format: string) =>
  (sources ?? [])
    .filter((s) => s.format === format)
    .sort((a, b) => a.width - b.width)
    .map((s) => `${s.url} ${s.width}w`)
    .join(', ');

export function toPictureImage({ sources, ...image }: ListingImage): PictureImage {
  const avif = srcset(sources, 'avif');
  const webp = srcset(sources, 'webp');
  return { ...image, ...(avif && { avif }), ...(webp && { webp }) };
}
