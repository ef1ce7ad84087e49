// Loading indicator with a text for screen readers (and sighted users).
import { useT } from '../lib/i18n.ts';

export function Spinner({ label }: { label?: string }) {
  const loading = useT().common.loading;
  return (
    <div className="spinner" role="status">
      <span className="spinner-wheel" aria-hidden="true" />
      <span>{label ?? loading}</span>
    </div>
  );
}
