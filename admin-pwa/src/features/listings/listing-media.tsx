// The form's media: existing images (reorder, cover = first, remove) and new ones (alt text, order),
// existing documents (remove) and new ones (title defaulting to the file name, description).
import { useState } from 'react';
import type { ProductDocument, ProductImage } from '@app/domain/products';
import { formatSize } from '../../lib/format.ts';
import { fill, useT } from '../../lib/i18n.ts';
import { FileDrop } from '../../components/file-drop.tsx';
import { Icon } from '../../components/icons.tsx';
import { FieldError } from '../../components/field.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { reorder, SortableImages, SortableTile } from './sortable-images.tsx';

export type NewImage = { key: string; file: File; alt: string; preview: string };
/** A file to upload with its French title, optional English title (the English pages' one) and description. */
export type NewDocument = { key: string; file: File; title: string; titleEn: string; description: string };

/** Moves item i by delta within the list (keyboard-friendly reordering). */
export function move<T>(list: T[], i: number, delta: number): T[] {
  const j = i + delta;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

let seq = 0;
export const fileKey = (f: File) => `${f.name}-${f.size}-${++seq}`;

/** What both editors take: the files already on the server, the ones added in this form, and errors. */
type MediaProps<Existing, Added> = {
  existing: Existing[];
  onExisting: (list: Existing[]) => void;
  added: Added[];
  onAdded: (list: Added[]) => void;
  onPick: (files: File[]) => void;
  error?: string;
  loadError?: string | null;
};
type ImagesProps = MediaProps<ProductImage, NewImage>;

export function ImagesEditor({ existing, onExisting, added, onAdded, onPick, error, loadError }: ImagesProps) {
  const t = useT().listingMedia;
  const total = existing.length + added.length;
  const ids = [...existing.map((img) => `e${img.id}`), ...added.map((img) => img.key)];
  // Images on the server and new ones are ordered within their own group (new ones go after: the
  // server places an upload last). A drop into the other group is refused and says why.
  const [crossed, setCrossed] = useState(false);
  const onReorder = (from: number, to: number) => {
    const n = existing.length;
    setCrossed(from < n !== to < n);
    if (from < n && to < n) onExisting(reorder(existing, from, to));
    else if (from >= n && to >= n) onAdded(reorder(added, from - n, to - n));
  };
  return (
    <fieldset>
      <legend>{t.images}</legend>
      {loadError ? <p className="form-error">{loadError}</p> : null}
      <SortableImages ids={ids} onReorder={onReorder} label={t.imagesLabel}>
        {existing.map((img, i) => (
          <SortableTile key={`e${img.id}`} id={`e${img.id}`} handleLabel={fill(t.dragImage, { n: i + 1 })}>
            <img src={img.thumbnailUrl || img.url} alt={img.alt || fill(t.image, { n: i + 1 })} />
            {i === 0 ? <StatusBadge tone="accent">{t.cover}</StatusBadge> : null}
            <div className="actions">
              <button
                type="button"
                className="icon-btn"
                aria-label={fill(t.moveImageBefore, { n: i + 1 })}
                disabled={i === 0}
                onClick={() => onExisting(move(existing, i, -1))}
              >
                <Icon name="up" />
              </button>
              <button
                type="button"
                className="icon-btn"
                aria-label={fill(t.moveImageAfter, { n: i + 1 })}
                disabled={i === existing.length - 1}
                onClick={() => onExisting(move(existing, i, 1))}
              >
                <Icon name="down" />
              </button>
              {i > 0 ? (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => onExisting([img, ...existing.filter((x) => x.id !== img.id)])}
                >
                  {t.cover}
                </button>
              ) : null}
              <button
                type="button"
                className="icon-btn"
                aria-label={fill(t.removeImage, { n: i + 1 })}
                onClick={() => onExisting(existing.filter((x) => x.id !== img.id))}
              >
                <Icon name="trash" />
              </button>
            </div>
          </SortableTile>
        ))}
        {added.map((img, i) => {
          const n = existing.length + i + 1;
          return (
            <SortableTile key={img.key} id={img.key} handleLabel={fill(t.dragFile, { name: img.file.name })}>
              <img src={img.preview} alt="" />
              {n === 1 ? <StatusBadge tone="accent">{t.cover}</StatusBadge> : <StatusBadge tone="info">{t.newImage}</StatusBadge>}
              <label className="sr-only" htmlFor={`alt-${img.key}`}>
                {fill(t.altOf, { name: img.file.name })}
              </label>
              <input
                id={`alt-${img.key}`}
                placeholder={t.alt}
                value={img.alt}
                onChange={(e) => onAdded(added.map((x) => (x.key === img.key ? { ...x, alt: e.target.value } : x)))}
              />
              <div className="actions">
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={fill(t.moveFileBefore, { name: img.file.name })}
                  disabled={i === 0}
                  onClick={() => onAdded(move(added, i, -1))}
                >
                  <Icon name="up" />
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={fill(t.moveFileAfter, { name: img.file.name })}
                  disabled={i === added.length - 1}
                  onClick={() => onAdded(move(added, i, 1))}
                >
                  <Icon name="down" />
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={fill(t.removeFile, { name: img.file.name })}
                  onClick={() => onAdded(added.filter((x) => x.key !== img.key))}
                >
                  <Icon name="trash" />
                </button>
              </div>
            </SortableTile>
          );
        })}
      </SortableImages>
      <p className="muted" role="status">
        {crossed ? t.crossGroupMove : null}
      </p>
      {total === 0 ? <p className="muted">{t.noImages}</p> : null}
      <FileDrop label={t.addImages} accept="image/jpeg,image/png,image/webp" onFiles={onPick} hint={t.imagesHint} />
      <FieldError error={error} />
    </fieldset>
  );
}

