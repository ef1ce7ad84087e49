// The listings page (public-site section 2): count, search, collapsible filters, clear button,
// skeletons, error with Retry, empty state, grid and pagination. The state lives in the URL; the
// server renders the first page, so everything also works as plain links and GET forms.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Lang } from '@app/domain/lang';
import { countLabel, fill } from '@app/domain/i18n/index';
import { islandTexts } from '../lib/island-texts.ts';
import {
  EMPTY_FILTERS,
  SORT_OPTIONS,
  filtersToSearch,
  hasActiveFilters,
  parseFilters,
  sortValue,
  type ListingFilters,
} from '@app/domain/site-filters';
import ProductGrid from '../components/ProductGrid.tsx';
import { EmptyState, ErrorState, LoadingState } from '../components/States.tsx';
import type { ListingsPage } from '../lib/catalogue.server.ts';
import { renderedByReact } from '../lib/react-component.ts';
import { readIslandData, type IslandData } from '../lib/island-data.ts';
import { unpackListingsStart, type PackedListingsStart } from '../lib/listings-start.ts';

/**
 * Where the island starts (site/src/lib/listings-start.ts): the URL's filters and their first page of results
 * (null: they could not be read). The page's cards are not in it: they come as the island's children, the HTML
 * the server wrote once, and `cards` says how many there are.
 */
type Props = {
  lang: Lang;
  /** The listings page's path in the page's language ('/annonces', '/en/annonces'); product pages sit beside it. */
  basePath: string;
  start: IslandData<PackedListingsStart>;
  /** The first page's grid of cards, as the server rendered it (absent when it has none). */
  children?: ReactNode;
};
type Status = 'loaded' | 'loading' | 'error';

const SKELETONS = 6;

