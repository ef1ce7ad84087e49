// The lists of the 'API' tab (API tokens, webhooks, a webhook's deliveries): a table on desktop, one
// card per record on a phone, with the same facts in the same order and the record's actions.
import { Fragment, type ReactNode } from 'react';
import { Icon, type IconName } from '../../components/icons.tsx';
import { TableRegion } from '../../components/table-region.tsx';
import { CARDS_QUERY, useMediaQuery } from '../../lib/media.ts';

export type Column<T> = { label: string; cell: (item: T) => ReactNode };

type ActionProps = {
  label: string;
  icon: IconName;
  onClick: () => void;
  danger?: boolean;
  /** The accessible name, saying which record. */ name: string;
};

/** One of a record's actions: its icon and short label, named for the record it acts on ('Révoquer le jeton Flux'). */
export function RecordAction({ label, name, icon, onClick, danger = false }: ActionProps) {
  return (
    <button type="button" className={`btn btn-small${danger ? ' btn-danger' : ''}`} aria-label={name} onClick={onClick}>
      <Icon name={icon} /> {label}
    </button>
  );
}

type Props<T> = {
  items: readonly T[];
  id: (item: T) => number;
  /** The list's accessible name (the table's caption). */
  label: string;
  /** The table's extra class. */
  className: string;
  /** The first column's header; its cell (a row header) and the card's heading show `title`. */
  titleLabel: string;
  title: (item: T) => ReactNode;
  sub: (item: T) => ReactNode;
  columns: readonly Column<T>[];
  actionsLabel: string;
  actions: (item: T) => ReactNode;
};

export function RecordList<T>({ items, id, label, className, titleLabel, title, sub, columns, actionsLabel, actions }: Props<T>) {
  const cards = useMediaQuery(CARDS_QUERY);
  if (cards)
    return (
      <ul className="record-cards" aria-label={label}>
        {items.map((item) => {
          const below = sub(item);
          return (
            <li key={id(item)} className="card record-card token-card">
              <h3>{title(item)}</h3>
              {below ? <p className="muted">{below}</p> : null}
              <dl className="token-facts">
                {columns.map((c) => (
                  <Fragment key={c.label}>
                    <dt>{c.label}</dt>
                    <dd>{c.cell(item)}</dd>
                  </Fragment>
                ))}
              </dl>
              {actions(item)}
            </li>
          );
        })}
      </ul>
    );
  return (
    <TableRegion label={label}>
      <table className={`table tokens-table ${className}`}>
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{titleLabel}</th>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
            <th scope="col">{actionsLabel}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const below = sub(item);
            return (
              <tr key={id(item)}>
                <th scope="row">
                  <span className="cell-title">{title(item)}</span>
                  {below ? <span className="cell-sub">{below}</span> : null}
                </th>
                {columns.map((c) => (
                  <td key={c.label}>{c.cell(item)}</td>
                ))}
                <td>{actions(item)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableRegion>
  );
}
