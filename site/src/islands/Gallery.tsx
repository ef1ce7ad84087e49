// Product gallery: the main picture (in the server HTML, the page's largest element), previous and
// next buttons, thumbnails when there is more than one image, arrow keys and swipe.
import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import type { Lang } from '@app/domain/lang';
import { fill } from '@app/domain/i18n/index';
import { islandTexts } from '../lib/island-texts.ts';
import Picture from '../components/Picture.tsx';
import type { PictureImage } from '../lib/picture.ts';
import { renderedByReact } from '../lib/react-component.ts';

/** `images`: as Picture draws them (toPictureImage), made by the page: the island's props carry srcsets, not every variant. */
type Props = { lang: Lang; images: PictureImage[] };

export default function Gallery({ lang, images }: Props) {
  const t = islandTexts(lang).product;
  const [index, setIndex] = useState(0);
  const touchX = useRef<number | null>(null);
  const count = images.length;
  const go = (i: number) => setIndex(((i % count) + count) % count);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    go(e.key === 'ArrowLeft' ? index - 1 : index + 1);
  };
  const onTouchStart = (e: TouchEvent) => (touchX.current = e.touches[0]?.clientX ?? null);
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    const end = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < 40) return;
    go(end < start ? index + 1 : index - 1);
  };
  const image = images[index]!;

  return (
    <section aria-label={t.gallery} aria-roledescription="carousel">
      <div
        className="gallery-main"
        tabIndex={count > 1 ? 0 : undefined}
        onKeyDown={onKey}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        data-testid="gallery-main"
      >
        <Picture key={index} image={image} sizes="(max-width: 900px) 100vw, 640px" eager={index === 0} />
        {count > 1 && (
          <>
            <button type="button" className="gallery-nav gallery-prev" aria-label={t.previousImage} onClick={() => go(index - 1)}>
              ‹
            </button>
            <button type="button" className="gallery-nav gallery-next" aria-label={t.nextImage} onClick={() => go(index + 1)}>
              ›
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <>
          <p className="visually-hidden" aria-live="polite">
            {fill(t.imageOf, { n: index + 1, total: count })}
          </p>
          <ul className="thumbs">
            {images.map((img, i) => (
              <li key={i}>
                <button
                  type="button"
                  aria-label={fill(t.showImage, { n: i + 1 })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => go(i)}
                >
                  <img src={img.thumbnailUrl} alt="" width="84" height="64" loading="lazy" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

if (import.meta.env.SSR) renderedByReact(Gallery);
