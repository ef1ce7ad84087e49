// Sends the form's new images, then its new documents, one by one with a progress bar each, and
// says how each file went: a success or an error toast per file (back-office section 7).
import { errorText } from '../../lib/api.ts';
import { fill, texts } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import type { useUploads } from '../../components/upload-progress.tsx';
import { uploadDocument, uploadImage, type DocumentMeta } from './api.ts';
import type { NewDocument, NewImage } from './listing-media.tsx';

type Uploads = ReturnType<typeof useUploads>;

/** Resolves with the number of files that failed (a cancelled file is neither a success nor a failure). */
export async function uploadNewMedia(
  uploads: Uploads,
  productId: number,
  images: NewImage[],
  documents: NewDocument[],
  onPhase: (phase: 'images' | 'documents') => void,
): Promise<number> {
  let failed = 0;
  const all = texts();
  const each = async (key: string, file: File, title: string, send: Parameters<Uploads['run']>[3]) => {
    try {
      await uploads.run(key, file.name, file.size, send);
      toast.success(title, file.name);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      failed++;
      toast.error(
        all.toasts.uploadTitle,
        fill(all.listingMedia.fileError, { name: file.name, error: errorText(err, all.toasts.uploadFallback) }),
      );
    }
  };
  onPhase('images');
  for (const img of images)
    await each(img.key, img.file, all.listingMedia.imageAdded, (onProgress) =>
      uploadImage(productId, img.file, img.file.name, img.alt, onProgress),
    );
  onPhase('documents');
  for (const doc of documents) {
    await each(doc.key, doc.file, all.listingMedia.documentAdded, (onProgress) =>
      uploadDocument(productId, doc.file, doc.file.name, documentMeta(doc), onProgress),
    );
  }
  return failed;
}

/** The fields a new document is uploaded with: the same whether it is sent now or queued in the outbox. */
export const documentMeta = (doc: NewDocument): DocumentMeta => ({
  title: doc.title.trim() || doc.file.name,
  titleEn: doc.titleEn.trim(),
  description: doc.description,
});
