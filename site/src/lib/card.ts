// The slice of a Listing a card needs: what the server hands to islands, kept small in the HTML.
import type { Listing, ListingHead } from '@app/domain/catalogue-listing';
import { toPictureImage, type PictureImage } from './picture.ts';

export type CardListing = Pick<
  Listing,
  'id' | 'title' | 'priceLabel' | 'typeLabel' | 'type' | 'brand' | 'year' | 'powerLabel' | 'condition' | 'conditionLabel'
> & { image: PictureImage };

export const toCard = (l: ListingHead): CardListing => ({
  id: l.id,
  title: l.title,
  priceLabel: l.priceLabel,
  typeLabel: l.typeLabel,
  type: l.type,
  brand: l.brand,
  year: l.year,
  powerLabel: l.powerLabel,
  condition: l.condition,
  conditionLabel: l.conditionLabel,
  image: toPictureImage(l.images[0]!),
});
