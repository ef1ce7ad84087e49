// The outbox as the admin sees it: each queued write with its state (waiting, sent, failed with the
// server's message, conflict), retry and discard, and for a conflict both versions side by side.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db, type OutboxEntry, type OutboxState } from '../db/db.ts';
import { discardEntry, resolveConflict, retryEntry } from '../db/outbox.ts';
import { formatDateTime } from '../lib/format.ts';
import { Dialog } from './dialog.tsx';
import { StatusBadge, type BadgeTone } from './status-badge.tsx';

const STATE: Record<OutboxState, { text: string; tone: BadgeTone }> = {
  waiting: { text: 'En attente', tone: 'warning' },
  sending: { text: 'Envoi...', tone: 'info' },
  sent: { text: 'Envoyé', tone: 'success' },
  failed: { text: 'Échec', tone: 'danger' },
  conflict: { text: 'Conflit', tone: 'danger' },
};

/** The button in the header: how many writes are not sent yet; opens the panel. */
export function OutboxButton() {
  const [open, setOpen] = useState(false);
  const entries = useLiveQuery(() => db.outbox.toArray(), []) ?? [];
  const pending = entries.filter((e) => e.state !== 'sent').length;
  const attention = entries.some((e) => e.state === 'failed' || e.state === 'conflict');
  if (!entries.length) return null;
  return (
    <>
      <button type="button" className={`btn btn-small outbox-button${attention ? ' outbox-attention' : ''}`} onClick={() => setOpen(true)}>
        Modifications en attente : {pending}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Modifications hors ligne" size="large">
        <OutboxList entries={entries} />
      </Dialog>
    </>
  );
}

export function OutboxList({ entries }: { entries: OutboxEntry[] }) {
  if (!entries.length) return <p>Aucune modification en attente.</p>;
  return (
    <ol className="outbox-list">
      {entries.map((e) => (
        <li key={e.id} className="outbox-entry" data-state={e.state}>
          <div className="outbox-head">
            <span>{e.label}</span>
            <StatusBadge tone={STATE[e.state].tone}>{STATE[e.state].text}</StatusBadge>
            <time dateTime={new Date(e.createdAt).toISOString()}>{formatDateTime(e.createdAt)}</time>
          </div>
          {e.state !== 'sent' && e.steps?.length > 1 ? <StepProgress entry={e} /> : null}
          {e.error ? <p className="outbox-error">{e.error}</p> : null}
          {e.state === 'conflict' ? <ConflictView entry={e} /> : null}
          {e.state === 'failed' ? (
            <div className="outbox-actions">
              <button type="button" className="btn btn-small" onClick={() => retryEntry(e.id!)}>
                Réessayer
              </button>
              <button type="button" className="btn btn-small" onClick={() => discardEntry(e.id!)}>
                Abandonner
              </button>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** Each request of a multi-step entry, done or not: a replay resumes after the last one done. */
function StepProgress({ entry }: { entry: OutboxEntry }) {
  const done = entry.steps.filter((s) => s.name in entry.done).length;
  return (
    <div className="outbox-steps">
      <progress max={entry.steps.length} value={done} aria-label={`Étapes envoyées : ${done} sur ${entry.steps.length}`} />
      <ol>
        {entry.steps.map((s) => (
          <li key={s.name} data-done={s.name in entry.done}>
            {s.label} : {s.name in entry.done ? 'envoyé' : 'à envoyer'}
          </li>
        ))}
      </ol>
    </div>
  );
}

const IGNORED = new Set(['version', 'createdAt', 'updatedAt', 'images', 'documents', 'powerKw', 'id']);
const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Fields whose local value differs from the server's, side by side; the admin keeps one version. */
function ConflictView({ entry }: { entry: OutboxEntry }) {
  const local = ((entry.payload as { input?: unknown })?.input ?? entry.payload) as Record<string, unknown>;
  const server = (entry.server ?? {}) as Record<string, unknown>;
  const keys = Object.keys(local).filter((k) => !IGNORED.has(k) && show(local[k]) !== show(server[k]));
  return (
    <div className="conflict">
      <p>Cette fiche a été modifiée sur le serveur depuis votre modification. Choisissez la version à garder.</p>
      <table>
        <caption className="sr-only">Différences entre votre version et celle du serveur</caption>
        <thead>
          <tr>
            <th scope="col">Champ</th>
            <th scope="col">Votre version</th>
            <th scope="col">Version du serveur</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{show(local[k])}</td>
              <td>{entry.server ? show(server[k]) : 'Indisponible'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="outbox-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={() => resolveConflict(entry.id!, 'mine')}>
          Garder ma version
        </button>
        <button type="button" className="btn btn-small" onClick={() => resolveConflict(entry.id!, 'theirs')}>
          Garder la version du serveur
        </button>
      </div>
    </div>
  );
}
