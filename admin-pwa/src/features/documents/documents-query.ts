// The technical document list's query (back-office section 4): defaults page 1, limit 20, search
// empty, type all, sorted by createdAt DESC; the sort toggle rule; any filter change back to page 1.
import { TECHNICAL_PAGE_SIZES, type TechnicalDocument } from '@app/domain/documents';

export type DocType = 'all' | 'pdf' | 'image' | 'video';
export type SortBy = 'createdAt' | 'title' | 'downloadCount';
export type DocumentsQuery = { page: number; limit: number; search: string; type: DocType; sortBy: SortBy; sortOrder: 'ASC' | 'DESC' };

export const PAGE_SIZES = TECHNICAL_PAGE_SIZES;
export const DEFAULT_QUERY: DocumentsQuery = { page: 1, limit: 20, search: '', type: 'all', sortBy: 'createdAt', sortOrder: 'DESC' };

/** Same column again: ASC and DESC alternate; another column: starts ASC. */
export function toggleSort(q: DocumentsQuery, column: SortBy): DocumentsQuery {
  const sortOrder = q.sortBy === column ? (q.sortOrder === 'ASC' ? 'DESC' : 'ASC') : 'ASC';
  return { ...q, sortBy: column, sortOrder };
}

/** Search, type and page size are filters: changing one goes back to page 1. */
export function withFilter(q: DocumentsQuery, change: Partial<Pick<DocumentsQuery, 'search' | 'type' | 'limit'>>): DocumentsQuery {
  return { ...q, ...change, page: 1 };
}

/** 'Affichage de x à y sur n documents', from the dictionary's text with {from}, {to} and {total}. */
export function rangeText(text: string, page: number, limit: number, total: number): string {
  const from = total ? (page - 1) * limit + 1 : 0;
  const to = Math.min(page * limit, total);
  return text.replace('{from}', String(from)).replace('{to}', String(to)).replace('{total}', String(total));
}

/** Offline, a query never fetched is answered from the documents stored locally. */
export function localQuery(all: readonly TechnicalDocument[], q: DocumentsQuery): { documents: TechnicalDocument[]; total: number } {
  const needle = q.search.trim().toLowerCase();
  const matches = all.filter(
    (d) =>
      (q.type === 'all' || d.type === q.type) &&
      (!needle || [d.title, d.titleFr, d.titleEn, d.descriptionFr, d.descriptionEn].some((f) => f?.toLowerCase().includes(needle))),
  );
  const dir = q.sortOrder === 'ASC' ? 1 : -1;
  const key = (d: TechnicalDocument) =>
    q.sortBy === 'title' ? d.title.toLowerCase() : q.sortBy === 'downloadCount' ? d.downloadCount : d.createdAt;
  matches.sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : (a.id - b.id) * dir));
  return { documents: matches.slice((q.page - 1) * q.limit, q.page * q.limit), total: matches.length };
}
