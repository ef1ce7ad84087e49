// Confirmation for destructive actions: stays open while the action runs (with its loading label)
// and closes only when it succeeded; a failure leaves it open for the caller's error toast.
import { useState, type ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import { useT } from '../lib/i18n.ts';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  /** Shown on the button while the action runs ('Suppression...'). */
  busyLabel?: string;
  cancelLabel?: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  danger?: boolean;
};

export function ConfirmDialog({ open, title, children, confirmLabel, busyLabel, cancelLabel, onConfirm, onClose, danger = true }: Props) {
  const [busy, setBusy] = useState(false);
  const t = useT().common;
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      /* the caller showed the error; the dialog stays open */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      busy={busy}
      size="small"
      role="alertdialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {cancelLabel ?? t.cancel}
          </button>
          <button
            type="button"
            className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
            onClick={run}
            disabled={busy}
            aria-busy={busy}
            data-autofocus
          >
            {busy ? (busyLabel ?? t.deleting) : (confirmLabel ?? t.delete)}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
