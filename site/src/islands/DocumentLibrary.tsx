// Public technical documentation (public-site section 2): search (button or Enter), 3-column grid,
// 'Page X of Y' pagination when there is more than one page, spinner, empty and error states.
import { useState, type FormEvent } from 'react';
import type { Lang } from '@app/domain/lang';
import { fill } from '@app/domain/i18n/index';
import { islandTexts } from '../lib/island-texts.ts';
import type { DocumentsPage } from '../lib/catalogue.server.ts';
import { toast } from './toast.ts';
import { EmptyState, ErrorState, LoadingState } from '../components/States.tsx';
import { DocumentActions } from '../components/DocumentActions.tsx';
import { renderedByReact } from '../lib/react-component.ts';
import { readIslandData, type IslandData } from '../lib/island-data.ts';
import { statusText } from '../lib/upstream-status.ts';

/** Where the island starts: the URL's search, its first page (null: it could not be read) and then the upstream status. */
export type DocumentsStart = { search: string; page: DocumentsPage | null; failedStatus?: number | undefined };
type Props = { lang: Lang; basePath: string; start: IslandData<DocumentsStart> };
type Status = 'loaded' | 'loading' | 'error';

const query = (search: string, page: number) => {
  const p = new URLSearchParams();
  if (search) p.set('search', search);
  if (page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '';
};

export default function DocumentLibrary({ lang, basePath, start }: Props) {
  const { docs: t, states: st } = islandTexts(lang);
  const [{ search: initialSearch, page: initial, failedStatus: initialStatus }] = useState(() => readIslandData(start));
  const [search, setSearch] = useState(initialSearch);
  const [data, setData] = useState(initial);
  const [status, setStatus] = useState<Status>(initial ? 'loaded' : 'error');
  const [failure, setFailure] = useState(() => statusText(initialStatus ?? 502));
  const [current, setCurrent] = useState({ search: initialSearch, page: initial?.page ?? 1 });

  async function load(s: string, page: number) {
    setStatus('loading');
    setCurrent({ search: s, page });
    history.replaceState(null, '', `${basePath}${query(s, page)}`);
    // The answer's status text, or words of the visitor's language when no answer came.
    let why: string;
    try {
      const res = await fetch(`/site-data/documents${query(s, page) || '?'}${query(s, page) ? '&' : ''}hl=${lang}`);
      if (res.ok) {
        setData((await res.json()) as DocumentsPage);
        setStatus('loaded');
        return;
      }
      why = statusText(res.status, res.statusText);
    } catch {
      why = t.noAnswer;
    }
    setFailure(why);
    setStatus('error');
    toast({ type: 'error', title: fill(t.error, { statusText: why }) });
  }

  const submit = (e: FormEvent) => (e.preventDefault(), void load(search.trim(), 1));
  const pages = data?.totalPages ?? 0;
  const page = data?.page ?? 1;

  return (
    <div>
      <form className="field doc-search" method="get" action={basePath} role="search" onSubmit={submit}>
        <label htmlFor="doc-search">{t.searchLabel}</label>
        <div className="search-row">
          <input id="doc-search" type="search" name="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          <button className="btn" type="submit">
            {t.searchButton}
          </button>
        </div>
      </form>
      {status === 'loading' && <LoadingState label={st.loadingDocuments} />}
      {status === 'error' && (
        <ErrorState
          message={fill(t.error, { statusText: failure })}
          retry={{ label: t.retry, onClick: () => void load(current.search, current.page) }}
        />
      )}
      {status === 'loaded' && data && data.documents.length === 0 && (
        <EmptyState
          title={t.empty}
          action={current.search ? { label: st.clearSearch, href: basePath, onClick: () => (setSearch(''), void load('', 1)) } : undefined}
        />
      )}
      {status === 'loaded' && data && data.documents.length > 0 && (
        <>
          <ul className="grid grid-3" data-testid="document-grid">
            {data.documents.map((d) => (
              <li key={d.id} className="card doc-card">
                <h2>{d.title}</h2>
                {d.description && <p className="muted">{d.description}</p>}
                <p className="card-meta">
                  {d.type.toUpperCase()} · {d.size}
                </p>
                {d.product && <p className="card-meta">{fill(t.linkedProduct, { title: d.product })}</p>}
                <DocumentActions title={d.title} previewUrl={d.previewUrl} downloadUrl={d.downloadUrl} t={t} />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="pagination" aria-label={fill(t.pageOf, { page, pages })}>
              <a
                className="btn btn-outline"
                href={`${basePath}${query(current.search, page - 1)}`}
                aria-disabled={page <= 1 || undefined}
                onClick={(e) => (e.preventDefault(), page > 1 && void load(current.search, page - 1))}
              >
                {t.previous}
              </a>
              <span>{fill(t.pageOf, { page, pages })}</span>
              <a
                className="btn btn-outline"
                href={`${basePath}${query(current.search, page + 1)}`}
                aria-disabled={page >= pages || undefined}
                onClick={(e) => (e.preventDefault(), page < pages && void load(current.search, page + 1))}
              >
                {t.next}
              </a>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

if (import.meta.env.SSR) renderedByReact(DocumentLibrary);
