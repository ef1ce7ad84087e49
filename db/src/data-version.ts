// The version of what public pages show, as announced by the writes that change it, read on every
// page-cache check (cheap, synchronous). Both engines keep a counter row (app_meta 'data_version')
// that such a write bumps, so only an announced change moves a page cache, never a session, a
// rate-limit hit or a contact message (docs/decisions/085).
// SQLite: every instance on the file reads the row with one prepared statement.
// PostgreSQL: the bump also notifies a LISTEN/NOTIFY channel (pg/data-changes.ts).
import { sql } from 'drizzle-orm';
import { exec, type Db } from './database.ts';

// Loaded only for a PostgreSQL handle, when it is first watched or announces (decision 123).
const postgresChanges = () => import('./pg/data-changes.ts');

const COUNTER = `select value from app_meta where key = 'data_version'`;

/** The reader of the version, itself cheap and synchronous (it is read on every page-cache check). */
export async function otherCommitsOf(db: Db): Promise<() => string> {
  if (db.$engine === 'sqlite' && db.$sqlite) {
    const counter = db.$sqlite.prepare<[], string>(COUNTER).pluck();
    return () => counter.get() ?? '0';
  }
  return (await postgresChanges()).watchPostgresChanges(db).current;
}

/** After a write that changed what pages show: tells every instance, this one included. */
export async function announceChange(db: Db): Promise<void> {
  if (db.$engine === 'postgres') await (await postgresChanges()).announcePostgresChange(db);
  // Through the connection's queue, so the bump never joins another request's open transaction.
  else
    await exec(
      db,
      sql`insert into app_meta (key, value) values ('data_version', '1') on conflict (key) do update set value = cast(value as integer) + 1`,
    );
}
