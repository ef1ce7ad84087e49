// Loading indicator with a text for screen readers (and sighted users).
export function Spinner({ label = 'Chargement...' }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner-wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
