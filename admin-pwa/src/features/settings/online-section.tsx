// A section of the 'API' tab (API tokens, webhooks): online only, its records asked from the API
// whenever the app is online and kept in memory, never on this device. Its title, intro, count and
// 'create' button, then the list, or its loading, error or empty state; offline, one line saying so.
import { useId, useState, type ReactNode } from 'react';
import { Icon } from '../../components/icons.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { EmptyState, ErrorState, OfflineState } from '../../components/states.tsx';
import { errorText } from '../../lib/api.ts';
import { countLabel, useAdminLang } from '../../lib/i18n.ts';
import { useOnline } from '../../lib/online.ts';
import { useRefresh, type RefreshState } from '../../lib/use-refresh.ts';

export type Records<T> = RefreshState & {
  items: T[] | null;
  setItems: (change: (items: T[] | null) => T[] | null) => void;
  loadError: string | null;
};

/** The records, asked again each time the app is back online; `loadFailed` reads the current language. */
export function useOnlineRecords<T>(load: () => Promise<T[]>, loadFailed: () => string): Records<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const refresh = useRefresh(
    () => load().then(setItems),
    (e) => setLoadError(errorText(e, loadFailed())),
  );
  return { ...refresh, items, setItems, loadError };
}

type Texts = {
  title: string;
  intro: string;
  offline: string;
  loadFailed: string;
  countOne: string;
  countOther: string;
  create: string;
  empty: string;
  emptyHint: string;
};

type Props<T> = {
  t: Texts;
  className: string;
  records: Records<T>;
  onCreate: () => void;
  /** The list, when there are records. */
  list: (items: T[]) => ReactNode;
  /** The section's dialogs. */
  children: ReactNode;
};

export function OnlineSection<T>({ t, className, records, onCreate, list, children }: Props<T>) {
  const online = useOnline();
  const lang = useAdminLang();
  const titleId = useId();
  const { items, loading, failed, retry, loadError } = records;
  if (!online) return <OfflineState message={t.offline} />;
  const shown = items ?? [];
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 className="tab-title" id={titleId}>
        {t.title}
      </h2>
      <p className="muted token-intro">{t.intro}</p>
      <div className="toolbar">
        <p className="muted count">{countLabel(lang, shown.length, { one: t.countOne, other: t.countOther })}</p>
        <button type="button" className="btn btn-primary" onClick={onCreate}>
          <Icon name="plus" /> {t.create}
        </button>
      </div>
      {items === null && loading ? (
        <ListSkeleton rows={3} />
      ) : failed && items === null ? (
        <ErrorState message={loadError ?? t.loadFailed} onRetry={retry} />
      ) : shown.length ? (
        list(shown)
      ) : (
        <EmptyState title={t.empty} hint={t.emptyHint} />
      )}
      {children}
    </section>
  );
}
