// Précédent / Suivant pagination with the current page, as a labelled navigation landmark.
type Props = { page: number; pages: number; onPage: (page: number) => void; label?: string; summary?: string };

export function Pagination({ page, pages, onPage, label = 'Pagination', summary }: Props) {
  if (pages <= 1 && !summary) return null;
  return (
    <nav className="pagination" aria-label={label}>
      {summary ? <p className="pagination-summary">{summary}</p> : null}
      {pages > 1 ? (
        <div className="pagination-buttons">
          <button type="button" className="btn" onClick={() => onPage(page - 1)} disabled={page <= 1}>
            Précédent
          </button>
          <span aria-current="page">
            Page {page} sur {pages}
          </span>
          <button type="button" className="btn" onClick={() => onPage(page + 1)} disabled={page >= pages}>
            Suivant
          </button>
        </div>
      ) : null}
    </nav>
  );
}
