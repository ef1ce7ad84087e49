// 'Créer' a technical document: optional listing ('Aucun produit spécifique', up to 100 loaded), titles,
// one file (dropped or picked; type detected), descriptions; uploaded with a progress bar and cancel.
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FileDrop } from '../../components/file-drop.tsx';
import { UploadProgressList, useUploads } from '../../components/upload-progress.tsx';
import { errorText, isNetworkError } from '../../lib/api.ts';
import { withoutError, type FieldErrors } from '../../lib/form-errors.ts';
import { formatSize } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { uploadDocument, type DocumentTexts } from './api.ts';
import { ACCEPT, detectType, validateDocument } from './document-form.ts';
import { DocumentTextFields, withText } from './document-text-fields.tsx';

type Props = { onClose: () => void; onCreated: () => void };

export function CreateDocumentDialog({ onClose, onCreated }: Props) {
  const all = useT();
  const t = all.documentForm;
  const [fields, setFields] = useState<DocumentTexts>({
    productId: null,
    title: '',
    titleFr: '',
    titleEn: '',
    descriptionFr: '',
    descriptionEn: '',
  });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<'file' | 'title'>>({});
  const [busy, setBusy] = useState(false);
  const uploads = useUploads();

  const set = (key: keyof DocumentTexts, value: string) => {
    setFields((f) => withText(f, key, value));
    if (key === 'title') setErrors((e) => withoutError(e, 'title'));
  };

  const pick = (files: File[]) => {
    const picked = files[0] ?? null;
    setFile(picked);
    setErrors((e) => {
      const next = withoutError(e, 'file');
      const checked = validateDocument(picked, 'x', t);
      return checked.file ? { ...next, file: checked.file } : next;
    });
    uploads.reset();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateDocument(file, fields.title, t);
    if (found.file || found.title) {
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      await uploads.run('document', file!.name, file!.size, (onProgress) => uploadDocument(fields, file!, onProgress));
      toast.success(all.documents.success, all.documents.created);
      onCreated();
      onClose();
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') toast.info(t.uploadCancelled);
      else if (isNetworkError(err)) toast.error(all.toasts.uploadTitle, t.connectionLost);
      // The upload is the document's creation (back-office §8 'Erreur de création'); a lost
      // connection is said as such above.
      else toast.error(all.toasts.createTitle, errorText(err, all.toasts.createFallback));
    } finally {
      setBusy(false);
    }
  };

  const type = file ? detectType(file) : null;
  const fileField = (
    <div className={`field field-file${errors.file ? ' field-invalid' : ''}`}>
      <FileDrop label={t.file} accept={ACCEPT} multiple={false} onFiles={pick} disabled={busy} hint={t.fileHint} />
      {file ? (
        <p className="file-picked">
          {file.name} — {formatSize(file.size)}
          {type ? (
            <>
              {' '}
              — {t.detected} <strong>{all.documents.types[type]}</strong>
            </>
          ) : null}
        </p>
      ) : null}
      {errors.file ? (
        <p className="field-error" role="alert">
          {errors.file}
        </p>
      ) : null}
    </div>
  );
  return (
    <FormDialog
      title={t.newTitle}
      formId="technical-document-form"
      busy={busy}
      submitLabel={busy ? t.uploading : t.create}
      cancelLabel={t.cancel}
      onSubmit={submit}
      onClose={onClose}
      onCancel={busy ? () => uploads.cancelAll() : onClose}
    >
      <DocumentTextFields fields={fields} onChange={set} titleError={errors.title} file={fileField} />
      <UploadProgressList items={uploads.items} onCancel={uploads.cancel} />
    </FormDialog>
  );
}
