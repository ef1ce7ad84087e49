// Small pieces of SQL that the two engines write differently, for query code that needs them
// (docs/decisions/083, 084): dialectOf(db.$engine).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Engine } from './database.ts';

/** A LIKE pattern matching the text anywhere, with %, _ and \ taken literally (escape '\'). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export function dialectOf(which: Engine) {
  const postgres = which === 'postgres';
  return {
    /** The column holds the text, ignoring case (SQLite's LIKE ignores ASCII case; PostgreSQL needs ILIKE). */
    contains: (column: SQLWrapper, text: string): SQL =>
      postgres ? sql`${column} ilike ${containsPattern(text)} escape '\\'` : sql`${column} like ${containsPattern(text)} escape '\\'`,
    /** The column as a case-blind sort key, in code-point order on both (not the database locale's order). */
    caseless: (column: SQLWrapper): SQL => (postgres ? sql`lower(${column}) collate "C"` : sql`${column} collate nocase`),
    /** The column is one of the ids, in one parameter however many there are (SQLite caps the number of parameters). */
    inIds: (column: SQLWrapper, ids: readonly number[]): SQL =>
      postgres
        ? sql`${column} = any(string_to_array(${ids.join(',')}, ',')::integer[])`
        : sql`${column} in (select value from json_each(${JSON.stringify(ids)}))`,
    /**
     * Makes transactions that read then write the same thing take turns: SQLite already runs one write
     * transaction at a time (BEGIN IMMEDIATE); PostgreSQL's READ COMMITTED does not, so this takes a
     * transaction-scoped advisory lock on the key (null on SQLite: nothing to run).
     */
    serialize: (key: string): SQL | null => (postgres ? sql`select pg_advisory_xact_lock(hashtext(${key}))` : null),
    /** drizzle's table of applied migrations. */
    migrationsTable: postgres ? sql`drizzle.__drizzle_migrations` : sql`__drizzle_migrations`,
  };
}
