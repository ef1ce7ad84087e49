// The listings shown for a query: from the cached page (ids and totals of the last answer) or, never
// fetched and offline, from whatever the read model holds — filtered and paged locally.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { ProductImage } from '@app/domain/products';
import { LISTING_LIMITS } from '@app/domain/products';
import { errorText } from '../../lib/api.ts';
import { texts } from '../../lib/i18n.ts';
import { useOnline } from '../../lib/online.ts';
import { db, type LocalProduct } from '../../db/db.ts';
import { fetchListingsPage, LISTINGS_CHANGED, pageKey, type CachedPage, type ListingQuery } from './api.ts';

export type ListingRow = LocalProduct & { cover?: ProductImage };

const matches = (p: LocalProduct, q: ListingQuery) => {
  const s = q.search.trim().toLowerCase();
  if (q.category && p.category !== q.category) return false;
  if (!s) return true;
  return [p.titleFr, p.titleEn, p.brand, p.model, p.descriptionFr, p.descriptionEn].some((t) => t?.toLowerCase().includes(s));
};

export function useListings(q: ListingQuery) {
  const online = useOnline();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const key = pageKey(q);
  // A write that reached the server (here or replayed from the outbox) changes totals and pages.
  const changed = useLiveQuery(async () => ((await db.meta.get(LISTINGS_CHANGED))?.value as number | undefined) ?? 0, [], null);

  useEffect(() => {
    if (!online || changed === null) return;
    let live = true;
    setLoading(true);
    fetchListingsPage(q, () => !live)
      .then(
        () => live && setError(null),
        (e) => live && setError(errorText(e, texts().toasts.loadFallback)),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
      // The answer no longer counts (offline, another page): it is not awaited any more either. Left
      // true, a later moment without rows (a page being rewritten) would show the loader for good.
      setLoading(false);
    };
  }, [key, online, changed, attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  const data = useLiveQuery(async () => {
    const cached = (await db.meta.get(key))?.value as CachedPage | undefined;
    let rows: LocalProduct[];
    let total: number;
    let pages: number;
    if (cached) {
      rows = (await db.products.bulkGet(cached.ids)).filter((p): p is LocalProduct => !!p);
      total = cached.total;
      pages = Math.max(1, cached.pages); // the API counts no page in an empty catalogue; the table shows page 1 of 1
    } else {
      const all = (await db.products.toArray())
        .filter((p) => p.id > 0 && matches(p, q))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      total = all.length;
      pages = Math.max(1, Math.ceil(total / LISTING_LIMITS.adminPageSize));
      rows = all.slice((q.page - 1) * LISTING_LIMITS.adminPageSize, q.page * LISTING_LIMITS.adminPageSize);
    }
    // Created offline and not sent yet: shown first on the first page.
    if (q.page === 1) rows = [...(await db.products.where('id').below(0).toArray()).filter((p) => matches(p, q)), ...rows];
    const images = await db.productImages
      .where('productId')
      .anyOf(rows.map((r) => r.id))
      .toArray();
    const cover = new Map<number, ProductImage>();
    for (const img of images.sort((a, b) => a.position - b.position)) if (!cover.has(img.productId)) cover.set(img.productId, img);
    return { rows: rows.map((r) => ({ ...r, cover: cover.get(r.id) })) as ListingRow[], total, pages, fromCache: !!cached };
  }, [key]);

  return {
    rows: data?.rows,
    total: data?.total ?? 0,
    pages: data?.pages ?? 1,
    /** The rows, total and pages are the server's last answer for this query (not worked out from local data). */
    fromCache: data?.fromCache ?? false,
    loading: loading && !data?.rows?.length,
    error,
    retry: () => setAttempt((n) => n + 1),
  };
}
