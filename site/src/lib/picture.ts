// An image as <Picture> draws it: the AVIF and WebP srcsets are made once, where the card is made, so
// island props and /site-data answers carry two strings instead of every variant as an object (each
// card's variants were most of the listings page's island props; issue #17).
import type { ListingImage } from '@app/domain/catalogue-listing';

export type PictureImage = Omit<ListingImage, 'sources'> & { avif?: string; webp?: string };
type Srcsets = Pick<PictureImage, 'avif' | 'webp'>;

const srcset = (sources: NonNullable<ListingImage['sources']>, format: string) =>
  sources
    .filter((s) => s.format === format)
    .sort((a, b) => a.width - b.width)
    .map((s) => `${s.url} ${s.width}w`)
    .join(', ');

/**
 * The srcsets of a picture's variants, made once per picture. A stored picture's variants never change (a
 * new picture gets a new storage key, which every variant URL names), so its first variant's URL stands for
 * all of them. A listings page made them for its twelve cards on every render: arrays sorted and strings
 * joined that a render thread then had to collect (decision 107). Emptied when full.
 */
const srcsetsByUrl = new Map<string, Srcsets>();
const MAX_KEPT_PICTURES = 4096;

function srcsets(sources: ListingImage['sources']): Srcsets {
  if (!sources?.length) return {};
  const key = sources[0]!.url;
  let made = srcsetsByUrl.get(key);
  if (!made) {
    const avif = srcset(sources, 'avif');
    const webp = srcset(sources, 'webp');
    made = { ...(avif && { avif }), ...(webp && { webp }) };
    if (srcsetsByUrl.size >= MAX_KEPT_PICTURES) srcsetsByUrl.clear();
    srcsetsByUrl.set(key, made);
  }
  return made;
}

export function toPictureImage({ sources, ...image }: ListingImage): PictureImage {
  return { ...image, ...srcsets(sources) };
}
