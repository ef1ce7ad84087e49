// A coloured status pill; clickable when given onClick (the newsletter's status toggle).
import type { ReactNode } from 'react';

export type BadgeTone = 'success' | 'neutral' | 'warning' | 'danger' | 'info' | 'accent';

export function StatusBadge({
  tone = 'neutral',
  children,
  onClick,
  title,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  onClick?: () => void;
  title?: string;
}) {
  if (onClick)
    return (
      <button type="button" className={`badge badge-${tone} badge-button`} onClick={onClick} title={title}>
        {children}
      </button>
    );
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  );
}
