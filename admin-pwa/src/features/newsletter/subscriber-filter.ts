// Subscriber search and status filter (back-office section 5): case-insensitive substring on the e-mail.
import type { Subscriber, SubscriberStats } from '@app/domain/newsletter';

export type StatusFilter = 'all' | 'active' | 'inactive';

export function filterSubscribers(list: readonly Subscriber[], search: string, status: StatusFilter): Subscriber[] {
  const needle = search.trim().toLowerCase();
  return list.filter(
    (s) => (status === 'all' || s.isActive === (status === 'active')) && (!needle || s.email.toLowerCase().includes(needle)),
  );
}

/** The tiles, from the local list (so they follow changes made offline). */
export function statsOf(list: readonly Subscriber[]): SubscriberStats {
  const active = list.filter((s) => s.isActive).length;
  return { totalSubscribers: list.length, activeSubscribers: active, inactiveSubscribers: list.length - active };
}

/** 'Aucun résultat' when a filter hides everyone, 'Aucun abonné' when there is no one at all. */
/** 'Aucun résultat' when a filter is set, 'Aucun abonné' otherwise (back-office §2). */
export const emptyText = (search: string, status: StatusFilter, t: { noResults: string; noSubscribers: string }) =>
  search.trim() || status !== 'all' ? t.noResults : t.noSubscribers;
