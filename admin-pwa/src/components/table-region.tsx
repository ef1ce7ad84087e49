// A wide table's own scrolling region: on a phone the table scrolls inside it, not the whole page
// sideways, and a keyboard user can focus it to scroll, told what it holds by its label.
import type { ReactNode } from 'react';

export function TableRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `table-wrap ${className}` : 'table-wrap'} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
