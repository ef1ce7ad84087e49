// /admin/newsletter: information box, tiles, SMTP settings link, search and status filter, exports,
// the send form (disabled without active subscribers) with its progress, and the subscribers table.
import './newsletter.css';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Subscriber } from '@app/domain/newsletter';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { db } from '../../db/db.ts';
import { perform } from '../../db/outbox.ts';
import { errorText } from '../../lib/api.ts';
import { useRefreshWhenOnline } from '../../lib/use-refresh.ts';
import { useOnline } from '../../lib/online.ts';
import { toast } from '../../lib/toast.ts';
import { exportSubscribers, syncSubscribers, type ExportFormat } from './api.ts';
import { SUBSCRIBER_DELETE, SUBSCRIBER_STATUS } from './operations.ts';
import { SendDialog } from './send-dialog.tsx';
import { SendingProgress } from './sending-progress.tsx';
import { emptyText, filterSubscribers, statsOf, type StatusFilter } from './subscriber-filter.ts';
import { SubscribersTable } from './subscribers-table.tsx';

const queuedNote = 'envoyé au retour de la connexion.';

async function toggleStatus(s: Subscriber) {
  try {
    const done = await perform(SUBSCRIBER_STATUS, { id: s.id, isActive: !s.isActive }, `Statut de ${s.email}`);
    if (done.queued) toast.info('Enregistré hors ligne', `Statut modifié : ${queuedNote}`);
    else toast.success('Statut modifié', `${s.email} : ${s.isActive ? 'inactif' : 'actif'}`);
  } catch (e) {
    toast.error('Erreur de modification', errorText(e, 'Erreur lors de la modification'));
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

  const loading = useRefreshWhenOnline(syncSubscribers, (e) => toast.error('Erreur de chargement', errorText(e, 'Erreur lors du chargement')));

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

  const doExport = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await exportSubscribers(format);
      toast.success('Export réussi', `Fichier newsletter-subscribers.${format}`);
    } catch (e) {
      toast.error("Erreur d'export", errorText(e, "Erreur lors de l'export"));
    } finally {
      setExporting(null);
    }
  };

  const remove = async () => {
    const s = deleting!;
    try {
      const done = await perform(SUBSCRIBER_DELETE, { id: s.id }, `Suppression de ${s.email}`);
      select([s.id], false);
      if (done.queued) toast.info('Enregistré hors ligne', `Abonné supprimé : ${queuedNote}`);
      else toast.success('Abonné supprimé');
    } catch (e) {
      toast.error('Erreur de suppression', errorText(e, 'Erreur lors de la suppression'));
      throw e;
    }
  };

  return (
    <section className="page" aria-labelledby="newsletter-title">
      <header className="page-header">
        <h1 id="newsletter-title">Newsletter</h1>
        <div className="page-actions">
          <button type="button" className="btn" onClick={() => void doExport('csv')} disabled={exporting !== null || !online}>
            <Icon name="download" /> {exporting === 'csv' ? 'Export...' : 'Exporter en CSV'}
          </button>
          <button type="button" className="btn" onClick={() => void doExport('json')} disabled={exporting !== null || !online}>
            <Icon name="download" /> {exporting === 'json' ? 'Export...' : 'Exporter en JSON'}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => setSendOpen(true)} disabled={stats.activeSubscribers === 0}>
            <Icon name="newsletter" /> Envoyer un message
          </button>
        </div>
      </header>

      <aside className="callout callout-info" aria-label="À propos des statuts">
        <Icon name="info" />
        <div>
          <p>
            <strong>Actif</strong> : l'abonné a confirmé son inscription et reçoit les newsletters. <strong>Inactif</strong> : désinscrit ou désactivé, il ne reçoit plus rien.
          </p>
          <p>Cliquez sur le statut d'un abonné pour le changer. Les envois partent du compte assigné à l'usage « Newsletter ».</p>
        </div>
      </aside>

      <dl className="stat-tiles" aria-label="Statistiques des abonnés">
        <div className="stat-tile">
          <dt>Total</dt>
          <dd>{stats.totalSubscribers}</dd>
        </div>
        <div className="stat-tile">
          <dt>Actifs</dt>
          <dd>{stats.activeSubscribers}</dd>
        </div>
        <div className="stat-tile">
          <dt>Inactifs</dt>
          <dd>{stats.inactiveSubscribers}</dd>
        </div>
      </dl>
      <p>
        <Link to="/settings">
          <Icon name="settings" /> Paramètres SMTP de la newsletter
        </Link>
      </p>

      <SendingProgress />

      <div className="toolbar" role="search">
        <div className="field">
          <label htmlFor="subscribers-search">Rechercher par email</label>
          <input id="subscribers-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="subscribers-status">Statut</label>
          <select id="subscribers-status" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            <option value="all">Tous</option>
            <option value="active">Actifs</option>
            <option value="inactive">Inactifs</option>
          </select>
        </div>
        {selectedIds.length ? (
          <p className="selection-count" aria-live="polite">
            {selectedIds.length} sélectionné{selectedIds.length > 1 ? 's' : ''}{' '}
            <button type="button" className="btn btn-small" onClick={() => setSelected(new Set())}>
              Tout désélectionner
            </button>
          </p>
        ) : null}
      </div>

      {subscribers === undefined || (loading && !list.length) ? (
        <Spinner />
      ) : shown.length ? (
        <SubscribersTable subscribers={shown} selected={selected} onSelect={select} onToggleStatus={(s) => void toggleStatus(s)} onDelete={setDeleting} />
      ) : (
        <p className="empty">{emptyText(search, status)}</p>
      )}

      {sendOpen ? (
        <SendDialog selectedIds={selectedIds} activeSelected={activeSelected} activeTotal={stats.activeSubscribers} onClose={() => setSendOpen(false)} onSent={() => setSelected(new Set())} />
      ) : null}
      <ConfirmDialog open={deleting !== null} title="Supprimer l'abonné" onConfirm={remove} onClose={() => setDeleting(null)}>
        <p>Êtes-vous sûr de vouloir supprimer l'abonné « {deleting?.email} » ?</p>
      </ConfirmDialog>
    </section>
  );
}
