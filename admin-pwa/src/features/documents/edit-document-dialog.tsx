// Edits a technical document's texts and linked listing (its titles in both languages included)
// through PUT /api/admin/technical-documents/{id}; the file itself is not replaced.
import { useState, type FormEvent } from 'react';
import type { TechnicalDocument } from '@app/domain/documents';
import { FormDialog } from '../../components/form-dialog.tsx';
import { errorText } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { textsOf, updateDocument, type DocumentTexts } from './api.ts';
import { DocumentTextFields, withText } from './document-text-fields.tsx';

type Props = { document: TechnicalDocument; onClose: () => void; onSaved: () => void };

export function EditDocumentDialog({ document, onClose, onSaved }: Props) {
  const all = useT();
  const t = all.documentForm;
  const [fields, setFields] = useState<DocumentTexts>(() => textsOf(document));
  const [titleError, setTitleError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const set = (key: keyof DocumentTexts, value: string) => {
    setFields((f) => withText(f, key, value));
    if (key === 'title') setTitleError(undefined);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!fields.title.trim()) return setTitleError(t.missingTitle);
    setBusy(true);
    try {
      await updateDocument(document.id, fields);
      toast.success(all.documents.success, all.documents.updated);
      onSaved();
      onClose();
    } catch (err) {
      // The dialog stays open with what was typed: nothing is lost.
      toast.error(all.toasts.updateTitle, errorText(err, all.toasts.updateFallback));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t.editTitle}
      formId="technical-document-edit"
      busy={busy}
      submitLabel={busy ? t.saving : t.save}
      cancelLabel={t.cancel}
      onSubmit={submit}
      onClose={onClose}
    >
      <DocumentTextFields fields={fields} onChange={set} titleError={titleError} />
    </FormDialog>
  );
}
