// The SQL of the listing search that only SQLite speaks, in one place per engine (docs/decisions/083):
// FTS5 `match`, the accent-folding fold() function (registered on the connection by @app/db), `collate nocase`
// and the `+column` index hints. PostgreSQL's versions are in search-sql-postgres.ts (docs/decisions/084).
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { tablesOf, type Db, type Tables } from '@app/db';
import { postgresSearchSql } from './search-sql-postgres.ts';

export type SearchSql = ReturnType<typeof postgresSearchSql>;

/** Built once per instance (deps.searchSql): the SQL names the tables the handle holds (tablesOf). */
export const searchSqlOf = (db: Db): SearchSql =>
  db.$engine === 'postgres' ? postgresSearchSql(tablesOf(db).products) : sqliteSearchSql(tablesOf(db).products);

const sqliteSearchSql = (p: Tables['products']): SearchSql => {
  return {
    /** Rows matching the full-text query (FTS5 over both titles, both descriptions, brand and model). */
    match: (query: string): SQL => sql`products_fts match ${query}`,
    /**
     * The same match as a filter on listing rows read in another order: the matching ids are listed once,
     * and `+` keeps that list from driving the query, so the planner walks the sort's index (catalogue-search.ts textPlan).
     */
    matchFilter: (query: string): SQL => sql`+${p.id} in (select rowid from products_fts where products_fts match ${query})`,
    /** The listing table, joined to the full-text index when searching (a join, not a materialised IN list). */
    from: (query: string | null): SQL => (query ? sql`from products_fts cross join ${p} on ${p.id} = products_fts.rowid` : sql`from ${p}`),
    /** Case-insensitive equality. */
    sameText: (column: SQL | typeof p.brand, value: string): SQL => sql`${column} = ${value} collate nocase`,
    /** The column without its index, so the planner walks the sort's index instead (a hint only SQLite needs). */
    unindexed: (column: typeof p.type | typeof p.condition): SQL => sql`+${column}`,
    /** Sort orders: SQLite puts nulls first going up and last going down. */
    asc,
    desc,
    /** Accent- and case-folded text for sorting by name. */
    folded: (column: typeof p.titleFr | typeof p.titleEn): SQL => sql`fold(${column})`,
    /** The page's rows: bound, so every page of a search shares one prepared statement. */
    window: (limit: number, offset: number): SQL => sql`limit ${limit} offset ${offset}`,
  };
};
