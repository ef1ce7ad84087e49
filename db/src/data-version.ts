// The version of the data other connections committed, read on every page-cache check (cheap, synchronous).
// SQLite: PRAGMA data_version changes when another connection, in any process, commits to the file.
// PostgreSQL: writes are announced on a LISTEN/NOTIFY channel with a counter row behind it
// (pg/data-changes.ts, docs/decisions/085), so callers keep one signature.
import type { Db } from './database.ts';
import { announcePostgresChange, watchPostgresChanges } from './pg/data-changes.ts';

export function otherCommitsOf(db: Db): () => string {
  if (db.$engine === 'sqlite' && db.$sqlite) {
    // Prepared once: pragma() prepares its statement on every call.
    const dataVersion = db.$sqlite.prepare('PRAGMA data_version').pluck();
    return () => String(dataVersion.get());
  }
  return watchPostgresChanges(db).current;
}

/** After a write that may change what pages show: tells the other instances (SQLite needs nothing). */
export async function announceChange(db: Db): Promise<void> {
  if (db.$engine === 'postgres') await announcePostgresChange(db);
}
