// The technical documents table: sortable Document and Téléch. columns (aria-sort), type, listing,
// size, and per row a download link and a delete button. On phones, one card per document instead.
import type { TechnicalDocument } from '@app/domain/documents';
import type { Lang } from '@app/domain/lang';
import { Icon } from '../../components/icons.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { formatSize } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { downloadDocument, onPlainClick } from '../../lib/document-file.ts';
import { fill, useAdminLang, useT } from '../../lib/i18n.ts';
import type { DocumentsQuery, SortBy } from './documents-query.ts';
import { TableRegion } from '../../components/table-region.tsx';
import { CARDS_QUERY, useMediaQuery } from '../../lib/media.ts';

type Props = {
  documents: TechnicalDocument[];
  query: DocumentsQuery;
  onSort: (column: SortBy) => void;
  onDelete: (doc: TechnicalDocument) => void;
  onEdit: (doc: TechnicalDocument) => void;
};

function SortHeader({
  column,
  label,
  query,
  onSort,
}: {
  column: SortBy;
  label: string;
  query: DocumentsQuery;
  onSort: (c: SortBy) => void;
}) {
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

type Actions = Pick<Props, 'onDelete' | 'onEdit'>;

const listingTitle = (d: TechnicalDocument, lang: Lang) => (lang === 'en' ? d.product?.titleEn : d.product?.titleFr) ?? '—';

function TypeBadge({ document: d }: { document: TechnicalDocument }) {
  const t = useT().documents;
  return <StatusBadge tone={d.type === 'pdf' ? 'danger' : d.type === 'image' ? 'info' : 'accent'}>{t.types[d.type]}</StatusBadge>;
}

function DocumentActions({ document: d, onDelete, onEdit }: Actions & { document: TechnicalDocument }) {
  const t = useT().documents;
  return (
    <>
      <a
        className="icon-btn"
        href={d.url}
        download={d.originalFilename}
        aria-label={fill(t.download, { title: d.title })}
        onClick={onPlainClick(async () => {
          if (await downloadDocument(d.url, d.originalFilename)) toast.info(fill(t.downloadStarted, { title: d.title }));
        })}
      >
        <Icon name="download" />
      </a>
      <IconButton icon="edit" label={fill(t.edit, { title: d.title })} onClick={() => onEdit(d)} />
      <IconButton icon="trash" danger label={fill(t.remove, { title: d.title })} onClick={() => onDelete(d)} />
    </>
  );
}

/** Phones: a card per document, the same facts and actions as a row. */
function DocumentCards({ documents, onDelete, onEdit }: Actions & { documents: TechnicalDocument[] }) {
  const t = useT().documents;
  const lang = useAdminLang();
  return (
    <ul className="record-cards" aria-label={t.caption}>
      {documents.map((d) => (
        <li key={d.id} className="card record-card">
          <p>
            <span className="cell-title">{d.title}</span>
            <span className="cell-sub">{d.originalFilename}</span>
          </p>
          <p className="record-facts">
            <TypeBadge document={d} />
            <span>{listingTitle(d, lang)}</span>
          </p>
          <p className="muted">{fill(t.downloadsAndSize, { count: d.downloadCount, size: formatSize(d.size) })}</p>
          <div className="actions">
            <DocumentActions document={d} onDelete={onDelete} onEdit={onEdit} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function DocumentsTable({ documents, query, onSort, onDelete, onEdit }: Props) {
  const t = useT().documents;
  const lang = useAdminLang();
  if (useMediaQuery(CARDS_QUERY)) return <DocumentCards documents={documents} onDelete={onDelete} onEdit={onEdit} />;
  return (
    <TableRegion label={t.title}>
      <table className="table documents-table">
        <caption className="sr-only">{t.caption}</caption>
        <thead>
          <tr>
            <SortHeader column="title" label={t.colDocument} query={query} onSort={onSort} />
            <th scope="col">{t.colType}</th>
            <th scope="col">{t.colProduct}</th>
            <SortHeader column="downloadCount" label={t.colDownloads} query={query} onSort={onSort} />
            <th scope="col">{t.colSize}</th>
            <th scope="col">{t.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {documents.map((d) => (
            <tr key={d.id}>
              <td data-label={t.colDocument}>
                <span className="cell-title">{d.title}</span>
                <span className="cell-sub">{d.originalFilename}</span>
              </td>
              <td data-label={t.colType}>
                <TypeBadge document={d} />
              </td>
              <td data-label={t.colProduct}>{listingTitle(d, lang)}</td>
              <td data-label={t.colDownloads}>{d.downloadCount}</td>
              <td data-label={t.colSize}>{formatSize(d.size)}</td>
              <td data-label={t.colActions} className="row-actions">
                <DocumentActions document={d} onDelete={onDelete} onEdit={onEdit} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
