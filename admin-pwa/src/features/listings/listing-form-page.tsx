// Listing form, create (/admin/annonces/new) and edit (/admin/annonces/{id}/edit): the product is
// saved first, then new images one by one, then new documents one by one, then the list. Offline,
// the whole change (files included) is queued in the outbox.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Product, ProductDocument, ProductImage } from '@app/domain/products';
import { errorText } from '../../lib/api.ts';
import { isOnline } from '../../lib/online.ts';
import { adminLang, fill, texts, useT } from '../../lib/i18n.ts';
import { localized, localizedErrors } from '../../lib/localized.ts';
import type { AdminDictionary } from '@app/domain/i18n/admin-fr';
import { toast } from '../../lib/toast.ts';
import { db, type QueuedFile } from '../../db/db.ts';
import { enqueue, perform, queuedFile } from '../../db/outbox.ts';
import { BackLink } from '../../components/icon-button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ErrorState } from '../../components/states.tsx';
import { UploadProgressList, useUploads } from '../../components/upload-progress.tsx';
import { fetchDocuments, fetchImages, fetchListing } from './api.ts';
import { ListingFields } from './listing-fields.tsx';
import {
  documentProblem,
  emptyForm,
  formFromProduct,
  imageProblem,
  validateListing,
  type FormErrors,
  type ListingForm,
} from './listing-form-model.ts';
import { DocumentsEditor, fileKey, ImagesEditor, newDocument, type NewDocument, type NewImage } from './listing-media.tsx';
import { documentMeta, uploadNewMedia } from './media-uploads.ts';
import { titleIn } from './listing-actions.ts';
import { LISTING_CREATE, LISTING_UPDATE, newTempId } from './operations.ts';

type Phase = 'idle' | 'saving' | 'images' | 'documents';

export function submitLabel(t: AdminDictionary['listingForm'], phase: Phase, edit: boolean) {
  if (phase === 'images') return t.uploadingImages;
  if (phase === 'documents') return t.uploadingDocuments;
  if (phase === 'saving') return t.saving;
  return edit ? t.update : t.create;
}

