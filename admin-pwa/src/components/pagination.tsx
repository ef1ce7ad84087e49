// Précédent / Suivant pagination with the current page, as a labelled navigation landmark.
import { fill, useT } from '../lib/i18n.ts';

type Props = { page: number; pages: number; onPage: (page: number) => void; label?: string; summary?: string };

export function Pagination({ page, pages, onPage, label = 'Pagination', summary }: Props) {
  const t = useT().common;
  if (pages <= 1 && !summary) return null;
  return (
    <nav className="pagination" aria-label={label}>
      {summary ? <p className="pagination-summary">{summary}</p> : null}
      {pages > 1 ? (
        <div className="pagination-buttons">
          <button type="button" className="btn" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            {t.previous}
          </button>
          <span aria-current="page">{fill(t.pageOf, { page, pages })}</span>
          <button type="button" className="btn" onClick={() => onPage(page + 1)} disabled={page >= pages}>
            {t.next}
          </button>
        </div>
      ) : null}
    </nav>
  );
}
