// An image as <Picture> draws it: the AVIF and WebP srcsets are made once, where the card is made, so
// island props and /site-data answers carry two strings instead of every variant as an object (each
// card's variants were most of the listings page's island props; issue #17). Their URLs are the short alias
// of the API's (domain/src/image-paths.ts) and candidates are separated by a bare comma (issue #33).
import type { ListingImage } from '@app/domain/catalogue-listing';
import { shortImageUrl } from '@app/domain/image-paths';

export type PictureImage = Omit<ListingImage, 'sources'> & { avif?: string; webp?: string };
type Srcsets = Pick<PictureImage, 'avif' | 'webp'>;

const srcset = (sources: NonNullable<ListingImage['sources']>, format: string) =>
  sources
    .filter((s) => s.format === format)
    .sort((a, b) => a.width - b.width)
    .map((s) => `${shortImageUrl(s.url)} ${s.width}w`)
    .join(',');

function srcsets(sources: ListingImage['sources']): Srcsets {
  if (!sources?.length) return {};
  const avif = srcset(sources, 'avif');
  const webp = srcset(sources, 'webp');
  return { ...(avif && { avif }), ...(webp && { webp }) };
}

export function toPictureImage({ sources, url, thumbnailUrl, ...image }: ListingImage): PictureImage {
  return { ...image, url: shortImageUrl(url), thumbnailUrl: shortImageUrl(thumbnailUrl), ...srcsets(sources) };
}
