// A dialog holding one form, with Cancel and the form's submit button in its footer.
import type { FormEvent, ReactNode } from 'react';
import { Dialog } from './dialog.tsx';

type Props = {
  title: string;
  formId: string;
  busy: boolean;
  submitLabel: string;
  cancelLabel: string;
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
  /** What Cancel does; closing by default (an upload's dialog cancels the upload while busy). */
  onCancel?: () => void;
  children: ReactNode;
};

export function FormDialog({ title, formId, busy, submitLabel, cancelLabel, onSubmit, onClose, onCancel, children }: Props) {
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      busy={busy}
      size="large"
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel ?? onClose} disabled={busy && !onCancel}>
            {cancelLabel}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} className="form-grid" onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
