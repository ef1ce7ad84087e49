// Quick listing writes from the table and the view: delete, and the featured toggle. Both go
// through the outbox (queued offline); the toggle sends the whole listing with its version, so a
// listing changed elsewhere meanwhile becomes a conflict instead of being overwritten.
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { db, type LocalProduct } from '../../db/db.ts';
import { perform } from '../../db/outbox.ts';
import { formFromProduct, validateListing } from './listing-form-model.ts';
import { CONFLICT_MESSAGE, LISTING_DELETE, LISTING_UPDATE } from './operations.ts';

export const OFFLINE_SAVED = 'Enregistré hors ligne';

/** Deletes a listing (queued when offline); a listing created offline is simply dropped from the outbox. */
export async function removeListing(p: { id: number; titleFr: string }) {
  try {
    if (p.id < 0) {
      await db.transaction('rw', db.products, db.outbox, async () => {
        await db.products.delete(p.id);
        const entries = await db.outbox.where('kind').equals('listing.create').toArray();
        for (const e of entries) if ((e.payload as { tempId?: number }).tempId === p.id) await db.outbox.delete(e.id!);
      });
    } else {
      const r = await perform(LISTING_DELETE, { id: p.id }, `Suppression de l'annonce « ${p.titleFr} »`);
      if (r.queued) {
        toast.info('Suppression enregistrée hors ligne', 'Elle sera envoyée au retour de la connexion.');
        return;
      }
    }
    toast.success('Annonce supprimée');
  } catch (e) {
    toast.error('Erreur de suppression', errorText(e, 'Erreur lors de la suppression'));
    throw e;
  }
}

/** 'Vedette' ⇄ 'Standard': the listing as stored locally, featured flipped, saved with its version. */
export async function toggleFeatured(p: LocalProduct) {
  const checked = validateListing({ ...formFromProduct(p), featured: !p.featured });
  if (!checked.ok) {
    toast.error('Erreur de modification', Object.values(checked.errors).find(Boolean) ?? 'Erreur lors de la sauvegarde');
    return;
  }
  const featured = checked.input.featured;
  const label = `${featured ? 'Mise en vedette' : 'Retrait de la vedette'} de l'annonce « ${p.titleFr} »`;
  try {
    const r = await perform(LISTING_UPDATE, { id: p.id, version: p.version, input: checked.input }, label);
    if (r.queued && r.conflict) toast.error('Conflit de modification', CONFLICT_MESSAGE);
    else if (r.queued) toast.info(OFFLINE_SAVED, 'Sera envoyé au retour de la connexion.');
    else toast.success(featured ? 'Annonce mise en vedette' : 'Annonce retirée de la vedette');
  } catch (e) {
    toast.error('Erreur de modification', errorText(e, 'Erreur lors de la sauvegarde'));
  }
}
