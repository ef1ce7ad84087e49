// The technical documents table: sortable Document and Téléch. columns (aria-sort), type, listing,
// size, and per row a download link and a delete button.
import type { TechnicalDocument } from '@app/domain/documents';
import { Icon } from '../../components/icons.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatSize } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { TYPE_LABELS } from './document-form.ts';
import type { DocumentsQuery, SortBy } from './documents-query.ts';
import { TableRegion } from '../../components/table-region.tsx';

type Props = { documents: TechnicalDocument[]; query: DocumentsQuery; onSort: (column: SortBy) => void; onDelete: (doc: TechnicalDocument) => void };

function SortHeader({ column, label, query, onSort }: { column: SortBy; label: string; query: DocumentsQuery; onSort: (c: SortBy) => void }) {
  const active = query.sortBy === column;
  return (
    <th scope="col" aria-sort={active ? (query.sortOrder === 'ASC' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {label}
        {active ? <Icon name={query.sortOrder === 'ASC' ? 'up' : 'down'} size={14} /> : null}
      </button>
    </th>
  );
}

export function DocumentsTable({ documents, query, onSort, onDelete }: Props) {
  return (
    <TableRegion label="Documents techniques">
      <table className="table documents-table">
        <caption className="sr-only">Documents techniques</caption>
        <thead>
          <tr>
            <SortHeader column="title" label="Document" query={query} onSort={onSort} />
            <th scope="col">Type</th>
            <th scope="col">Produit</th>
            <SortHeader column="downloadCount" label="Téléch." query={query} onSort={onSort} />
            <th scope="col">Taille</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {documents.map((d) => (
            <tr key={d.id}>
              <td data-label="Document">
                <span className="cell-title">{d.title}</span>
                <span className="cell-sub">{d.originalFilename}</span>
              </td>
              <td data-label="Type">
                <StatusBadge tone={d.type === 'pdf' ? 'danger' : d.type === 'image' ? 'info' : 'accent'}>{TYPE_LABELS[d.type]}</StatusBadge>
              </td>
              <td data-label="Produit">{d.product?.titleFr ?? '—'}</td>
              <td data-label="Téléch.">{d.downloadCount}</td>
              <td data-label="Taille">{formatSize(d.size)}</td>
              <td data-label="Actions" className="row-actions">
                <a className="icon-btn" href={d.url} download={d.originalFilename} aria-label={`Télécharger ${d.title}`} onClick={() => toast.info(`Téléchargement de « ${d.title} » initié`)}>
                  <Icon name="download" />
                </a>
                <button type="button" className="icon-btn icon-btn-danger" aria-label={`Supprimer ${d.title}`} onClick={() => onDelete(d)}>
                  <Icon name="trash" />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
