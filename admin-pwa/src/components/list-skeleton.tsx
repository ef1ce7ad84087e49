// A list's loading state: grey rows in the shape of what is coming, so the page does not jump when
// it arrives; the status still says 'Chargement...' to screen readers.
import { useT } from '../lib/i18n.ts';
import './states.css';

export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  const loading = useT().common.loading;
  return (
    <div className="list-skeleton" role="status" aria-busy="true">
      <span className="sr-only">{loading}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row" aria-hidden="true">
          <span className="skeleton-block skeleton-thumb" />
          <span className="skeleton-lines">
            <span className="skeleton-block" />
            <span className="skeleton-block skeleton-short" />
          </span>
        </div>
      ))}
    </div>
  );
}
