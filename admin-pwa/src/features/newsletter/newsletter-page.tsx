// /admin/newsletter: information box, tiles, SMTP settings link, search and status filter, exports,
// the send form (disabled without active subscribers) with its progress, and the subscribers table.
import './newsletter.css';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Subscriber } from '@app/domain/newsletter';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { db } from '../../db/db.ts';
import { perform } from '../../db/outbox.ts';
import { errorText } from '../../lib/api.ts';
import { useRefresh } from '../../lib/use-refresh.ts';
import { EmptyState, ErrorState } from '../../components/states.tsx';
import { useOnline } from '../../lib/online.ts';
import { toast } from '../../lib/toast.ts';
import { exportSubscribers, syncSubscribers, type ExportFormat } from './api.ts';
import { SUBSCRIBER_DELETE, SUBSCRIBER_STATUS } from './operations.ts';
import { SendDialog } from './send-dialog.tsx';
import { SendingProgress } from './sending-progress.tsx';
import { emptyText, filterSubscribers, statsOf, type StatusFilter } from './subscriber-filter.ts';
import { SubscribersTable } from './subscribers-table.tsx';
import { countLabel, fill, texts, useAdminLang, useT } from '../../lib/i18n.ts';

async function toggleStatus(s: Subscriber) {
  const all = texts();
  const t = all.newsletterToasts;
  try {
    const done = await perform(SUBSCRIBER_STATUS, { id: s.id, isActive: !s.isActive }, fill(t.statusLabel, { email: s.email }));
    if (done.queued) toast.info(all.toasts.offlineSaved, t.statusQueued);
    else toast.success(t.statusChanged, fill(t.statusNow, { email: s.email, state: s.isActive ? t.nowInactive : t.nowActive }));
  } catch (e) {
    toast.error(all.toasts.updateTitle, errorText(e, all.toasts.updateFallback));
  }
}

export default function NewsletterPage() {
  const online = useOnline();
  const subscribers = useLiveQuery(() => db.subscribers.orderBy('id').reverse().toArray(), []);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [sendOpen, setSendOpen] = useState(false);
  const [deleting, setDeleting] = useState<Subscriber | null>(null);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  const { loading, failed, retry } = useRefresh(syncSubscribers, (e) =>
    toast.error(texts().toasts.loadTitle, errorText(e, texts().toasts.loadFallback)),
  );

  const list = subscribers ?? [];
  const stats = statsOf(list);
  const shown = filterSubscribers(list, search, status);
  const selectedIds = list.filter((s) => selected.has(s.id)).map((s) => s.id);
  const activeSelected = list.filter((s) => selected.has(s.id) && s.isActive).length;

  const select = (ids: number[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const all = useT();
  const nt = all.newsletterToasts;
  const doExport = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await exportSubscribers(format);
      toast.success(nt.exported, fill(nt.exportedFile, { file: `newsletter-subscribers.${format}` }));
    } catch (e) {
      toast.error(all.toasts.exportTitle, errorText(e, all.toasts.exportFallback));
    } finally {
      setExporting(null);
    }
  };

  const remove = async () => {
    const s = deleting!;
    try {
      const done = await perform(SUBSCRIBER_DELETE, { id: s.id }, fill(nt.deleteLabel, { email: s.email }));
      select([s.id], false);
      if (done.queued) toast.info(all.toasts.offlineSaved, nt.deleteQueued);
      else toast.success(nt.deleted);
    } catch (e) {
      toast.error(all.toasts.deleteTitle, errorText(e, all.toasts.deleteFallback));
      throw e;
    }
  };

  const t = all.newsletter;
  const lang = useAdminLang();
  const states = all.states;
  return (
    <section className="page" aria-labelledby="newsletter-title">
      <header className="page-header">
        <h1 id="newsletter-title">{t.title}</h1>
        <div className="page-actions">
          <button type="button" className="btn" onClick={() => void doExport('csv')} disabled={exporting !== null || !online}>
            <Icon name="download" /> {exporting === 'csv' ? t.exporting : t.exportCsv}
          </button>
          <button type="button" className="btn" onClick={() => void doExport('json')} disabled={exporting !== null || !online}>
            <Icon name="download" /> {exporting === 'json' ? t.exporting : t.exportJson}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => setSendOpen(true)} disabled={stats.activeSubscribers === 0}>
            <Icon name="newsletter" /> {t.send}
          </button>
        </div>
      </header>

      <aside className="callout callout-info" aria-label={t.aboutStatuses}>
        <Icon name="info" />
        <div>
          <p>
            <strong>{t.activeWord}</strong>
            {t.activeHelp}
            <strong>{t.inactiveWord}</strong>
            {t.inactiveHelp}
          </p>
          <p>{t.clickHelp}</p>
        </div>
      </aside>

      <dl className="stat-tiles" aria-label={t.statsLabel}>
        <div className="stat-tile">
          <dt>{t.total}</dt>
          <dd>{stats.totalSubscribers}</dd>
        </div>
        <div className="stat-tile">
          <dt>{t.actives}</dt>
          <dd>{stats.activeSubscribers}</dd>
        </div>
        <div className="stat-tile">
          <dt>{t.inactives}</dt>
          <dd>{stats.inactiveSubscribers}</dd>
        </div>
      </dl>
      <p>
        <Link to="/settings">
          <Icon name="settings" /> {t.smtpLink}
        </Link>
      </p>

      <SendingProgress />

      <div className="toolbar" role="search">
        <div className="field">
          <label htmlFor="subscribers-search">{t.searchLabel}</label>
          <input id="subscribers-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="subscribers-status">{t.statusLabel}</label>
          <select id="subscribers-status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            <option value="all">{t.all}</option>
            <option value="active">{t.actives}</option>
            <option value="inactive">{t.inactives}</option>
          </select>
        </div>
        {selectedIds.length ? (
          <p className="selection-count" aria-live="polite">
            {countLabel(lang, selectedIds.length, { one: t.selectedOne, other: t.selectedOther })}{' '}
            <button type="button" className="btn btn-small" onClick={() => setSelected(new Set())}>
              {t.unselectAll}
            </button>
          </p>
        ) : null}
      </div>

      {subscribers === undefined || (loading && !list.length) ? (
        <ListSkeleton />
      ) : failed && !list.length ? (
        <ErrorState message={states.loadError} onRetry={retry} />
      ) : shown.length ? (
        <SubscribersTable
          subscribers={shown}
          selected={selected}
          onSelect={select}
          onToggleStatus={(s) => void toggleStatus(s)}
          onDelete={setDeleting}
        />
      ) : (
        <EmptyState
          title={emptyText(search, status, nt)}
          hint={list.length ? undefined : states.noSubscribersHint}
          action={
            list.length ? (
              <button type="button" className="btn" onClick={() => (setSearch(''), setStatus('all'))}>
                {states.resetFilters}
              </button>
            ) : null
          }
        />
      )}

      {sendOpen ? (
        <SendDialog
          selectedIds={selectedIds}
          activeSelected={activeSelected}
          activeTotal={stats.activeSubscribers}
          onClose={() => setSendOpen(false)}
          onSent={() => setSelected(new Set())}
        />
      ) : null}
      <ConfirmDialog open={deleting !== null} title={t.deleteTitle} onConfirm={remove} onClose={() => setDeleting(null)}>
        <p>{fill(t.deleteConfirm, { email: deleting?.email ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
