// The outbox as the admin sees it: each queued write with its state (waiting, sent, failed with the
// server's message, conflict), retry and discard, and for a conflict both versions side by side.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db, type OutboxEntry, type OutboxState } from '../db/db.ts';
import { discardEntry, resolveConflict, retryEntry } from '../db/outbox.ts';
import { formatDateTime } from '../lib/format.ts';
import { fill, useT } from '../lib/i18n.ts';
import { Dialog } from './dialog.tsx';
import { StatusBadge, type BadgeTone } from './status-badge.tsx';

const TONE: Record<OutboxState, BadgeTone> = { waiting: 'warning', sending: 'info', sent: 'success', failed: 'danger', conflict: 'danger' };

/** The button in the header: how many writes are not sent yet; opens the panel. */
export function OutboxButton() {
  const [open, setOpen] = useState(false);
  const entries = useLiveQuery(() => db.outbox.toArray(), []) ?? [];
  const t = useT().outboxPanel;
  const pending = entries.filter((e) => e.state !== 'sent').length;
  const attention = entries.some((e) => e.state === 'failed' || e.state === 'conflict');
  if (!entries.length) return null;
  return (
    <>
      {/* On phones only the count shows; the name keeps the whole text. */}
      <button
        type="button"
        className={`btn btn-small outbox-button${attention ? ' outbox-attention' : ''}`}
        aria-label={fill(t.button, { count: pending })}
        onClick={() => setOpen(true)}
      >
        <span className="outbox-text">{fill(t.button, { count: pending })}</span>
        <span className="outbox-count">{pending}</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t.title} size="large">
        <OutboxList entries={entries} />
      </Dialog>
    </>
  );
}

export function OutboxList({ entries }: { entries: OutboxEntry[] }) {
  const t = useT().outboxPanel;
  if (!entries.length) return <p>{t.empty}</p>;
  return (
    <ol className="outbox-list">
      {entries.map((e) => (
        <li key={e.id} className="outbox-entry" data-state={e.state}>
          <div className="outbox-head">
            <span>{e.label}</span>
            <StatusBadge tone={TONE[e.state]}>{t.states[e.state]}</StatusBadge>
            <time dateTime={new Date(e.createdAt).toISOString()}>{formatDateTime(e.createdAt)}</time>
          </div>
          {e.state !== 'sent' && e.steps?.length > 1 ? <StepProgress entry={e} /> : null}
          {e.error ? <p className="outbox-error">{e.error}</p> : null}
          {e.state === 'conflict' ? <ConflictView entry={e} /> : null}
          {e.state === 'failed' ? (
            <div className="outbox-actions">
              <button type="button" className="btn btn-small" onClick={() => retryEntry(e.id!)}>
                {t.retry}
              </button>
              <button type="button" className="btn btn-small" onClick={() => discardEntry(e.id!)}>
                {t.discard}
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
  const t = useT().outboxPanel;
  return (
    <div className="outbox-steps">
      <progress max={entry.steps.length} value={done} aria-label={fill(t.stepsLabel, { done, total: entry.steps.length })} />
      <ol>
        {entry.steps.map((s) => (
          <li key={s.name} data-done={s.name in entry.done}>
            {fill(s.name in entry.done ? t.stepSent : t.stepWaiting, { label: s.label })}
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
  const payload = entry.payload as { input?: unknown; changes?: unknown };
  const local = (payload?.input ?? payload?.changes ?? entry.payload) as Record<string, unknown>;
  const server = (entry.server ?? {}) as Record<string, unknown>;
  const keys = Object.keys(local).filter((k) => !IGNORED.has(k) && show(local[k]) !== show(server[k]));
  const t = useT().outboxPanel;
  return (
    <div className="conflict">
      <p>{t.conflictIntro}</p>
      <table>
        <caption className="sr-only">{t.conflictCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.field}</th>
            <th scope="col">{t.mine}</th>
            <th scope="col">{t.theirs}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{show(local[k])}</td>
              <td>{entry.server ? show(server[k]) : t.unavailable}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="outbox-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={() => resolveConflict(entry.id!, 'mine')}>
          {t.keepMine}
        </button>
        <button type="button" className="btn btn-small" onClick={() => resolveConflict(entry.id!, 'theirs')}>
          {t.keepTheirs}
        </button>
      </div>
    </div>
  );
}
