// The SQL of the listing search that only SQLite speaks, in one place per engine (docs/decisions/083):
// FTS5 `match`, the accent-folding fold() function (registered on the connection by @app/db), `collate nocase`, the `+column` index hints and the
// change marker behind the facet cache. PostgreSQL's versions go next to these.
import { sql, type SQL } from 'drizzle-orm';
import { row, schema, type Db } from '@app/db';

const p = schema.products;

function notOnPostgres(what: string): never {
  throw new Error(`${what} is not implemented on PostgreSQL yet`);
}

export const searchSql = (db: Db) => {
  if (db.$engine !== 'sqlite') return notOnPostgres('Search');
  return {
    /** Rows matching the full-text query (FTS5 over both titles, both descriptions, brand and model). */
    match: (query: string): SQL => sql`products_fts match ${query}`,
    /** The listing table, joined to the full-text index when searching (a join, not a materialised IN list). */
    from: (query: string | null): SQL => (query ? sql`from products_fts cross join ${p} on ${p.id} = products_fts.rowid` : sql`from ${p}`),
    /** Case-insensitive equality. */
    sameText: (column: SQL | typeof p.brand, value: string): SQL => sql`${column} = ${value} collate nocase`,
    /** The column without its index, so the planner walks the sort's index instead (a hint only SQLite needs). */
    unindexed: (column: typeof p.type | typeof p.condition): SQL => sql`+${column}`,
    /** Accent- and case-folded text for sorting by name. */
    folded: (column: typeof p.titleFr | typeof p.titleEn): SQL => sql`fold(${column})`,
  };
};

/**
 * A marker that changes whenever the data may have: total_changes() moves with this connection's writes,
 * data_version with other connections' commits (a seed, a backup restore).
 */
export async function changeMarker(db: Db): Promise<string> {
  if (db.$engine !== 'sqlite') return notOnPostgres('The search cache');
  const marker = await row<Record<string, number>>(
    db,
    sql`select total_changes() as t, (select data_version from pragma_data_version) as v`,
  );
  return Object.values(marker ?? {}).join(':');
}
