// Quick listing writes from the table and the view: delete, and the featured toggle. Both go
// through the outbox (queued offline); the toggle sends `featured` alone with the listing's version,
// so a listing changed elsewhere meanwhile becomes a conflict instead of being overwritten.
import { errorText } from '../../lib/api.ts';
import type { Lang } from '@app/domain/lang';
import { adminLang, fill, texts } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { db, type LocalProduct } from '../../db/db.ts';
import { perform } from '../../db/outbox.ts';
import { LISTING_DELETE, LISTING_UPDATE } from './operations.ts';

/** A listing's title in the admin's language (the outbox labels and the screens alike). */
export const titleIn = (p: { titleFr: string; titleEn: string }, lang: Lang) => (lang === 'en' && p.titleEn ? p.titleEn : p.titleFr);

/** Deletes a listing (queued when offline); a listing created offline is simply dropped from the outbox. */

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

/** 'Vedette' ⇄ 'Standard': only `featured` is sent (PATCH), with the listing's version; the other fields are not checked. */
export async function toggleFeatured(p: LocalProduct) {
  const all = texts();
  const featured = !p.featured;
  const label = fill(featured ? all.outbox.listingFeature : all.outbox.listingUnfeature, { title: titleIn(p, adminLang.get()) });
  try {
    const r = await perform(LISTING_UPDATE, { id: p.id, version: p.version, changes: { featured } }, label);
    if (r.queued && r.conflict) toast.error(all.toasts.conflictTitle, all.listingActions.conflict);
    else if (r.queued) toast.info(all.toasts.offlineSaved, all.toasts.sentWhenOnline);
    else toast.success(featured ? all.listingActions.featuredOn : all.listingActions.featuredOff);
  } catch (e) {
    toast.error(all.toasts.updateTitle, errorText(e, all.toasts.saveFallback));
  }
}
