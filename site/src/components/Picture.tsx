// A responsive <picture>: an AVIF source and the <img> itself with the WebP srcset, from the image
// variants the API stores, the original (or thumbnail) as the fallback.
// The WebP candidates sit on the <img> rather than in a second <source type="image/webp">: every browser
// that skips the AVIF source reads the <img>'s srcset and sizes, so the choice is the same, in fewer bytes
// (issue #33: the listings page writes twelve of these).
import type { PictureImage } from '../lib/picture.ts';

type Props = { image: PictureImage; sizes: string; eager?: boolean; thumbnail?: boolean; className?: string };

export default function Picture({ image, sizes, eager = false, thumbnail = false, className }: Props) {
  const { avif, webp } = image;
  return (
    <picture className={className}>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      <img
        src={thumbnail ? image.thumbnailUrl : image.url}
        {...(webp ? { srcSet: webp, sizes } : {})}
        alt={image.alt}
        width={image.width ?? 800}
        height={image.height ?? 600}
        // Eager is the default: only lazy is written.
        {...(eager ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
        decoding="async"
      />
    </picture>
  );
}
