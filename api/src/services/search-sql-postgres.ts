// PostgreSQL's side of the listing search SQL (the SQLite side is FTS5 in search-sql.ts; docs/decisions/084).
// The same behaviour: case- and accent-insensitive prefix matching over both titles, both descriptions,
// brand and model, every term required. The folded words are in products.search_vector, a generated
// tsvector with a GIN index, and app_fold() folds the query the same way (migrations-pg/0001_search.sql).
import { Column, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tables } from '@app/db';

/**
 * The FTS5 query of ftsQuery() (`"term"* "x"`: quoted letters and digits only, a one-letter term exact) as a
 * tsquery text: `term:* & x`. Folded by app_fold() in SQL, so accents and case match the indexed words.
 */
export function tsQueryText(ftsQuery: string): string {
  return [...ftsQuery.matchAll(/"([\p{L}\p{N}]+)"(\*?)/gu)].map(([, term, prefix]) => `${term}${prefix ? ':*' : ''}`).join(' & ');
}

const notNull = (column: SQLWrapper) => column instanceof Column && column.notNull;

/** PostgreSQL's search SQL over the listing table of a handle (search-sql.ts builds it once per handle). */
export const postgresSearchSql = (p: Tables['products']) => {
  const match = (query: string): SQL => sql`${p}.search_vector @@ to_tsquery('simple', app_fold(${tsQueryText(query)}))`;
  return {
    match,
    // The vector is on the listing row, so the filter on rows read in another order is the match itself.
    matchFilter: match,
    // The vector is a column of the listing table itself: no join.
    from: (_query: string | null): SQL => sql`from ${p}`,
    sameText: (column: SQL | typeof p.brand, value: string): SQL => sql`lower(${column}) = lower(${value})`,
    // PostgreSQL's planner costs the sort's index without a hint (and `+text` is not valid there).
    unindexed: (column: typeof p.type | typeof p.condition): SQL => sql`${column}`,
    // Nulls sort as SQLite sorts them (first going up, last going down), where PostgreSQL's default is the
    // reverse: a price on request must fall where it does on SQLite. products_price_*_idx are built to match.
    // A column declared not null keeps PostgreSQL's default, which its plain index serves in both directions:
    // `created_at desc nulls last` cannot read products_created_idx backwards, so the newest-first page sorted
    // the whole catalogue (90–170 ms at 100,000 listings in the bench, against 3 ms on SQLite).
    asc: (column: SQLWrapper): SQL => (notNull(column) ? sql`${column} asc` : sql`${column} asc nulls first`),
    desc: (column: SQLWrapper): SQL => (notNull(column) ? sql`${column} desc` : sql`${column} desc nulls last`),
    // Byte order of the folded text, as SQLite's fold() under BINARY; the same expression as products_name_*_idx.
    folded: (column: typeof p.titleFr | typeof p.titleEn): SQL => sql`app_fold(${column}) collate "C"`,
    // Written into the text, not bound: with `limit $1` the generic plan cannot know how few rows are read, so
    // PostgreSQL planned the listings page anew at every call (~0.3 ms of its ~0.45 ms). A listings page has no
    // other parameter, so its named statement is planned once per connection.
    window: (limit: number, offset: number): SQL => sql.raw(`limit ${wholeNumber(limit)} offset ${wholeNumber(offset)}`),
  };
};

function wholeNumber(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a row count: ${n}`);
  return n;
}
