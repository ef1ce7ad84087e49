// The version of the data other connections committed, read on every page-cache check (cheap, synchronous).
// SQLite: PRAGMA data_version changes when another connection commits to the file. PostgreSQL will count
// LISTEN/NOTIFY messages here, so callers keep one signature.
import type { Db } from './database.ts';

export function otherCommitsOf(db: Db): () => string {
  if (db.$engine === 'sqlite' && db.$sqlite) {
    // Prepared once: pragma() prepares its statement on every call.
    const dataVersion = db.$sqlite.prepare('PRAGMA data_version').pluck();
    return () => String(dataVersion.get());
  }
  throw new Error('The data version is not implemented on PostgreSQL yet');
}
