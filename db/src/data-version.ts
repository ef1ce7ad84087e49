// The version of what public pages show, as announced by the writes that change it, read on every
// page-cache check (cheap, synchronous). Both engines keep a counter row (app_meta 'data_version')
// that such a write bumps, so only an announced change moves a page cache, never a session, a
// rate-limit hit or a contact message (docs/decisions/085).
// SQLite: every instance on the file reads the row with one prepared statement.
// PostgreSQL: the bump also notifies a LISTEN/NOTIFY channel (pg/data-changes.ts).
import { sql } from 'drizzle-orm';
import { exec, type Db } from './database.ts';
import { engine } from './engine.ts';

// Loaded only by a PostgreSQL process (open.ts); a handle opened otherwise loads it when it first announces.
let postgres = engine === 'postgres' ? await import('./pg/data-changes.ts') : undefined;

const COUNTER = `select value from app_meta where key = 'data_version'`;

export function otherCommitsOf(db: Db): () => string {
  if (db.$engine === 'sqlite' && db.$sqlite) {
    const counter = db.$sqlite.prepare<[], string>(COUNTER).pluck();
    return () => counter.get() ?? '0';
  }
  if (!postgres) throw new Error('otherCommitsOf: this process runs on SQLite (DATABASE_URL at start)');
  return postgres.watchPostgresChanges(db).current;
}

/** After a write that changed what pages show: tells every instance, this one included. */
export async function announceChange(db: Db): Promise<void> {
  if (db.$engine === 'postgres') await (postgres ??= await import('./pg/data-changes.ts')).announcePostgresChange(db);
  // Through the connection's queue, so the bump never joins another request's open transaction.
  else
    await exec(
      db,
      sql`insert into app_meta (key, value) values ('data_version', '1') on conflict (key) do update set value = cast(value as integer) + 1`,
    );
}
