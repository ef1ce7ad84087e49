// The view screen's documents upload area: several files, each with an editable title (the file
// name by default) and a description, its size, removal, and Uploader / Annuler with progress.
import { useState } from 'react';
import { errorText } from '../../lib/api.ts';
import { fill, useT } from '../../lib/i18n.ts';
import { formatSize } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { FileDrop } from '../../components/file-drop.tsx';
import { UploadProgressList, useUploads } from '../../components/upload-progress.tsx';
import { uploadDocument } from './api.ts';
import { newDocument, type NewDocument } from './listing-media.tsx';

const ACCEPT = '.pdf,.doc,.docx,.txt,.jpg,.jpeg,.png,.gif,.webp,.mp4,.avi,.mov';

export function DocumentsUpload({ productId, onDone, onCancel }: { productId: number; onDone: () => void; onCancel: () => void }) {
  const all = useT();
  const t = all.listingView;
  const [files, setFiles] = useState<NewDocument[]>([]);
  const [busy, setBusy] = useState(false);
  const uploads = useUploads();
  const edit = (key: string, patch: Partial<NewDocument>) => setFiles((l) => l.map((f) => (f.key === key ? { ...f, ...patch } : f)));

  const run = async () => {
    setBusy(true);
    let ok = 0;
    for (const d of files) {
      try {
        await uploads.run(d.key, d.file.name, d.file.size, (p) =>
          uploadDocument(
            productId,
            d.file,
            d.file.name,
            { title: d.title.trim() || d.file.name, titleEn: d.titleEn.trim(), description: d.description },
            p,
          ),
        );
        ok++;
      } catch (e) {
        if ((e as Error).name !== 'AbortError') toast.error(all.toasts.uploadTitle, errorText(e, all.toasts.uploadFallback));
      }
    }
    setBusy(false);
    if (ok) toast.success(t.documentsAdded, fill(t.documentCount, { count: ok }));
    onDone();
  };

  return (
    <div className="card" style={{ marginBottom: '1rem' }}>
      {/* The 50 MB hint is not enforced here (back-office section 5); the server still refuses larger files. */}
      <FileDrop
        label={t.chooseDocuments}
        accept={ACCEPT}
        onFiles={(list) => setFiles((l) => [...l, ...list.map(newDocument)])}
        hint={t.uploadHint}
        disabled={busy}
      />
      {files.map((d) => (
        <div key={d.key} className="form-grid" style={{ alignItems: 'end' }}>
          <div className="field">
            <label htmlFor={`vt-${d.key}`}>{fill(t.uploadTitle, { size: formatSize(d.file.size) })}</label>
            <input id={`vt-${d.key}`} value={d.title} onChange={(e) => edit(d.key, { title: e.target.value })} disabled={busy} />
          </div>
          <div className="field">
            <label htmlFor={`vte-${d.key}`}>{t.uploadTitleEn}</label>
            <input id={`vte-${d.key}`} value={d.titleEn} onChange={(e) => edit(d.key, { titleEn: e.target.value })} disabled={busy} />
          </div>
          <div className="field">
            <label htmlFor={`vd-${d.key}`}>{t.description}</label>
            <input
              id={`vd-${d.key}`}
              value={d.description}
              onChange={(e) => edit(d.key, { description: e.target.value })}
              disabled={busy}
            />
          </div>
          <button type="button" className="btn btn-small" onClick={() => setFiles((l) => l.filter((f) => f.key !== d.key))} disabled={busy}>
            {fill(t.removeFile, { name: d.file.name })}
          </button>
        </div>
      ))}
      <UploadProgressList items={uploads.items} onCancel={uploads.cancel} />
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={run} disabled={busy || !files.length}>
          {busy ? t.uploading : t.upload}
        </button>
        <button type="button" className="btn" onClick={() => (uploads.cancelAll(), onCancel())}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}