export default function ListingFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const edit = id !== null;
  const navigate = useNavigate();
  const all = useT();
  const t = all.listingForm;
  const [form, setForm] = useState<ListingForm>(emptyForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const [version, setVersion] = useState(0);
  const [loading, setLoading] = useState(edit);
  const [missing, setMissing] = useState(false);
  // The listing could not be read and no copy is stored: an empty form would only mislead.
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const states = useT().states;
  const [original, setOriginal] = useState<{ images: ProductImage[]; documents: ProductDocument[] }>({ images: [], documents: [] });
  const [images, setImages] = useState<ProductImage[]>([]);
  const [documents, setDocuments] = useState<ProductDocument[]>([]);
  const [newImages, setNewImages] = useState<NewImage[]>([]);
  const [newDocs, setNewDocs] = useState<NewDocument[]>([]);
  const [loadErrors, setLoadErrors] = useState<{ images: string | null; documents: string | null }>({ images: null, documents: null });
  const [phase, setPhase] = useState<Phase>('idle');
  const touched = useRef(false);
  const uploads = useUploads();

  useEffect(() => {
    if (id === null) return;
    let live = true;
    setLoadFailed(false);
    const show = (p: Parameters<typeof formFromProduct>[0]) => {
      if (!live || touched.current) return;
      setForm(formFromProduct(p));
      setVersion(p.version);
    };
    const media = (imgs: ProductImage[] | null, docs: ProductDocument[] | null) => {
      if (!live || touched.current) return;
      if (imgs) setImages([...imgs].sort((a, b) => a.position - b.position));
      if (docs) setDocuments(docs);
      setOriginal((o) => ({ images: imgs ?? o.images, documents: docs ?? o.documents }));
    };
    void (async () => {
      const local = await db.products.get(id);
      if (local) {
        show(local);
        media(
          await db.productImages.where('productId').equals(id).toArray(),
          await db.productDocuments.where('productId').equals(id).toArray(),
        );
        setLoading(false);
      }
      if (!isOnline() || id < 0) return setLoading(false);
      try {
        show(await fetchListing(id));
      } catch (e) {
        if ((e as { status?: number }).status === 404 && live) setMissing(true);
        else if (!local && live) {
          setLoadFailed(true);
          toast.error(texts().toasts.loadTitle, errorText(e, texts().toasts.loadFallback));
        }
      }
      const [imgs, docs] = await Promise.allSettled([fetchImages(id), fetchDocuments(id)]);
      if (!live) return;
      setLoadErrors({
        images: imgs.status === 'rejected' ? texts().listingForm.imagesLoadFailed : null,
        documents: docs.status === 'rejected' ? texts().listingForm.documentsLoadFailed : null,
      });
      media(imgs.status === 'fulfilled' ? imgs.value : null, docs.status === 'fulfilled' ? docs.value : null);
      setLoading(false);
    })();
    return () => {
      live = false;
    };
  }, [id, attempt]);

  const set = <K extends keyof ListingForm>(key: K, value: ListingForm[K]) => {
    touched.current = true;
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (key in e ? { ...e, [key]: undefined } : e));
  };

  const pickImages = (files: File[]) => {
    const problem = files.map(imageProblem).find(Boolean);
    setErrors((e) => ({ ...e, images: problem ? localized(problem) : undefined }));
    touched.current = true;
    setNewImages((list) => [
      ...list,
      ...files.filter((f) => !imageProblem(f)).map((file) => ({ key: fileKey(file), file, alt: '', preview: URL.createObjectURL(file) })),
    ]);
  };
  const pickDocuments = (files: File[]) => {
    const problem = files.map(documentProblem).find(Boolean);
    setErrors((e) => ({ ...e, documents: problem ? localized(problem) : undefined }));
    touched.current = true;
    setNewDocs((list) => [...list, ...files.filter((f) => !documentProblem(f)).map(newDocument)]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validateListing(form);
    if (!checked.ok) {
      setErrors(localizedErrors(checked.errors));
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const input = checked.input;
    const files: QueuedFile[] = [
      ...newImages.map((i) => queuedFile({ field: 'image', blob: i.file, name: i.file.name, type: i.file.type, meta: { alt: i.alt } })),
      ...newDocs.map((d) => queuedFile({ field: 'document', blob: d.file, name: d.file.name, type: d.file.type, meta: documentMeta(d) })),
    ];
    const removedImageIds = original.images.filter((o) => !images.some((i) => i.id === o.id)).map((o) => o.id);
    const removedDocumentIds = original.documents.filter((o) => !documents.some((d) => d.id === o.id)).map((o) => o.id);
    const orderChanged =
      images.map((i) => i.id).join() !==
      original.images
        .filter((o) => !removedImageIds.includes(o.id))
        .map((o) => o.id)
        .join();
    const imageOrder = orderChanged ? images.map((i) => i.id) : [];
    // The outbox names the listing by its title in the admin's language, as the listings table does.
    const label = fill(edit ? all.outbox.listingUpdate : all.outbox.listingCreate, { title: titleIn(input, adminLang.get()) });
    const queued = () => {
      toast.info(all.toasts.offlineSaved, t.changesQueued);
      navigate('/annonces');
    };

    setPhase('saving');
    try {
      if (!isOnline()) {
        if (edit) await enqueue(LISTING_UPDATE, { id, version, input, removedImageIds, removedDocumentIds, imageOrder }, label, files);
        else await enqueue(LISTING_CREATE, { tempId: newTempId(), input }, label, files);
        return queued();
      }
      let productId: number;
      if (edit) {
        // The files join the entry in the transaction that queues it, if it is queued: never after,
        // when a replay may already be sending it.
        const r = await perform<unknown, Product>(
          LISTING_UPDATE,
          { id, version, input, removedImageIds, removedDocumentIds, imageOrder },
          label,
          [],
          files,
        );
        if (r.queued && r.conflict) {
          toast.error(all.toasts.conflictTitle, all.listingActions.conflict);
          setPhase('idle');
          return;
        }
        if (r.queued) return queued();
        productId = id;
      } else {
        const r = await perform<unknown, Product>(LISTING_CREATE, { tempId: newTempId(), input }, label, [], files);
        if (r.queued) return queued();
        productId = r.result.id;
      }
      const failed = await uploadNewMedia(uploads, productId, newImages, newDocs, setPhase);
      if (newImages.length || newDocs.length) await fetchListing(productId).catch(() => {});
      toast.success(edit ? t.updated : t.created);
      // With a failed upload the admin stays on the listing to try again.
      navigate(failed ? `/annonces/${productId}/edit` : '/annonces');
      if (failed) setPhase('idle');
    } catch (err) {
      // Back-office §8: a creation says 'Erreur de création' / 'Erreur lors de la création'; a listing's
      // changes keep the Listings row's 'Erreur lors de la sauvegarde'.
      if (edit) toast.error(all.toasts.updateTitle, errorText(err, all.toasts.saveFallback));
      else toast.error(all.toasts.createTitle, errorText(err, all.toasts.createFallback));
      setPhase('idle');
    }
  };

  if (missing)
    return (
      <section className="page">
        <h1>{t.missing}</h1>
        <Link to="/annonces">{t.back}</Link>
      </section>
    );
  if (loading) return <Spinner />;
  if (loadFailed)
    return (
      <section className="page">
        <ErrorState
          message={states.loadError}
          onRetry={() => (setLoading(true), setAttempt((n) => n + 1))}
          action={
            <Link className="btn" to="/annonces">
              {states.backToList}
            </Link>
          }
        />
      </section>
    );

  return (
    <section className="page" aria-labelledby="form-title">
      <div className="page-header">
        <h1 id="form-title">
          <BackLink to="/annonces" label={t.back} /> {edit ? t.editTitle : t.newTitle}
        </h1>
      </div>
      <form onSubmit={submit} noValidate aria-busy={phase !== 'idle'}>
        <ListingFields form={form} errors={errors} set={set} />
        <ImagesEditor
          existing={images}
          onExisting={(l) => ((touched.current = true), setImages(l))}
          added={newImages}
          onAdded={setNewImages}
          onPick={pickImages}
          error={errors.images}
          loadError={loadErrors.images}
        />
        <DocumentsEditor
          existing={documents}
          onExisting={(l) => ((touched.current = true), setDocuments(l))}
          added={newDocs}
          onAdded={setNewDocs}
          onPick={pickDocuments}
          error={errors.documents}
          loadError={loadErrors.documents}
        />
        <UploadProgressList items={uploads.items} onCancel={uploads.cancel} />
        <div className="actions sticky-actions">
          <Link className="btn" to="/annonces">
            {t.cancel}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={phase !== 'idle'}>
            {submitLabel(t, phase, edit)}
          </button>
        </div>
      </form>
    </section>
  );
}
