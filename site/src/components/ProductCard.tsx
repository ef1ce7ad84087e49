// A listing card (public-site section 2): image, condition and type badges, title, brand, year,
// power, price and a link to the detail page. Rendered by the server and by the listings island.
import { labelled } from '@app/domain/format';
import type { CardListing } from '../lib/card.ts';
import Picture from './Picture.tsx';
import { renderedByReact } from '../lib/react-component.ts';

type Props = {
  lang: 'fr' | 'en';
  listing: CardListing;
  href: string;
  t: { details: string; year: string; power: string; brand: string };
  eager?: boolean;
  headingLevel?: 2 | 3;
};

export default function ProductCard({ lang, listing, href, t, eager = false, headingLevel = 3 }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card">
      <div className="card-media">
        <Picture image={listing.image} sizes="(max-width:600px) 100vw,(max-width:1200px) 50vw,380px" eager={eager} thumbnail />
        <div className="card-badges">
          <span className={`badge${listing.condition === 'new' ? '' : ' badge-used'}`}>{listing.conditionLabel}</span>
          <span className="badge badge-type">{listing.typeLabel}</span>
        </div>
      </div>
      <div className="card-body">
        <Heading className="card-title">{listing.title}</Heading>
        <p className="card-meta">
          {labelled(lang, t.brand, listing.brand) + (listing.year ? ` · ${labelled(lang, t.year, listing.year)}` : '')}
        </p>
        <p className="card-meta">{labelled(lang, t.power, listing.powerLabel)}</p>
        <p className="price">{listing.priceLabel}</p>
        <a className="btn btn-outline" href={href}>
          {t.details}
          <span className="visually-hidden">{` – ${listing.title}`}</span>
        </a>
      </div>
    </article>
  );
}

if (import.meta.env.SSR) renderedByReact(ProductCard);
