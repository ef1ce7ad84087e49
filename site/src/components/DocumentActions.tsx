// A document's Preview and Download links, on the product page and in the document library.
// data-doc-action and data-doc-error are read by DocumentLinksScript, which reports a failed link.
import { renderedByReact } from '../lib/react-component.ts';

type Texts = { preview: string; download: string; openError: string; downloadError: string };

type Props = { title: string; previewUrl?: string | null; downloadUrl: string; t: Texts };

export function DocumentActions({ title, previewUrl, downloadUrl, t }: Props) {
  // The visible label is the same on every row; the hidden title tells a screen reader which document.
  const which = <span className="visually-hidden"> – {title}</span>;
  return (
    <div className="doc-actions">
      {previewUrl && (
        <a
          className="btn btn-outline btn-small"
          href={previewUrl}
          target="_blank"
          rel="noopener"
          data-doc-action="preview"
          data-doc-error={t.openError}
        >
          {t.preview}
          {which}
        </a>
      )}
      <a className="btn btn-small" href={downloadUrl} download data-doc-action="download" data-doc-error={t.downloadError}>
        {t.download}
        {which}
      </a>
    </div>
  );
}

if (import.meta.env.SSR) renderedByReact(DocumentActions);
