// Read-only listing view (/admin/annonces/{id}/view) with its documents and their upload area.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatPrice } from '@app/domain/products';
import { POWER_LABELS } from '@app/domain/power';
import { errorText } from '../../lib/api.ts';
import { isOnline } from '../../lib/online.ts';
import { fill, useAdminLang, useT } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { db } from '../../db/db.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Icon } from '../../components/icons.tsx';
import { BackLink } from '../../components/icon-button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ErrorState } from '../../components/states.tsx';
import { deleteDocument, documentDownloadUrl, fetchListing } from './api.ts';
import { onPlainClick, openDocument } from '../../lib/document-file.ts';
import { DocumentsUpload } from './documents-upload.tsx';
import { removeListing, titleIn } from './listing-actions.ts';

export default function ListingViewPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const all = useT();
  const t = all.listingView;
  const lang = useAdminLang();
  const [state, setState] = useState<'loading' | 'ready' | 'error' | 'missing'>('loading');
  const [confirm, setConfirm] = useState(false);
  const [adding, setAdding] = useState(false);
  const product = useLiveQuery(() => db.products.get(id), [id]);
  const images = useLiveQuery(() => db.productImages.where('productId').equals(id).sortBy('position'), [id]) ?? [];
  const documents = useLiveQuery(() => db.productDocuments.where('productId').equals(id).toArray(), [id]) ?? [];

  const reload = () =>
    fetchListing(id).then(
      () => setState('ready'),
      (e) => setState((e as { status?: number }).status === 404 ? 'missing' : 'error'),
    );
  useEffect(() => {
    if (isOnline() && id > 0) void reload();
    else setState('ready');
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps

  if (state === 'missing') return <Missing />;
  if (!product) return state === 'error' ? <LoadFailed onRetry={() => void reload()} /> : state === 'loading' ? <Spinner /> : <Missing />;
  const p = product;
  const dims = [p.length, p.width, p.height];

  return (
    <article className="page" aria-labelledby="view-title">
      <div className="page-header">
        <h1 id="view-title">
          <BackLink to="/annonces" label={t.back} /> {titleIn(p, lang)} {p.featured ? <Icon name="star" title={t.featured} /> : null}
        </h1>
        <div className="actions">
          <Link className="btn" to={`/annonces/${p.id}/edit`}>
            <Icon name="edit" /> {t.edit}
          </Link>
          <button type="button" className="btn btn-danger" onClick={() => setConfirm(true)}>
            <Icon name="trash" /> {t.delete}
          </button>
        </div>
      </div>

      <section className="card" aria-labelledby="v-images">
        <h2 id="v-images">{t.images}</h2>
        {images.length ? (
          <ul className="image-grid">
            {images.map((img) => (
              <li key={img.id} className="image-tile">
                <img src={img.thumbnailUrl || img.url} alt={img.alt} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t.noImages}</p>
        )}
      </section>

      <div className="grid grid-2" style={{ marginTop: '1rem' }}>
        <section className="card" aria-labelledby="v-general">
          <h2 id="v-general">{t.general}</h2>
          <dl className="dl">
            <dt>{t.titleFr}</dt>
            <dd>{p.titleFr}</dd>
            <dt>{t.titleEn}</dt>
            <dd>{p.titleEn}</dd>
            <dt>{t.brand}</dt>
            <dd>{p.brand}</dd>
            <dt>{t.model}</dt>
            <dd>{p.model}</dd>
            <dt>{t.type}</dt>
            <dd>{p.type === 'generator' ? t.generator : t.engine}</dd>
            <dt>{t.status}</dt>
            <dd>{p.featured ? t.featured : t.standard}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="v-specs">
          <h2 id="v-specs">{t.technical}</h2>
          <dl className="dl">
            <dt>{t.power}</dt>
            <dd>
              {p.powerOutput} {POWER_LABELS[p.powerUnit]?.[lang] ?? p.powerUnit}
              {p.powerUnit !== 'kw' ? ` (${p.powerKw} kW)` : ''}
            </dd>
            <dt>{t.fuel}</dt>
            <dd>{p.fuelType}</dd>
            {p.type === 'generator' && p.voltage ? (
              <>
                <dt>{t.voltage}</dt>
                <dd>{p.voltage}</dd>
              </>
            ) : null}
            {p.type === 'generator' && p.phase ? (
              <>
                <dt>{t.phase}</dt>
                <dd>{p.phase}</dd>
              </>
            ) : null}
            <dt>{t.weight}</dt>
            <dd>{p.weight} kg</dd>
            <dt>{t.price}</dt>
            <dd>{p.price ? formatPrice(p.price, lang) : t.priceOnRequest}</dd>
          </dl>
          {dims.some((d) => d) ? (
            <>
              <h3>{t.dimensions}</h3>
              <dl className="dl">
                <dt>{t.length}</dt>
                <dd>{p.length ? `${p.length} mm` : '—'}</dd>
                <dt>{t.width}</dt>
                <dd>{p.width ? `${p.width} mm` : '—'}</dd>
                <dt>{t.height}</dt>
                <dd>{p.height ? `${p.height} mm` : '—'}</dd>
              </dl>
            </>
          ) : null}
        </section>
      </div>

      <section className="card" style={{ marginTop: '1rem' }} aria-labelledby="v-desc">
        <h2 id="v-desc">{t.descriptions}</h2>
        <h3>{t.french}</h3>
        <p style={{ whiteSpace: 'pre-line' }}>{p.descriptionFr}</p>
        <h3>{t.english}</h3>
        <p style={{ whiteSpace: 'pre-line' }}>{p.descriptionEn}</p>
      </section>

      <section className="card" style={{ marginTop: '1rem' }} aria-labelledby="v-docs">
        <div className="page-header">
          <h2 id="v-docs">{t.documents}</h2>
          <button type="button" className="btn" onClick={() => setAdding(true)} disabled={adding}>
            <Icon name="plus" /> {t.add}
          </button>
        </div>
        {adding ? (
          <DocumentsUpload productId={p.id} onDone={() => (setAdding(false), void reload())} onCancel={() => setAdding(false)} />
        ) : null}
        {documents.length === 0 ? (
          <p className="muted">{t.noDocuments}</p>
        ) : (
          <ul className="upload-list">
            {documents.map((d) => (
              <li key={d.id} className="upload-item">
                <span>{d.title}</span>
                <span className="muted">{d.type}</span>
                <a
                  href={documentDownloadUrl(p.id, d.id)}
                  target="_blank"
                  rel="noopener"
                  onClick={onPlainClick(() => openDocument(documentDownloadUrl(p.id, d.id)))}
                >
                  <Icon name="download" /> {t.download}
                </a>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={fill(t.deleteDocument, { title: d.title })}
                  onClick={async () => {
                    try {
                      await deleteDocument(p.id, d.id);
                      await db.productDocuments.delete(d.id);
                      toast.success(t.documentDeleted);
                    } catch (e) {
                      toast.error(all.toasts.deleteTitle, errorText(e, all.toasts.deleteFallback));
                    }
                  }}
                >
                  <Icon name="trash" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={confirm}
        title={t.deleteTitle}
        onClose={() => setConfirm(false)}
        onConfirm={async () => {
          await removeListing(p);
          navigate('/annonces');
        }}
      >
        <p>{fill(t.deleteConfirm, { title: titleIn(p, lang) })}</p>
      </ConfirmDialog>
    </article>
  );
}

function BackToList() {
  return (
    <Link className="btn" to="/annonces">
      <Icon name="back" /> {useT().states.backToList}
    </Link>
  );
}

/** 'Erreur de chargement' with a back-to-list button (spec, listing view) and Retry. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="page">
      <ErrorState message={useT().states.listingLoadError} onRetry={onRetry} action={<BackToList />} />
    </section>
  );
}

function Missing() {
  return (
    <section className="page">
      <h1>{useT().states.listingMissing}</h1>
      <BackToList />
    </section>
  );
}
