// /admin/documents: 'Documents Techniques' — statistics toggle, search, type filter, page size,
// sortable table, pagination ('Affichage de x à y sur n documents'), create modal and delete dialog.
// Shown from Dexie at once (the last answer for the same query), refreshed from the API when online.
import './documents.css';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { TechnicalDocument } from '@app/domain/documents';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { db } from '../../db/db.ts';
import { errorText, isNetworkError } from '../../lib/api.ts';
import { useRefresh } from '../../lib/use-refresh.ts';
import { EmptyState, ErrorState, OfflineState } from '../../components/states.tsx';
import { useOnline } from '../../lib/online.ts';
import { fill, texts, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { deleteDocument, fetchDocumentsPage, fetchStats, readCachedPage, readStats, type DocumentStats } from './api.ts';
import { EditDocumentDialog } from './edit-document-dialog.tsx';
import { CreateDocumentDialog } from './create-document-dialog.tsx';
import {
  DEFAULT_QUERY,
  PAGE_SIZES,
  localQuery,
  rangeText,
  toggleSort,
  withFilter,
  type DocType,
  type DocumentsQuery,
} from './documents-query.ts';
import { DocumentsTable } from './documents-table.tsx';

/**
 * The statistics as last stored; never fetched, a spinner while they are asked for, or, offline or
 * when the server did not answer, a state that says so instead of spinning forever.
 */
function StatsPanel({ stats, unreachable }: { stats: DocumentStats | undefined; unreachable: boolean }) {
  const t = useT().documents;
  if (!stats && unreachable) return <OfflineState message={t.statsOffline} />;
  if (!stats) return <Spinner />;
  return (
    <dl className="stat-tiles" aria-label={t.statsLabel}>
      <div className="stat-tile">
        <dt>{t.totalDocuments}</dt>
        <dd>{stats.totalDocuments}</dd>
      </div>
      <div className="stat-tile">
        <dt>{t.totalDownloads}</dt>
        <dd>{stats.totalDownloads}</dd>
      </div>
      {stats.documentsByType.map((s) => (
        <div className="stat-tile" key={s.type}>
          <dt>{t.types[s.type as keyof typeof t.types] ?? s.type}</dt>
          <dd>{s.count}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function DocumentsPage() {
  const online = useOnline();
  const [query, setQuery] = useState<DocumentsQuery>(DEFAULT_QUERY);
  const [search, setSearch] = useState('');
  const [showStats, setShowStats] = useState(false);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TechnicalDocument | null>(null);
  const [editing, setEditing] = useState<TechnicalDocument | null>(null);
  const all = useT();
  const t = all.documents;

  // The page as last stored for this query, or (never fetched) computed from the stored documents;
  // live queries re-run when a fetch writes into Dexie.
  const view = useLiveQuery(async () => {
    const cached = await readCachedPage(query);
    if (cached) {
      const rows = await db.technicalDocuments.bulkGet(cached.ids);
      return { documents: rows.filter((d): d is TechnicalDocument => !!d), total: cached.totalDocuments };
    }
    return localQuery(await db.technicalDocuments.toArray(), query);
  }, [query]);
  const stats = useLiveQuery(() => readStats(), []);

  // Searching as the admin types, without a request per key.
  useEffect(() => {
    const timer = setTimeout(() => setQuery((q) => (q.search === search ? q : withFilter(q, { search }))), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const states = useT().states;
  const { loading, failed, retry } = useRefresh(
    () => fetchDocumentsPage(query),
    (e) => toast.error(errorText(e, texts().documents.loadFailed)),
    [query],
  );

  // No answer (offline, or a network that fails while the browser says online) stops the spinner.
  const [statsUnanswered, setStatsUnanswered] = useState(false);
  useEffect(() => {
    if (!showStats || !online) return;
    setStatsUnanswered(false);
    fetchStats().catch((e) => {
      if (isNetworkError(e)) setStatsUnanswered(true);
      else toast.error(texts().toasts.loadTitle, errorText(e, texts().toasts.loadFallback));
    });
  }, [showStats, online]);

  const reload = () => {
    void fetchDocumentsPage(query).catch(() => {});
    if (showStats) void fetchStats().catch(() => {});
  };

  const remove = async () => {
    try {
      await deleteDocument(deleting!.id);
      toast.success(t.success, t.deleted);
      reload();
    } catch (e) {
      toast.error(all.toasts.deleteTitle, errorText(e, all.toasts.deleteFallback));
      throw e;
    }
  };

  const total = view?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.limit));
  return (
    <section className="page" aria-labelledby="documents-title">
      <header className="page-header">
        <h1 id="documents-title">{t.title}</h1>
        <div className="page-actions">
          <button type="button" className="btn" aria-pressed={showStats} onClick={() => setShowStats((s) => !s)}>
            {t.stats}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setCreating(true)}
            disabled={!online}
            title={online ? undefined : t.onlineOnly}
          >
            <Icon name="plus" /> {t.create}
          </button>
        </div>
      </header>
      {showStats ? <StatsPanel stats={stats} unreachable={!online || statsUnanswered} /> : null}
      <div className="toolbar" role="search">
        <div className="field">
          <label htmlFor="documents-search">{t.search}</label>
          <input
            id="documents-search"
            type="search"
            placeholder={t.searchPlaceholder}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="documents-type">{t.type}</label>
          <select
            id="documents-type"
            value={query.type}
            onChange={(e) => setQuery((q) => withFilter(q, { type: e.target.value as DocType }))}
          >
            <option value="all">{t.allTypes}</option>
            <option value="pdf">{t.types.pdf}</option>
            <option value="image">{t.types.image}</option>
            <option value="video">{t.types.video}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="documents-limit">{t.perPage}</label>
          <select
            id="documents-limit"
            value={query.limit}
            onChange={(e) => setQuery((q) => withFilter(q, { limit: Number(e.target.value) }))}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      {view === undefined || (loading && !view.documents.length) ? (
        <ListSkeleton />
      ) : failed && !view.documents.length ? (
        <ErrorState message={t.loadFailed} onRetry={retry} />
      ) : view.documents.length ? (
        <>
          <DocumentsTable
            documents={view.documents}
            query={query}
            onSort={(c) => setQuery((q) => toggleSort(q, c))}
            onDelete={setDeleting}
            onEdit={setEditing}
          />
          <Pagination
            page={query.page}
            pages={pages}
            onPage={(page) => setQuery((q) => ({ ...q, page }))}
            summary={rangeText(t.range, query.page, query.limit, total)}
            label={t.pages}
          />
        </>
      ) : (
        <EmptyState
          title={states.noDocuments}
          hint={query.search || query.type !== 'all' ? undefined : states.noDocumentsHint}
          action={
            query.search || query.type !== 'all' ? (
              <button
                type="button"
                className="btn"
                onClick={() => (setSearch(''), setQuery((q) => withFilter(q, { search: '', type: 'all' })))}
              >
                {states.resetFilters}
              </button>
            ) : null
          }
        />
      )}
      {creating ? <CreateDocumentDialog onClose={() => setCreating(false)} onCreated={reload} /> : null}
      {editing ? <EditDocumentDialog document={editing} onClose={() => setEditing(null)} onSaved={reload} /> : null}
      <ConfirmDialog open={deleting !== null} title={t.deleteTitle} onConfirm={remove} onClose={() => setDeleting(null)}>
        <p>{fill(t.deleteConfirm, { title: deleting?.title ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
