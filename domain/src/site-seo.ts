// Structured data (schema.org JSON-LD) for the public site: organisation, website and product
// (public-site section 9: EUR, condition mapping, always in stock, prices excluding VAT).
import type { Company } from './company.ts';
import type { Lang } from './lang.ts';
import type { Listing } from './catalogue-listing.ts';

const CONDITION: Record<Listing['condition'], string> = {
  new: 'https://schema.org/NewCondition',
  used: 'https://schema.org/UsedCondition',
  refurbished: 'https://schema.org/RefurbishedCondition',
};

export function organizationJsonLd(company: Company, publicUrl: string, lang: Lang) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${publicUrl}/#organization`,
    name: company.name,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/images/logo-light.svg`,
    foundingDate: String(company.foundedYear),
    telephone: company.phone[lang],
    email: company.email[lang],
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      postalCode: company.address.postalCode,
      addressLocality: company.address.city,
      addressCountry: 'FR',
    },
  };
}

export function websiteJsonLd(company: Company, publicUrl: string, lang: Lang) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: company.name,
    url: `${publicUrl}/`,
    inLanguage: lang,
    publisher: { '@id': `${publicUrl}/#organization` },
  };
}

/** A price on request carries no price at all (never `price: 0`), only the offer's availability. */
export function productJsonLd(listing: Listing, pageUrl: string, publicUrl: string) {
  const absolute = (u: string) => (u.startsWith('/') ? publicUrl + u : u);
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    url: pageUrl,
    priceCurrency: 'EUR',
    availability: 'https://schema.org/InStock',
    itemCondition: CONDITION[listing.condition],
    seller: { '@id': `${publicUrl}/#organization` },
  };
  if (listing.price !== null) {
    offer.price = listing.price.toFixed(2);
    offer.priceSpecification = {
      '@type': 'UnitPriceSpecification',
      price: listing.price.toFixed(2),
      priceCurrency: 'EUR',
      valueAddedTaxIncluded: false,
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.title,
    description: listing.description,
    sku: String(listing.id),
    brand: { '@type': 'Brand', name: listing.brand },
    ...(listing.model ? { model: listing.model } : {}),
    image: listing.images.map((i) => absolute(i.url)),
    itemCondition: CONDITION[listing.condition],
    offers: offer,
  };
}

/** JSON for a <script type="application/ld+json"> block: '<' escaped so no text can close the element. */
export const jsonLdText = (data: unknown) => {
  const json = JSON.stringify(data);
  return json.includes('<') ? json.replace(/</g, '\\u003c') : json;
};
