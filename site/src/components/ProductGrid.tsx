// A grid of listing cards: the listings page's first results and the home page's offers, written by the
// server, and the listings island's later pages. One React render for the whole grid: from an .astro file,
// each component is a render of its own (Astro's renderer, React's request and its state), which twelve
// cards paid twelve times (docs/perf/render-cpu.md).
import type { CardListing } from '../lib/card.ts';
import ProductCard from './ProductCard.tsx';
import { renderedByReact } from '../lib/react-component.ts';

type Props = {
  lang: 'fr' | 'en';
  listings: CardListing[];
  /** The product pages' path in the page's language, before the id ('/produit/', '/en/produit/'). */
  productBase: string;
  t: { details: string; year: string; power: string; brand: string };
  className: string;
  testId: string;
  /** How many cards, first, load their picture at once (the ones above the fold). */
  eager?: number;
  headingLevel?: 2 | 3;
};

export default function ProductGrid({ lang, listings, productBase, t, className, testId, eager = 0, headingLevel }: Props) {
  return (
    <ul className={className} data-testid={testId}>
      {listings.map((item, i) => (
        <li key={item.id}>
          <ProductCard lang={lang} listing={item} href={`${productBase}${item.id}`} t={t} eager={i < eager} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

if (import.meta.env.SSR) renderedByReact(ProductGrid);
