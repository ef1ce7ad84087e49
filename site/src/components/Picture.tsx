// A responsive <picture>: an AVIF source and the <img> itself with the WebP srcset, from the image
// variants the API stores, the original (or thumbnail) as the fallback.
// The WebP candidates sit on the <img> rather than in a second <source type="image/webp">: every browser
// that skips the AVIF source reads the <img>'s srcset and sizes, so the choice is the same, in fewer bytes
// (issue #33: the listings page writes twelve of these).
import type { PictureImage } from '../lib/picture.ts';

type Props = {
  image: PictureImage;
  sizes: string;
  eager?: boolean;
  /**
   * A card's picture: the thumbnail as the fallback, in a box the stylesheet sizes (`.card-media`: 4 / 3, the
   * image covering it), so width, height and decoding are left out (the browser's default decoding; the two
   * eager cards are the page's largest paint, which decoding="async" may only delay).
   */
  thumbnail?: boolean;
  className?: string;
};

export default function Picture({ image, sizes, eager = false, thumbnail = false, className }: Props) {
  const { avif, webp } = image;
  return (
    <picture className={className}>
      {avif && <source type="image/avif" srcSet={avif} sizes={sizes} />}
      <img
        src={thumbnail ? image.thumbnailUrl : image.url}
        {...(webp ? { srcSet: webp, sizes } : {})}
        alt={image.alt}
        {...(thumbnail ? {} : { width: image.width ?? 800, height: image.height ?? 600, decoding: 'async' as const })}
        // Eager is the default: only lazy is written.
        {...(eager ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      />
    </picture>
  );
}
