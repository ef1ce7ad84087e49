// A responsive <picture>: AVIF and WebP srcsets from the image variants the API stores, the
// original (or thumbnail) as the fallback.
import type { PictureImage } from '../lib/picture.ts';

type Props = { image: PictureImage; sizes: string; eager?: boolean; thumbnail?: boolean; className?: string };

export default function Picture({ image, sizes, eager = false, thumbnail = false, className }: Props) {
  const { avif, webp } = image;
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
