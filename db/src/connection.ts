// Opens the SQLite file with the pragmas every connection needs (the async handle wraps it: database.ts).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * The database file is the owner's alone (0600), and so are the WAL and shared-memory files SQLite
 * creates beside it, which take the database file's mode; a folder made for it is 0700.
 */
function ownerOnly(file: string) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600); // a file made by an earlier version, before this rule
}

export function openSqlite(file: string): Database.Database {
  if (file !== ':memory:') ownerOnly(file);
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // A page cache that holds the listing table's hot pages at 100,000 listings (the default, 2 MiB, made a
  // search that looks up a few thousand rows read most of them through the OS again; docs/decisions/077).
  sqlite.pragma('cache_size = -65536');
  // Table statistics let the planner pick between the filter and sort indexes (search, docs/decisions/077):
  // bounded sampling, and only for tables that changed enough since the last analysis (sqlite.org/lang_analyze.html).
  sqlite.pragma('analysis_limit = 0');
  sqlite.pragma('optimize = 0x10002');
  return sqlite;
}
