// Listing management (/admin/annonces): table (cards on small screens), search, category filter,
// pagination (10 per page), view/edit/delete with a confirmation that shows 'Suppression...'.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CATEGORIES, formatPrice } from '@app/domain/products';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { EmptyState, ErrorState } from '../../components/states.tsx';
import { TableRegion } from '../../components/table-region.tsx';
import { removeListing, titleIn, toggleFeatured } from './listing-actions.ts';
import { useListings, type ListingRow } from './use-listings.ts';
import { countLabel, fill, useAdminLang, useT } from '../../lib/i18n.ts';

export default function ListingsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const category = params.get('category') ?? '';
  const [draft, setDraft] = useState(search);
  const [toDelete, setToDelete] = useState<ListingRow | null>(null);
  const { rows, total, pages, loading, error, retry } = useListings({ page, search, category });
  const toggling = useRef(new Set<number>());
  const dict = useT();
  const t = dict.listings;
  const lang = useAdminLang();

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };

  // The last listing of the last page deleted: show the page that now is the last one.
  useEffect(() => {
    if (rows && !loading && page > pages) update({ page: pages > 1 ? String(pages) : '' });
  }, [rows, loading, page, pages]); // eslint-disable-line react-hooks/exhaustive-deps

  /** One toggle at a time per listing: a second click would send the version the first one replaced. */
  const featuredToggle = (p: ListingRow) => async () => {
    if (toggling.current.has(p.id)) return;
    toggling.current.add(p.id);
    try {
      await toggleFeatured(p);
    } finally {
      toggling.current.delete(p.id);
    }
  };

  return (
    <section className="page" aria-labelledby="listings-title">
      <div className="page-header">
        <h1 id="listings-title">{t.title}</h1>
        <Link className="btn btn-primary" to="/annonces/new">
          <Icon name="plus" /> {t.newListing}
        </Link>
      </div>
      <form
        className="toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ search: draft.trim() });
        }}
      >
        <div className="field">
          <label htmlFor="listings-search">{t.search}</label>
          <input
            id="listings-search"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => draft.trim() !== search && update({ search: draft.trim() })}
            placeholder={t.searchPlaceholder}
          />
        </div>
        <div className="field">
          <label htmlFor="listings-category">{t.category}</label>
          <select id="listings-category" value={category} onChange={(e) => update({ category: e.target.value })}>
            <option value="">{t.allCategories}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t.categoryLabels[c]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn">
          {t.search}
        </button>
      </form>

      {error ? <ErrorState message={error} onRetry={retry} /> : null}
      {!rows || loading ? (
        <ListSkeleton />
      ) : rows.length === 0 ? (
        error ? null : search || category ? (
          <EmptyState
            title={t.empty}
            action={
              <button type="button" className="btn" onClick={() => (setDraft(''), update({ search: '', category: '' }))}>
                {dict.states.resetFilters}
              </button>
            }
          />
        ) : (
          <EmptyState
            title={t.empty}
            hint={dict.states.noListingsHint}
            action={
              <Link className="btn btn-primary" to="/annonces/new">
                <Icon name="plus" /> {t.newListing}
              </Link>
            }
          />
        )
      ) : (
        <>
          <TableRegion className="table-only" label={fill(t.caption, { page })}>
            <table>
              <caption className="sr-only">{fill(t.caption, { page })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.image}</th>
                  <th scope="col">{t.titleColumn}</th>
                  <th scope="col">{t.brandModel}</th>
                  <th scope="col">{t.type}</th>
                  <th scope="col">{t.price}</th>
                  <th scope="col">{t.status}</th>
                  <th scope="col">{t.actions}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr key={p.id}>
                    <td>
                      {p.cover ? (
                        <img className="thumb" src={p.cover.thumbnailUrl || p.cover.url} alt="" loading="lazy" />
                      ) : (
                        <span className="thumb" />
                      )}
                    </td>
                    <td>
                      {titleIn(p, lang)}
                      {p.pending ? <StatusBadge tone="warning">{t.notSynced}</StatusBadge> : null}
                    </td>
                    <td>
                      {p.brand} {p.model}
                    </td>
                    <td>{p.type === 'generator' ? t.generator : t.engine}</td>
                    <td className="cell-nowrap">{formatPrice(p.price, lang)}</td>
                    <td>
                      <FeaturedBadge p={p} onClick={featuredToggle(p)} />
                    </td>
                    <td className="cell-nowrap">
                      <RowActions p={p} onDelete={() => setToDelete(p)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <ul className="cards-only listing-cards" aria-label={t.cards}>
            {rows.map((p) => (
              <li key={p.id} className="card listing-card">
                {p.cover ? (
                  <img className="thumb" src={p.cover.thumbnailUrl || p.cover.url} alt="" loading="lazy" />
                ) : (
                  <span className="thumb" aria-hidden="true" />
                )}
                <p>
                  <strong>{titleIn(p, lang)}</strong> <FeaturedBadge p={p} onClick={featuredToggle(p)} />
                </p>
                <p className="muted">
                  {p.brand} {p.model} · {formatPrice(p.price, lang)}
                </p>
                <RowActions p={p} onDelete={() => setToDelete(p)} />
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination
        page={page}
        pages={pages}
        onPage={(n) => update({ page: String(n) })}
        summary={countLabel(lang, total, { one: t.countOne, other: t.countOther })}
      />
      <ConfirmDialog open={!!toDelete} title={t.deleteTitle} onClose={() => setToDelete(null)} onConfirm={() => removeListing(toDelete!)}>
        <p>{fill(t.deleteConfirm, { title: toDelete ? titleIn(toDelete, lang) : '' })}</p>
      </ConfirmDialog>
    </section>
  );
}

/** The listing's status as a toggle, like the newsletter's status badge. */
function FeaturedBadge({ p, onClick }: { p: ListingRow; onClick: () => void }) {
  const t = useT().listings;
  const title = titleIn(p, useAdminLang());
  return (
    <StatusBadge tone={p.featured ? 'accent' : 'neutral'} onClick={onClick} title={fill(p.featured ? t.unfeature : t.feature, { title })}>
      {p.featured ? t.featured : t.standard}
    </StatusBadge>
  );
}

function RowActions({ p, onDelete }: { p: ListingRow; onDelete: () => void }) {
  const t = useT().listings;
  const title = titleIn(p, useAdminLang());
  return (
    <div className="actions">
      <Link className="icon-btn" to={`/annonces/${p.id}/view`} aria-label={fill(t.view, { title })}>
        <Icon name="view" />
      </Link>
      <Link className="icon-btn" to={`/annonces/${p.id}/edit`} aria-label={fill(t.edit, { title })}>
        <Icon name="edit" />
      </Link>
      <button type="button" className="icon-btn" onClick={onDelete} aria-label={fill(t.remove, { title })}>
        <Icon name="trash" />
      </button>
    </div>
  );
}
