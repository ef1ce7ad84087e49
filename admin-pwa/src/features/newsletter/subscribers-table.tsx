// The subscribers table: a select checkbox per row and a select-all, the e-mail, a clickable status
// badge (toggles active/inactive), the subscription date and a delete action. On phones, one card
// per subscriber with the same controls, under the same select-all.
import { useEffect, useRef } from 'react';
import type { Subscriber } from '@app/domain/newsletter';
import { IconButton } from '../../components/icon-button.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { fill, useT } from '../../lib/i18n.ts';
import { TableRegion } from '../../components/table-region.tsx';
import { CARDS_QUERY, useMediaQuery } from '../../lib/media.ts';

type Props = {
  subscribers: Subscriber[];
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  onToggleStatus: (s: Subscriber) => void;
  onDelete: (s: Subscriber) => void;
};

type RowProps = Pick<Props, 'selected' | 'onSelect' | 'onToggleStatus' | 'onDelete'> & { subscriber: Subscriber };

function SelectBox({ subscriber: s, selected, onSelect }: Pick<RowProps, 'subscriber' | 'selected' | 'onSelect'>) {
  const t = useT().newsletter;
  return (
    <input
      type="checkbox"
      aria-label={fill(t.select, { email: s.email })}
      checked={selected.has(s.id)}
      onChange={(e) => onSelect([s.id], e.target.checked)}
    />
  );
}

function StatusToggle({ subscriber: s, onToggleStatus }: Pick<RowProps, 'subscriber' | 'onToggleStatus'>) {
  const t = useT().newsletter;
  return (
    <StatusBadge
      tone={s.isActive ? 'success' : 'neutral'}
      onClick={() => onToggleStatus(s)}
      title={fill(s.isActive ? t.deactivate : t.activate, { email: s.email })}
    >
      {s.isActive ? t.activeWord : t.inactiveWord}
    </StatusBadge>
  );
}

function DeleteButton({ subscriber: s, onDelete }: Pick<RowProps, 'subscriber' | 'onDelete'>) {
  const t = useT().newsletter;
  return <IconButton icon="trash" danger label={fill(t.remove, { email: s.email })} onClick={() => onDelete(s)} />;
}

export function SubscribersTable({ subscribers, selected, onSelect, onToggleStatus, onDelete }: Props) {
  const all = useRef<HTMLInputElement>(null);
  const t = useT().newsletter;
  const cards = useMediaQuery(CARDS_QUERY);
  const count = subscribers.filter((s) => selected.has(s.id)).length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < subscribers.length;
  }, [count, subscribers.length, cards]);
  const selectAll = (
    <input
      ref={all}
      type="checkbox"
      aria-label={t.selectAll}
      checked={subscribers.length > 0 && count === subscribers.length}
      onChange={(e) =>
        onSelect(
          subscribers.map((s) => s.id),
          e.target.checked,
        )
      }
    />
  );
  const row = { selected, onSelect, onToggleStatus, onDelete };
  if (cards)
    return (
      <div className="record-cards-frame">
        <label className="select-all">
          {selectAll} {t.selectAll}
        </label>
        <ul className="record-cards" aria-label={t.tableCaption}>
          {subscribers.map((s) => (
            <li key={s.id} className={`card record-card subscriber-card${selected.has(s.id) ? ' row-selected' : ''}`}>
              <SelectBox subscriber={s} {...row} />
              <p>
                <span className="cell-title">{s.email}</span>
                <time className="cell-sub" dateTime={s.subscribedAt}>
                  {formatDateTime(s.subscribedAt)}
                </time>
              </p>
              <div className="actions">
                <StatusToggle subscriber={s} {...row} />
                <DeleteButton subscriber={s} {...row} />
              </div>
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <TableRegion label={t.tableCaption}>
      <table className="table subscribers-table">
        <caption className="sr-only">{t.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col" className="cell-check">
              {selectAll}
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
                <SelectBox subscriber={s} {...row} />
              </td>
              <td>{s.email}</td>
              <td>
                <StatusToggle subscriber={s} {...row} />
              </td>
              <td>
                <time dateTime={s.subscribedAt}>{formatDateTime(s.subscribedAt)}</time>
              </td>
              <td className="row-actions">
                <DeleteButton subscriber={s} {...row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
