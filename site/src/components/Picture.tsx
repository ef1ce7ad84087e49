// A responsive <picture>: AVIF and WebP srcsets from the image variants the API stores, the
// original (or thumbnail) as the fallback.
import type { ListingImage } from '@app/domain/catalogue-listing';

type Props = { image: ListingImage; sizes: string; eager?: boolean; thumbnail?: boolean; className?: string };

const srcset = (image: ListingImage, format: string) =>
  (image.sources ?? [])
    .filter((s) => s.format === format)
    .sort((a, b) => a.width - b.width)
    .map((s) => `${s.url} ${s.width}w`)
    .join(', ');

export default function Picture({ image, sizes, eager = false, thumbnail = false, className }: Props) {
  const avif = srcset(image, 'avif');
  const webp = srcset(image, 'webp');
  return (
    <picture className={className}>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      {webp && <source type="image/webp" srcSet={webp} sizes={sizes} />}
      <img
        src={thumbnail ? image.thumbnailUrl : image.url}
        alt={image.alt}
        width={image.width ?? 800}
        height={image.height ?? 600}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}
