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
        <FormFooter
          formId={formId}
          busy={busy}
          cancelLabel={cancelLabel}
          submitLabel={submitLabel}
          onCancel={onCancel ?? onClose}
          cancelDisabled={busy && !onCancel}
        />
      }
    >
      <form id={formId} className="form-grid" onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}

type FooterProps = {
  formId: string;
  busy: boolean;
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
  /** Cancel stays usable while busy only where it stops the work (an upload). */
  cancelDisabled?: boolean;
  /** The form cannot be sent yet (nothing to send). */
  submitDisabled?: boolean;
};

/** Cancel, then the submit button of the form named by formId. */
export function FormFooter({
  formId,
  busy,
  cancelLabel,
  submitLabel,
  onCancel,
  cancelDisabled = busy,
  submitDisabled = false,
}: FooterProps) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </button>
      <button type="submit" form={formId} className="btn btn-primary" disabled={busy || submitDisabled} aria-busy={busy}>
        {submitLabel}
      </button>
    </>
  );
}
