// The SQL of the listing search that only SQLite speaks, in one place per engine (docs/decisions/083):
// FTS5 `match`, the accent-folding fold() function (registered on the connection by @app/db), `collate nocase`, the `+column` index hints and the
// change marker behind the facet cache and the one-listing text probe. PostgreSQL's versions are in
// search-sql-postgres.ts (docs/decisions/084).
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { exec, row, schema, type Db } from '@app/db';
import { postgresChangeMarker, postgresChangeMarkerColumn, postgresSearchSql, postgresTextProbe } from './search-sql-postgres.ts';

const p = schema.products;

export const searchSql = (db: Db) => {
  if (db.$engine === 'postgres') return postgresSearchSql;
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

/**
 * A marker that changes when another connection commits (a seed, a backup restore, another instance on
 * PostgreSQL): this process's own listing writes keep the facet cache up to date instead
 * (catalogue-facets.ts), and its other writes (sessions, messages) do not touch the facets.
 */
export async function changeMarker(db: Db): Promise<string> {
  if (db.$engine === 'postgres') return postgresChangeMarker(db);
  const marker = await row<{ v: number }>(db, sql`select data_version as v from pragma_data_version`);
  return String(marker?.v);
}

/**
 * changeMarker() as a column, `changeMarker`, of a statement read anyway: on PostgreSQL that saves a round
 * trip per search page. undefined on SQLite, whose marker is a pragma read without leaving the process.
 */
export const changeMarkerColumn = (db: Db): SQL | undefined => (db.$engine === 'postgres' ? postgresChangeMarkerColumn : undefined);

export type ListingTexts = Pick<typeof p.$inferSelect, 'titleFr' | 'titleEn' | 'descriptionFr' | 'descriptionEn' | 'brand' | 'model'>;
let probes = 0;

/**
 * Tells whether one listing's texts match full-text queries, without asking the catalogue's index (a
 * prefix query there costs as much as its whole match set, ~9 ms at 100,000 listings): the texts go into
 * a one-row FTS5 table of this connection, declared like products_fts (its SQL is read from the schema,
 * so the tokenizer is the same), and each query is asked of that row. PostgreSQL asks the listing's own
 * search vector (`id`). undefined when the probe cannot be made.
 */
export async function listingTextProbe(
  db: Db,
  id: number,
  texts: ListingTexts,
): Promise<{ matches(query: string): Promise<boolean>; close(): Promise<void> } | undefined> {
  if (db.$engine === 'postgres') return postgresTextProbe(db, id);
  const declared = await row<{ sql: string }>(db, sql`select sql from sqlite_master where name = 'products_fts'`);
  const probe = declared?.sql
    .replace(/^CREATE VIRTUAL TABLE [`"]?products_fts[`"]?/i, 'CREATE VIRTUAL TABLE IF NOT EXISTS temp.listing_probe')
    .replace(/content(?:_rowid)?\s*=\s*'[^']*'\s*,\s*/gi, '');
  if (!probe?.startsWith('CREATE VIRTUAL TABLE IF NOT EXISTS temp.listing_probe') || /content/i.test(probe)) return undefined;
  await exec(db, sql.raw(probe));
  // A rowid per probe: two writes placing listings at once do not share a row.
  const rowid = ++probes;
  const t = texts;
  await exec(
    db,
    sql`insert into temp.listing_probe(rowid, title_fr, title_en, description_fr, description_en, brand, model) values (${rowid}, ${t.titleFr}, ${t.titleEn}, ${t.descriptionFr}, ${t.descriptionEn}, ${t.brand}, ${t.model})`,
  );
  return {
    matches: async (query) =>
      (await row(db, sql`select 1 as m from temp.listing_probe where listing_probe match ${query} and rowid = ${rowid}`)) !== undefined,
    close: async () => void (await exec(db, sql`delete from temp.listing_probe where rowid = ${rowid}`)),
  };
}
