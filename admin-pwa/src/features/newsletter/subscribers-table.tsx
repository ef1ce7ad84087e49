// The subscribers table: a select checkbox per row and a select-all, the e-mail, a clickable status
// badge (toggles active/inactive), the subscription date and a delete action.
import { useEffect, useRef } from 'react';
import type { Subscriber } from '@app/domain/newsletter';
import { IconButton } from '../../components/icon-button.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { fill, useT } from '../../lib/i18n.ts';
import { TableRegion } from '../../components/table-region.tsx';

type Props = {
  subscribers: Subscriber[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  onToggleStatus: (s: Subscriber) => void;
  onDelete: (s: Subscriber) => void;
};

export function SubscribersTable({ subscribers, selected, onSelect, onToggleStatus, onDelete }: Props) {
  const all = useRef<HTMLInputElement>(null);
  const t = useT().newsletter;
  const count = subscribers.filter((s) => selected.has(s.id)).length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < subscribers.length;
  }, [count, subscribers.length]);
  return (
    <TableRegion label={t.tableCaption}>
      <table className="table subscribers-table">
        <caption className="sr-only">{t.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col" className="cell-check">
              <input
                ref={all}
                type="checkbox"
                aria-label={t.selectAll}
                checked={subscribers.length > 0 && count === subscribers.length}
                onChange={(e) => onSelect(subscribers.map((s) => s.id), e.target.checked)}
              />
            </th>
            <th scope="col">{t.email}</th>
            <th scope="col">{t.statusLabel}</th>
            <th scope="col">{t.subscribedAt}</th>
            <th scope="col">{t.actions}</th>
          </tr>
        </thead>
        <tbody>
          {subscribers.map((s) => (
            <tr key={s.id} className={selected.has(s.id) ? 'row-selected' : undefined}>
              <td className="cell-check">
                <input type="checkbox" aria-label={fill(t.select, { email: s.email })} checked={selected.has(s.id)} onChange={(e) => onSelect([s.id], e.target.checked)} />
              </td>
              <td data-label="Email">{s.email}</td>
              <td data-label="Statut">
                <StatusBadge tone={s.isActive ? 'success' : 'neutral'} onClick={() => onToggleStatus(s)} title={fill(s.isActive ? t.deactivate : t.activate, { email: s.email })}>
                  {s.isActive ? t.activeWord : t.inactiveWord}
                </StatusBadge>
              </td>
              <td data-label={t.subscribedAt}>
                <time dateTime={s.subscribedAt}>{formatDateTime(s.subscribedAt)}</time>
              </td>
              <td data-label="Actions" className="row-actions">
                <IconButton icon="trash" danger label={fill(t.remove, { email: s.email })} onClick={() => onDelete(s)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