export default function ListingsBrowser({ lang, basePath, start, children }: Props) {
  const { listings: t, states: s, card } = islandTexts(lang);
  const [{ filters: initialFilters, page: initial, cards }] = useState(() => unpackListingsStart(readIslandData(start)));
  const productBase = `${basePath.slice(0, basePath.lastIndexOf('/'))}/produit/`;
  // The server's cards stay on screen until the island loads results of its own.
  const [served, setServed] = useState(cards > 0);
  const [filters, setFilters] = useState(initialFilters);
  const [data, setData] = useState<ListingsPage | null>(initial);
  const [status, setStatus] = useState<Status>(initial ? 'loaded' : 'error');
  const request = useRef(0);
  // The panel stays as the visitor left it while the form re-renders with new results.
  const [panelOpen, setPanelOpen] = useState(hasActiveFilters(initialFilters));

  async function load(next: ListingFilters) {
    const id = ++request.current;
    setServed(false);
    setStatus('loading');
    try {
      const qs = filtersToSearch(next);
      const res = await fetch(`/site-data/listings${qs ? `${qs}&` : '?'}hl=${lang}`);
      if (!res.ok) throw new Error(String(res.status));
      const body = (await res.json()) as ListingsPage;
      if (id !== request.current) return;
      setData(body);
      setStatus('loaded');
    } catch {
      if (id === request.current) setStatus('error');
    }
  }

  function go(next: ListingFilters) {
    setFilters(next);
    history.pushState(null, '', `${basePath}${filtersToSearch(next)}`);
    void load(next);
  }

  useEffect(() => {
    const onPop = () => {
      const next = parseFilters(new URLSearchParams(location.search));
      setFilters(next);
      void load(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
    // Registered once: load() reads only refs, state setters and the page's fixed language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    for (const [k, v] of form) if (typeof v === 'string') params.set(k, v);
    go({ ...parseFilters(params), page: 1 });
  }

  const active = hasActiveFilters(filters);
  const reset = () => go({ ...EMPTY_FILTERS, sort: filters.sort, order: filters.order });
  // Counts describe the results on screen: hidden while a new page of results is on its way.
  const facets = status === 'loaded' ? data?.facets : undefined;
  const pageHref = (page: number) => `${basePath}${filtersToSearch({ ...filters, page })}`;
  const formKey = filtersToSearch({ ...filters, page: 1 });

  return (
    <div>
      <h1>
        {t.title}
        {data && status !== 'error' ? (
          <span className="muted">{` – ${countLabel(lang, data.total, { one: t.countOne, other: t.countOther })}`}</span>
        ) : null}
      </h1>
      <form key={formKey} method="get" action={basePath} onSubmit={submit} role="search">
        <div className="listing-tools">
          <div className="search-row">
            <label className="visually-hidden" htmlFor="listing-search">
              {t.searchLabel}
            </label>
            <input id="listing-search" type="search" name="search" defaultValue={unset(filters.search)} placeholder={t.searchPlaceholder} />
            <button className="btn" type="submit">
              {t.searchButton}
            </button>
          </div>
          <div className="field field-inline">
            <label htmlFor="f-sort">{t.sort}</label>
            <select
              id="f-sort"
              name="sort"
              defaultValue={sortValue(filters.sort, filters.order)}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              {SORT_OPTIONS.map(([sort, order]) => (
                <option key={`${sort}-${order}`} value={sortValue(sort, order)}>
                  {t.sorts[`${sort}-${order}`]}
                </option>
              ))}
            </select>
          </div>
          {active && (
            <a className="btn btn-outline" href={basePath} onClick={(e) => (e.preventDefault(), reset())}>
              {t.clear}
            </a>
          )}
        </div>
        <details className="filters" open={panelOpen} onToggle={(e) => setPanelOpen(e.currentTarget.open)}>
          <summary>{t.filters}</summary>
          <div className="filters-grid">
            <Select
              id="f-condition"
              name="condition"
              label={t.condition}
              value={filters.condition}
              options={[
                ['', t.conditionAll],
                ...counted(
                  [
                    ['new', t.conditionNew],
                    ['used', t.conditionUsed],
                  ],
                  facets?.conditions,
                  t.optionCount,
                ),
              ]}
            />
            <Select
              id="f-type"
              name="type"
              label={t.type}
              value={filters.type}
              options={[
                ['', t.typeAll],
                ...counted(
                  [
                    ['marine', t.typeMarine],
                    ['generator', t.typeGenerator],
                  ],
                  facets?.types,
                  t.optionCount,
                ),
              ]}
            />
            <Select
              id="f-brand"
              name="brand"
              label={t.brand}
              value={filters.brand}
              options={[
                ['', t.brandAll],
                ...counted(
                  uniq([...(data?.brands ?? []), filters.brand]).map((b) => [b, b] as [string, string]),
                  facets?.brands,
                  t.optionCount,
                ),
              ]}
            />
            <fieldset className="range">
              <legend>{t.price}</legend>
              <NumberField id="f-min-price" name="minPrice" label={t.minPrice} value={filters.minPrice} />
              <NumberField id="f-max-price" name="maxPrice" label={t.maxPrice} value={filters.maxPrice} />
            </fieldset>
            <fieldset className="range">
              <legend>{t.power}</legend>
              <NumberField id="f-min-power" name="minPower" label={t.minPower} value={filters.minPower} />
              <NumberField id="f-max-power" name="maxPower" label={t.maxPower} value={filters.maxPower} />
            </fieldset>
            <div className="filters-actions">
              <button className="btn" type="submit">
                {t.apply}
              </button>
            </div>
          </div>
        </details>
      </form>

      {status === 'loading' && (
        <LoadingState label={s.loadingListings}>
          <ul className="grid" aria-hidden="true" data-testid="skeletons">
            {Array.from({ length: SKELETONS }, (_, i) => (
              <li key={i} className="card skeleton">
                <div className="card-media" />
                <div className="card-body">
                  <div className="skeleton-line" />
                  <div className="skeleton-line" />
                </div>
              </li>
            ))}
          </ul>
        </LoadingState>
      )}
      {status === 'error' && <ErrorState message={t.error} retry={{ label: t.retry, onClick: () => void load(filters) }} />}
      {status === 'loaded' && served && children}
      {status === 'loaded' && !served && data && data.items.length === 0 && (
        <EmptyState
          title={t.emptyTitle}
          text={t.emptyText}
          action={active ? { label: s.resetFilters, href: basePath, onClick: reset } : undefined}
        />
      )}
      {status === 'loaded' && data && (served || data.items.length > 0) && (
        <>
          {!served && (
            <ProductGrid
              lang={lang}
              listings={data.items}
              productBase={productBase}
              t={card}
              className="grid"
              testId="listing-grid"
              eager={2}
              headingLevel={2}
            />
          )}
          {data.pages > 1 && (
            <nav className="pagination" aria-label={fill(t.pageOf, { page: data.page, pages: data.pages })}>
              {data.page > 1 && (
                <a
                  className="btn btn-outline"
                  href={pageHref(data.page - 1)}
                  onClick={(e) => (e.preventDefault(), go({ ...filters, page: data.page - 1 }))}
                >
                  {t.previous}
                </a>
              )}
              <span>{fill(t.pageOf, { page: data.page, pages: data.pages })}</span>
              {data.page < data.pages && (
                <a
                  className="btn btn-outline"
                  href={pageHref(data.page + 1)}
                  onClick={(e) => (e.preventDefault(), go({ ...filters, page: data.page + 1 }))}
                >
                  {t.next}
                </a>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}

type Option = [value: string, text: string, disabled?: boolean];

/**
 * Adds each choice's result count ('Neuf (3)'); a choice that would give nothing stays listed but
 * disabled. Facet values compare without case, as the API filters brands.
 */
function counted(options: [string, string][], facet: { value: string; count: number }[] | undefined, format: string): Option[] {
  if (!facet) return options;
  const counts = new Map(facet.map((f) => [f.value.toLowerCase(), f.count]));
  return options.map(([value, text]) => {
    const count = counts.get(value.toLowerCase()) ?? 0;
    return [value, fill(format, { label: text, count }), count === 0];
  });
}

/**
 * An empty field's default left unwritten: an input starts empty and a select on its first choice (the empty
 * one) anyway, and the page is smaller without `value=""` and `selected=""` on every field.
 */
const unset = (value: string) => value || undefined;

const uniq = (values: string[]) => [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b));

function Select({ id, name, label, value, options }: { id: string; name: string; label: string; value: string; options: Option[] }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={unset(value)} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
        {options.map(([v, text, disabled]) => (
          <option key={v} value={v} disabled={disabled && v !== value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function NumberField({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="number" min="0" step="any" inputMode="decimal" defaultValue={unset(value)} />
    </div>
  );
}

if (import.meta.env.SSR) renderedByReact(ListingsBrowser);
