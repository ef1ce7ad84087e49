// 'Créer' a technical document: optional listing ('Aucun produit spécifique', up to 100 loaded), titles,
// one file (dropped or picked; type detected), descriptions; uploaded with a progress bar and cancel.
import { useEffect, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import { FileDrop } from '../../components/file-drop.tsx';
import { UploadProgressList, useUploads } from '../../components/upload-progress.tsx';
import { errorText, isNetworkError } from '../../lib/api.ts';
import { withoutError, type FieldErrors } from '../../lib/form-errors.ts';
import { formatSize } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { fetchProductOptions, localProductOptions, uploadDocument, type ProductOption, type UploadFields } from './api.ts';
import { ACCEPT, TYPE_LABELS, detectType, validateDocument } from './document-form.ts';

type Props = { onClose: () => void; onCreated: () => void };
type Text = Exclude<keyof UploadFields, 'productId'>;

export function CreateDocumentDialog({ onClose, onCreated }: Props) {
  const [products, setProducts] = useState<ProductOption[]>([]);
  const [fields, setFields] = useState<UploadFields>({ productId: null, title: '', titleFr: '', titleEn: '', descriptionFr: '', descriptionEn: '' });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<'file' | 'title'>>({});
  const [busy, setBusy] = useState(false);
  const uploads = useUploads();

  useEffect(() => {
    let live = true;
    fetchProductOptions()
      .catch(() => localProductOptions())
      .then((list) => live && setProducts(list))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  const set = (key: Text, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (key === 'title') setErrors((e) => withoutError(e, 'title'));
  };

  const pick = (files: File[]) => {
    const picked = files[0] ?? null;
    setFile(picked);
    setErrors((e) => {
      const next = withoutError(e, 'file');
      const checked = validateDocument(picked, 'x');
      return checked.file ? { ...next, file: checked.file } : next;
    });
    uploads.reset();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateDocument(file, fields.title);
    if (found.file || found.title) {
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      await uploads.run('document', file!.name, file!.size, (onProgress) => uploadDocument(fields, file!, onProgress));
      toast.success('Succès', 'Document créé');
      onCreated();
      onClose();
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') toast.info('Upload annulé');
      else if (isNetworkError(err)) toast.error("Erreur d'upload", 'Connexion perdue : le document doit être envoyé en ligne.');
      else toast.error("Erreur d'upload", errorText(err, "Erreur lors de l'upload"));
    } finally {
      setBusy(false);
    }
  };

  const type = file ? detectType(file) : null;
  return (
    <Dialog
      open
      title="Nouveau document technique"
      onClose={onClose}
      busy={busy}
      size="large"
      footer={
        <>
          <button type="button" className="btn" onClick={busy ? () => uploads.cancelAll() : onClose}>
            Annuler
          </button>
          <button type="submit" form="technical-document-form" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Upload en cours...' : 'Créer'}
          </button>
        </>
      }
    >
      <form id="technical-document-form" className="form-grid" onSubmit={submit} noValidate>
        <SelectField
          label="Produit associé"
          value={fields.productId ? String(fields.productId) : ''}
          onChange={(e) => setFields((f) => ({ ...f, productId: e.target.value ? Number(e.target.value) : null }))}
          options={[{ value: '', label: 'Aucun produit spécifique' }, ...products.map((p) => ({ value: String(p.id), label: p.titleFr }))]}
        />
        <TextField label="Titre principal" required value={fields.title} error={errors.title} onChange={(e) => set('title', e.target.value)} data-autofocus />
        <TextField label="Titre (français)" value={fields.titleFr} onChange={(e) => set('titleFr', e.target.value)} />
        <TextField label="Titre (anglais)" value={fields.titleEn} onChange={(e) => set('titleEn', e.target.value)} />
        <div className={`field field-file${errors.file ? ' field-invalid' : ''}`}>
          <FileDrop label="Fichier *" accept={ACCEPT} multiple={false} onFiles={pick} disabled={busy} hint="PDF, images (JPEG, PNG, WebP), vidéos (MP4, WebM, OGG) — 50 MB au maximum" />
          {file ? (
            <p className="file-picked">
              {file.name} — {formatSize(file.size)}
              {type ? <> — Type détecté : <strong>{TYPE_LABELS[type]}</strong></> : null}
            </p>
          ) : null}
          {errors.file ? (
            <p className="field-error" role="alert">
              {errors.file}
            </p>
          ) : null}
        </div>
        <UploadProgressList items={uploads.items} onCancel={uploads.cancel} />
        <TextAreaField label="Description (français)" rows={3} value={fields.descriptionFr} onChange={(e) => set('descriptionFr', e.target.value)} />
        <TextAreaField label="Description (anglais)" rows={3} value={fields.descriptionEn} onChange={(e) => set('descriptionEn', e.target.value)} />
      </form>
    </Dialog>
  );
}
