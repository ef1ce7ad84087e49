// Quick listing writes from the table and the view: delete, and the featured toggle. Both go
// through the outbox (queued offline); the toggle sends the whole listing with its version, so a
// listing changed elsewhere meanwhile becomes a conflict instead of being overwritten.
import { errorText } from '../../lib/api.ts';
import type { Lang } from '@app/domain/lang';
import { adminLang, fill, texts } from '../../lib/i18n.ts';
import { localized } from '../../lib/localized.ts';
import { toast } from '../../lib/toast.ts';
import { db, type LocalProduct } from '../../db/db.ts';
import { perform } from '../../db/outbox.ts';
import { formFromProduct, validateListing } from './listing-form-model.ts';
import { LISTING_DELETE, LISTING_UPDATE } from './operations.ts';

/** Deletes a listing (queued when offline); a listing created offline is simply dropped from the outbox. */
/** A listing's title in the admin's language (the outbox labels and the screens alike). */
export const titleIn = (p: { titleFr: string; titleEn: string }, lang: Lang) => (lang === 'en' && p.titleEn ? p.titleEn : p.titleFr);

export async function removeListing(p: { id: number; titleFr: string; titleEn: string }) {
  const all = texts();
  try {
    if (p.id < 0) {
      await db.transaction('rw', db.products, db.outbox, async () => {
        await db.products.delete(p.id);
        const entries = await db.outbox.where('kind').equals('listing.create').toArray();
        for (const e of entries) if ((e.payload as { tempId?: number }).tempId === p.id) await db.outbox.delete(e.id!);
      });
    } else {
      const r = await perform(LISTING_DELETE, { id: p.id }, fill(all.outbox.listingDelete, { title: titleIn(p, adminLang.get()) }));
      if (r.queued) {
        toast.info(all.listingActions.deleteQueued, all.listingActions.deleteQueuedText);
        return;
      }
    }
    toast.success(all.listingActions.deleted);
  } catch (e) {
    toast.error(all.toasts.deleteTitle, errorText(e, all.toasts.deleteFallback));
    throw e;
  }
}

/** 'Vedette' ⇄ 'Standard': the listing as stored locally, featured flipped, saved with its version. */
export async function toggleFeatured(p: LocalProduct) {
  const all = texts();
  const checked = validateListing({ ...formFromProduct(p), featured: !p.featured });
  if (!checked.ok) {
    toast.error(all.toasts.updateTitle, localized(Object.values(checked.errors).find(Boolean) ?? all.toasts.saveFallback));
    return;
  }
  const featured = checked.input.featured;
  const label = fill(featured ? all.outbox.listingFeature : all.outbox.listingUnfeature, { title: titleIn(p, adminLang.get()) });
  try {
    const r = await perform(LISTING_UPDATE, { id: p.id, version: p.version, input: checked.input }, label);
    if (r.queued && r.conflict) toast.error(all.toasts.conflictTitle, all.listingActions.conflict);
    else if (r.queued) toast.info(all.toasts.offlineSaved, all.toasts.sentWhenOnline);
    else toast.success(featured ? all.listingActions.featuredOn : all.listingActions.featuredOff);
  } catch (e) {
    toast.error(all.toasts.updateTitle, errorText(e, all.toasts.saveFallback));
  }
}
