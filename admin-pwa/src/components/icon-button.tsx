// A button or link that shows only an icon: the label is its accessible name.
import { Link } from 'react-router';
import { Icon, type IconName } from './icons.tsx';

type Props = { icon: IconName; label: string; onClick: () => void; danger?: boolean };

export function IconButton({ icon, label, onClick, danger }: Props) {
  return (
    <button type="button" className={danger ? 'icon-btn icon-btn-danger' : 'icon-btn'} aria-label={label} onClick={onClick}>
      <Icon name={icon} />
    </button>
  );
}

/** The arrow in a page title that leads back to the list. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="icon-btn" aria-label={label}>
      <Icon name="back" />
    </Link>
  );
}