type DocsProps = MediaProps<ProductDocument, NewDocument>;

export function DocumentsEditor({ existing, onExisting, added, onAdded, onPick, error, loadError }: DocsProps) {
  const t = useT().listingMedia;
  return (
    <fieldset>
      <legend>{t.documents}</legend>
      {loadError ? <p className="form-error">{loadError}</p> : null}
      {existing.length === 0 && added.length === 0 ? <p className="muted">{t.noDocuments}</p> : null}
      <ul className="upload-list">
        {existing.map((d) => (
          <li key={`d${d.id}`} className="upload-item">
            <span>{d.title}</span>
            <span className="muted">{d.type}</span>
            <span className="muted">{formatSize(d.size)}</span>
            <button
              type="button"
              className="icon-btn"
              aria-label={fill(t.removeDocument, { title: d.title })}
              onClick={() => onExisting(existing.filter((x) => x.id !== d.id))}
            >
              <Icon name="trash" />
            </button>
          </li>
        ))}
      </ul>
      {added.map((d) => (
        <div key={d.key} className="card grid grid-2" style={{ marginBottom: '.5rem' }}>
          <div className="field">
            <label htmlFor={`dt-${d.key}`}>{fill(t.documentTitle, { name: d.file.name, size: formatSize(d.file.size) })}</label>
            <input
              id={`dt-${d.key}`}
              value={d.title}
              onChange={(e) => onAdded(added.map((x) => (x.key === d.key ? { ...x, title: e.target.value } : x)))}
            />
          </div>
          <div className="field">
            <label htmlFor={`dte-${d.key}`}>{fill(t.documentTitleEn, { name: d.file.name })}</label>
            <input
              id={`dte-${d.key}`}
              value={d.titleEn}
              onChange={(e) => onAdded(added.map((x) => (x.key === d.key ? { ...x, titleEn: e.target.value } : x)))}
            />
          </div>
          <div className="field">
            <label htmlFor={`dd-${d.key}`}>{t.description}</label>
            <input
              id={`dd-${d.key}`}
              value={d.description}
              onChange={(e) => onAdded(added.map((x) => (x.key === d.key ? { ...x, description: e.target.value } : x)))}
            />
          </div>
          <button type="button" className="btn btn-small" onClick={() => onAdded(added.filter((x) => x.key !== d.key))}>
            {fill(t.removeFile, { name: d.file.name })}
          </button>
        </div>
      ))}
      <FileDrop
        label={t.addDocuments}
        accept=".pdf,.doc,.docx,.txt,.jpg,.jpeg,.png,.gif,.webp,.mp4,.avi,.mov"
        onFiles={onPick}
        hint={t.documentsHint}
      />
      <FieldError error={error} />
    </fieldset>
  );
}

export const newDocument = (file: File): NewDocument => ({ key: fileKey(file), file, title: file.name, titleEn: '', description: '' });
